import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Round } from './load.ts';
import { runCommand } from '../../scripts/node-processes.ts';

/** pgbench from PATH or from the PostgreSQL installation. */
export function findPgbench(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pgbench'))) return join(dir, 'pgbench');
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const version of readdirSync(root).sort().reverse()) {
      const path = join(root, version, 'bin', 'pgbench');
      if (existsSync(path)) return path;
    }
  }
  throw new Error('pgbench not found (install postgresql-client or put it on PATH)');
}

function connectionArgs(url: string): string[] {
  const u = new URL(url);
  return [
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    ...(u.username ? ['-U', decodeURIComponent(u.username)] : []),
    decodeURIComponent(u.pathname.slice(1)),
  ];
}

/**
 * Runs the statements with pgbench in prepared mode: one script per statement (pgbench picks one at
 * random for each transaction, so the ids vary like in the HTTP runs), `clients` clients on two
 * threads; latency percentiles come from the per-transaction log. Returns a function that runs one
 * round of the given length.
 */
export function pgbenchRunner(input: {
  url: string;
  statements: readonly string[];
  dir: string;
  clients: number;
}): (seconds: number) => Promise<Round> {
  const pgbench = findPgbench();
  rmSync(input.dir, { recursive: true, force: true });
  mkdirSync(input.dir, { recursive: true });
  // pgbench accepts at most 128 scripts.
  const scripts = input.statements.slice(0, 100).map((sql, i) => {
    const file = join(input.dir, `q${i}.sql`);
    writeFileSync(file, `${sql};\n`);
    return ['-f', `${file}@1`];
  });
  const base = ['-n', '-M', 'prepared', '-c', String(input.clients), '-j', '2', ...scripts.flat()];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(new URL(input.url).password) };
  let round = 0;
  return async (seconds) => {
    const logDir = join(input.dir, `round-${round++}`);
    mkdirSync(logDir, { recursive: true });
    const output = await runCommand(
      pgbench,
      [
        ...base,
        '-T',
        String(seconds),
        '-l',
        `--log-prefix=${join(logDir, 'log')}`,
        ...connectionArgs(input.url),
      ],
      env,
    );
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1]);
    const processed = Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1]);
    const failed = Number(/number of failed transactions: (\d+)/.exec(output)?.[1] ?? 0);
    if (!tps || !processed) throw new Error(`Could not read pgbench's output:\n${output}`);
    const latencies: number[] = [];
    for (const file of readdirSync(logDir)) {
      for (const line of readFileSync(join(logDir, file), 'utf8').split('\n')) {
        const micros = Number(line.split(' ')[2]);
        if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
      }
    }
    rmSync(logDir, { recursive: true, force: true });
    return {
      ok: processed,
      requests: processed + failed,
      errors: failed,
      seconds: processed / tps,
      latencies,
      serverCpu: null,
    };
  };
}
