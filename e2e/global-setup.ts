import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { Api } from './support/api.ts';
import { ARTIFACTS, REPO_ROOT } from './support/config.ts';
import { resolveFixtures, type Fixtures } from './support/fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    fixtures: Fixtures;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitReady(
  url: string,
  server: ChildProcess,
  log: () => string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s:\n${log()}`);
}

/** Builds the web app when needed, starts the server with fresh demo data, finds the fixture ids. */
/** True when dist/index.html exists and every script it loads is there (not half-way through a build). */
function distComplete(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return false;
  const scripts = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(static\/[^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  return scripts.length > 0 && scripts.every((s) => existsSync(join(dist, s)));
}

/** The built web app: built when missing, then copied so a rebuild during the run cannot change it. */
async function webDist(into: string): Promise<string> {
  const dist = join(REPO_ROOT, 'apps/web/dist');
  if (existsSync(join(dist, 'index.html')) && !distComplete(dist)) {
    // Probably a build in progress: give it a moment.
    for (let i = 0; i < 120 && !distComplete(dist); i++) await new Promise((r) => setTimeout(r, 500));
  }
  if (!distComplete(dist)) {
    // Vitest sets NODE_ENV=test, which would make Vite build a development bundle.
    const build = spawnSync('npm', ['run', 'build', '-w', '@rf/web'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0 || !distComplete(dist)) throw new Error('npm run build -w @rf/web failed');
  }
  const copy = join(into, 'web');
  cpSync(dist, copy, { recursive: true });
  if (!distComplete(copy)) throw new Error('apps/web/dist changed while it was copied; run again');
  return copy;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rf-e2e-'));
  let web: string;
  try {
    web = await webDist(dataDir);
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn('npx', ['tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: web,
      PUBLIC_URL: baseURL,
      DEMO: 'true',
      LOG_LEVEL: 'silent',
      // Every browser of the suite signs in from 127.0.0.1, many times a minute: the per-address
      // limits would stop the suite (they have tests of their own, apps/api/src/http/rate-limits.test.ts).
      RATE_LIMIT_GRAPHQL_PER_ADDRESS: '1000000',
      RATE_LIMIT_AUTH_PER_ADDRESS: '1000000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // The server's output, for diagnosis: e2e/artifacts/server.log.
  mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = join(ARTIFACTS, 'server.log');
  writeFileSync(
    logFile,
    `${new Date().toISOString()} npx tsx apps/api/src/main.ts on ${baseURL}, DATA_DIR ${dataDir}\n`,
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    appendFileSync(logFile, chunk);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  let stopping = false;
  server.on('exit', (code, signal) => {
    appendFileSync(logFile, `${new Date().toISOString()} server exited: code ${code}, signal ${signal}\n`);
    if (!stopping)
      console.error(
        `[e2e] The server exited during the run (code ${code}, signal ${signal}); see ${logFile}`,
      );
  });

  const stop = async (): Promise<void> => {
    stopping = true;
    if (server.exitCode === null && server.pid) {
      const exited = new Promise((r) => server.once('exit', r));
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (server.pid) process.kill(-server.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitReady(baseURL, server, () => output);
    const fixtures = await resolveFixtures(new Api(baseURL));
    project.provide('baseURL', baseURL);
    project.provide('fixtures', fixtures);
  } catch (e) {
    // A request that kills the server shows up here as "fetch failed": say what happened to it.
    await new Promise((r) => setTimeout(r, 1_000));
    const died = server.exitCode !== null || server.signalCode !== null || /FATAL ERROR/.test(output);
    await stop();
    if (!died) throw e;
    const tail = output
      .split('\n')
      .filter((l) => !/^\s*\d+: 0x/.test(l))
      .slice(-25)
      .join('\n');
    throw new Error(`The server died while the fixtures were read (${String(e)}). Its last output:\n${tail}`);
  }
  return stop;
}
