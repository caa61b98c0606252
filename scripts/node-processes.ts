import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * Child processes of the repository's own runs (scripts/reliability, bench): a free port, a
 * TypeScript entry point started in its own Node process with its output in a log, waiting until it
 * answers HTTP, and stopping it.
 */

export const REPO_ROOT = new URL('../', import.meta.url).pathname;

/**
 * The API's rate limits (apps/api/src/http/rate-limits.ts, RATE_LIMIT_*) lifted: load and
 * reliability runs send hundreds of requests a second as a few users from one address, which the
 * limits would refuse instead of what is being measured.
 */
export const RATE_LIMITS_LIFTED: NodeJS.ProcessEnv = {
  RATE_LIMIT_GRAPHQL_PER_USER: '100000000',
  RATE_LIMIT_GRAPHQL_PER_ADDRESS: '100000000',
  RATE_LIMIT_AUTH_PER_ADDRESS: '100000000',
  RATE_LIMIT_AUTH_PER_ACCOUNT: '100000000',
};

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

export interface Started {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** SIGTERM (the process's own graceful shutdown), SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** kill -9: the process gets no chance to flush, close or clean up. */
  kill9(): Promise<void>;
}

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

const exitOf = (child: ChildProcess): Promise<void> =>
  hasExited(child) ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));

/** The last lines of a log, for an error message. */
const logTail = (file: string): string => readFileSync(file, 'utf8').split('\n').slice(-15).join('\n');

/**
 * Starts a TypeScript entry point directly as `node --import tsx` from the repository root, so the
 * process is the one that runs the entry (npx and the tsx CLI would put a parent in between).
 * stdout and stderr go to `<logDir>/<name>.log`, replaced, or appended to after a start line when
 * `appendLog` is set (a process restarted on the same log).
 */
export function startNode(input: {
  name: string;
  entry: string;
  env: NodeJS.ProcessEnv;
  logDir: string;
  nodeArgs?: readonly string[];
  appendLog?: boolean;
}): Started {
  mkdirSync(input.logDir, { recursive: true });
  const logFile = join(input.logDir, `${input.name}.log`);
  const log = createWriteStream(logFile, { flags: input.appendLog ? 'a' : 'w' });
  const child = spawn(process.execPath, [...(input.nodeArgs ?? []), '--import', 'tsx', input.entry], {
    cwd: REPO_ROOT,
    env: input.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (input.appendLog) {
    const port = input.env.PORT ? ` port ${input.env.PORT}` : '';
    log.write(`\n--- start ${new Date().toISOString()} pid ${child.pid}${port}\n`);
  }
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = exitOf(child);
  return {
    name: input.name,
    child,
    logFile,
    stop: async (graceMs = 10_000) => {
      if (hasExited(child)) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
    kill9: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Resolves when `url` answers 2xx; fails, with the end of the process's log, when the process exits
 * first or `timeoutMs` passes (the process is left running: the caller stops it).
 */
export async function waitForHttp(
  url: string,
  started: Started,
  options: { init?: RequestInit; timeoutMs?: number; intervalMs?: number } = {},
): Promise<void> {
  const { init, timeoutMs = 180_000, intervalMs = 250 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { child } = started;
    if (hasExited(child))
      throw new Error(
        `${started.name}: the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered; its log ends:\n${logTail(started.logFile)}`,
      );
    if (Date.now() > deadline)
      throw new Error(
        `${started.name}: ${url} did not answer within ${timeoutMs / 1000} s; its log ends:\n${logTail(started.logFile)}`,
      );
    const ok = await fetch(url, init).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Runs a command to completion and returns its output (stdout and stderr together). */
export function runCommand(
  command: string,
  args: readonly string[],
  env?: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}
