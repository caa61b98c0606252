import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { FairQueue } from './fair-queue.ts';

export type SqlValue = string | number | boolean | null | Date | readonly string[] | Uint8Array;
export type Row = Record<string, unknown>;

/** The one database interface the API uses; PGlite and PostgreSQL both implement it. */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Sends several statements, without parameters, as one query and returns the rows of all of them
   * in order, under the statement timeout; a failed script leaves no transaction open. pg-boss sends
   * its `BEGIN; …; COMMIT` blocks this way (docs/architecture.md, “Scheduled jobs”).
   */
  script?(sql: string): Promise<Row[]>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const DATE_OID = 1082;
const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const MAX_PREPARED = 2000;
const NUMERIC_OID = 1700;

const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/;

/** PostgreSQL's text form of a timestamp (`2026-03-06 10:00:00+00`) as an ISO string in UTC. */
const toIso = (value: string): string => {
  // Sessions run in UTC, so the common case is rewritten without building a Date.
  const utc = UTC_TIMESTAMP.exec(value);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  return new Date(/[Z+-]\d\d:?\d\d$|Z$/.test(iso) ? iso : `${iso}Z`).toISOString();
};

/**
 * How long one statement may run on PostgreSQL before the server cancels it (`DB_STATEMENT_TIMEOUT_MS`,
 * default 15 s; docs/architecture.md, “Sessions, limits and enumeration”). Migrations run without.
 */
const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/** A statement PostgreSQL cancelled at the statement timeout (SQLSTATE 57014). */
export class StatementTimeout extends Error {
  constructor() {
    super('The database statement ran longer than the statement timeout');
  }
}

/** Opens the database named by `url`: `postgres://…` for PostgreSQL, a folder path or `memory://` for PGlite. */
export async function openDatabase(
  url: string,
  options: { schema?: string; statementTimeoutMs?: number } = {},
): Promise<Database> {
  const timeout =
    options.statementTimeoutMs ?? Number(process.env.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_STATEMENT_TIMEOUT_MS);
  return isPostgresUrl(url) ? openPostgres(url, options.schema, timeout) : openPglite(url);
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

async function openPglite(url: string): Promise<Database> {
  if (!url.startsWith('memory://')) mkdirSync(url, { recursive: true });
  const db = await PGlite.create(url.startsWith('memory://') ? undefined : url, {
    parsers: {
      [DATE_OID]: (v: string) => v,
      [TIMESTAMPTZ_OID]: toIso,
      [TIMESTAMP_OID]: toIso,
      [INT8_OID]: (v: string) => Number(v),
      [NUMERIC_OID]: (v: string) => v,
    },
  });
  // PGlite runs one statement at a time; a queue keeps transactions from interleaving with other
  // queries, and takes from each lane (user) in turn.
  const queue = new FairQueue();
  const serial = <T>(work: () => Promise<T>): Promise<T> => queue.run(work);
  const run = async <T extends Row>(q: Pick<PGlite, 'query'>, sql: string, params?: readonly SqlValue[]) =>
    (await q.query<T>(sql, params as unknown[] | undefined)).rows;
  return {
    kind: 'pglite',
    query: (sql, params) => serial(() => run(db, sql, params)),
    transaction: (work) =>
      serial(() => db.transaction((tx) => work({ query: (sql, params) => run(tx, sql, params) }))),
    exec: async (sql) => {
      await serial(() => db.exec(sql));
    },
    script: (sql) =>
      serial(async () => {
        try {
          return (await db.exec(sql)).flatMap((result) => result.rows as Row[]);
        } catch (error) {
          // One session for everything: a block that failed after its BEGIN must not leave the
          // session in an aborted transaction for the statements queued behind it.
          await db.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    listen: async (channel, onMessage) => {
      const unsub = await db.listen(channel, onMessage);
      return async () => unsub();
    },
    notify: async (channel, payload) => {
      await serial(() => db.query('SELECT pg_notify($1, $2)', [channel, payload]));
    },
    close: () => db.close(),
  };
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  statementTimeoutMs: number,
): Promise<Database> {
  const typeParsers = {
    getTypeParser: ((oid: number, format?: string) => {
      if (oid === DATE_OID) return (v: string) => v;
      if (oid === TIMESTAMPTZ_OID || oid === TIMESTAMP_OID) return toIso;
      if (oid === INT8_OID) return (v: string) => Number(v);
      return pg.types.getTypeParser(oid, format as 'text');
    }) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    types: typeParsers,
    options: `-c TimeZone=UTC -c statement_timeout=${Math.max(0, Math.trunc(statementTimeoutMs))}${schema ? ` -c search_path=${schema}` : ''}`,
  });
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.PoolClient | undefined;
  // Each distinct statement is prepared once per connection and then only executed.
  const statementNames = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = statementNames.get(sql);
    if (!name && statementNames.size < MAX_PREPARED) {
      name = `s${statementNames.size + 1}`;
      statementNames.set(sql, name);
    }
    return name;
  };
  const run = async <T extends Row>(
    c: pg.Pool | pg.PoolClient,
    sql: string,
    params?: readonly SqlValue[],
  ) => {
    const name = params?.length ? nameOf(sql) : undefined;
    const values = params as unknown[] | undefined;
    try {
      return (await (name ? c.query<T>({ name, text: sql, values }) : c.query<T>(sql, values))).rows;
    } catch (error) {
      if ((error as { code?: string }).code === '57014') throw new StatementTimeout();
      throw error;
    }
  };
  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => run(client, sql, params) });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      // Migrations may take longer than a request's statement: no timeout for them.
      const client = await pool.connect();
      try {
        await client.query('SET statement_timeout = 0');
        await client.query(sql);
      } finally {
        await client.query('RESET statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    script: async (sql) => {
      try {
        // The pool destroys a client whose query failed, so no aborted transaction goes back to it.
        const results = (await pool.query(sql)) as pg.QueryResult<Row> | pg.QueryResult<Row>[];
        return (Array.isArray(results) ? results : [results]).flatMap((result) => result.rows ?? []);
      } catch (error) {
        if ((error as { code?: string }).code === '57014') throw new StatementTimeout();
        throw error;
      }
    },
    listen: async (channel, onMessage) => {
      if (!listenClient) {
        listenClient = await pool.connect();
        listenClient.on('notification', (msg) => {
          for (const fn of listeners.get(msg.channel) ?? []) fn(msg.payload ?? '');
        });
      }
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
      };
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      listenClient?.release();
      await pool.end();
    },
  };
}
