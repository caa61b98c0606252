import { RATE_LIMITS_LIFTED, startNode, waitForHttp } from '../node-processes.ts';

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

/**
 * Starts the API the way docs/architecture.md, “The running system” describes (one Node process,
 * `DATA_DIR`, `DATABASE_URL`, `PORT`), directly as `node --import tsx`, so the process killed is
 * the one that holds the database.
 */
export async function startServer(spec: ServerSpec, timeoutMs = 180_000): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${spec.port}`;
  const startedAt = Date.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(spec.port),
    PUBLIC_URL: url,
    DATA_DIR: spec.dataDir,
    ...RATE_LIMITS_LIFTED,
    ...spec.env,
  };
  if (spec.databaseUrl) env.DATABASE_URL = spec.databaseUrl;
  else delete env.DATABASE_URL;
  const started = startNode({
    name: spec.name,
    entry: 'apps/api/src/main.ts',
    env,
    logDir: spec.logDir,
    appendLog: true,
  });
  try {
    await waitForHttp(`${url}/readyz`, started, { timeoutMs, intervalMs: 100 });
  } catch (error) {
    await started.kill9();
    throw error;
  }
  return {
    url,
    pid: started.child.pid ?? -1,
    readyAfterMs: Date.now() - startedAt,
    kill9: () => started.kill9(),
    stop: () => started.stop(15_000),
  };
}
