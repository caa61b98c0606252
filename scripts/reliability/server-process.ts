import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerSpec {
  /** Names the log file; each start appends to it. */
  readonly name: string;
  readonly dataDir: string;
  /** A PostgreSQL URL, or undefined for PGlite in `<dataDir>/db`. */
  readonly databaseUrl: string | undefined;
  readonly logDir: string;
  /**
   * The port, kept across restarts: the public URL is the tokens' issuer, so a server on another
   * port would refuse the tokens signed before the restart.
   */
  readonly port: number;
  /** Extra environment (limits raised for the run, pool size). */
  readonly env?: NodeJS.ProcessEnv;
}

/** One running API process (apps/api/src/main.ts), started in non-production mode without demo data. */
export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Milliseconds from spawn until /readyz answered 200. */
  readonly readyAfterMs: number;
  /** kill -9: the process gets no chance to flush, close or clean up. */
  kill9(): Promise<void>;
  /** SIGTERM: the server's own graceful shutdown (closes the database). */
  stop(): Promise<void>;
}

/** The last lines of a log, for an error message. */
const logTail = (file: string): string => readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');

const exitOf = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * Starts the API the way docs/architecture.md, “The running system” describes (one Node process,
 * `DATA_DIR`, `DATABASE_URL`, `PORT`), directly as `node --import tsx`, so the process killed is
 * the one that holds the database (npx and the tsx CLI would put a parent in between).
 */
export async function startServer(spec: ServerSpec, timeoutMs = 180_000): Promise<ServerProcess> {
  mkdirSync(spec.logDir, { recursive: true });
  const port = spec.port;
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(spec.logDir, `${spec.name}.log`);
  const log = createWriteStream(logFile, { flags: 'a' });
  const startedAt = Date.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: spec.dataDir,
    // The runs send hundreds of requests a second as one or two users from one address: the rate
    // limits (apps/api/src/http/rate-limits.ts, RATE_LIMIT_*) would refuse what is being measured.
    RATE_LIMIT_GRAPHQL_PER_USER: '100000000',
    RATE_LIMIT_GRAPHQL_PER_ADDRESS: '100000000',
    RATE_LIMIT_AUTH_PER_ADDRESS: '100000000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '100000000',
    ...spec.env,
  };
  if (spec.databaseUrl) env.DATABASE_URL = spec.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  log.write(`\n--- start ${new Date().toISOString()} pid ${child.pid} port ${port}\n`);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = exitOf(child);
  const deadline = startedAt + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${spec.name}: the server exited (${child.exitCode ?? child.signalCode}) before it was ready; its log ends:\n${logTail(logFile)}`,
      );
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${spec.name}: /readyz did not answer 200 within ${timeoutMs / 1000} s; its log ends:\n${logTail(logFile)}`,
      );
    }
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const readyAfterMs = Date.now() - startedAt;
  return {
    url,
    pid: child.pid ?? -1,
    readyAfterMs,
    kill9: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
