import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import {
  openDatabase,
  type Database,
  type Queryable,
  type SqlValue,
} from '../../apps/api/src/db/database.ts';
import { generateTestKeys } from '../../apps/api/src/keys.ts';
import { RATE_LIMITS_LIFTED } from '../../scripts/node-processes.ts';
import type { HttpCall } from './timing.ts';

/** One statement the server sent while answering a call, with its parameters. */
export interface Statement {
  readonly sql: string;
  readonly params: readonly SqlValue[];
  /** `SET LOCAL …` statements sent before it in its transaction (replayed when it is explained). */
  readonly settings: readonly string[];
}

/**
 * Our server's routes in this process, on a database wrapper that records every statement sent
 * while `record` runs: the SQL one call of an operation really runs, with its parameters, to be
 * explained afterwards (an auto_explain of one request, without touching the server's settings).
 */
export interface CapturingApp {
  readonly app: FastifyInstance;
  /** The database the app's routes use (the recording wrapper), e.g. to empty caches kept per database. */
  readonly database: Database;
  /** Sends one call in-process; a non-2xx answer or a GraphQL `errors` member throws. */
  call(call: HttpCall): Promise<void>;
  /** The statements of one call; `before` runs ahead of each of the two calls (e.g. emptying a cache). */
  record(call: HttpCall, before?: () => void): Promise<Statement[]>;
  close(): Promise<void>;
}

function recording(db: Database, sink: { on: boolean; statements: Statement[] }): Database {
  const tap = (q: Queryable, settings: string[] = []): Queryable['query'] => {
    return (sql, params) => {
      if (/^\s*SET\s+LOCAL\b/i.test(sql)) settings.push(sql);
      if (sink.on) sink.statements.push({ sql, params: params ?? [], settings: [...settings] });
      return q.query(sql, params);
    };
  };
  return {
    ...db,
    kind: db.kind,
    query: tap(db),
    transaction: (work) => db.transaction((tx) => work({ query: tap(tx, []) })),
    exec: (sql) => db.exec(sql),
    listen: (channel, fn) => db.listen(channel, fn),
    notify: (channel, payload) => db.notify(channel, payload),
    close: () => db.close(),
    ...(db.script ? { script: (sql: string) => db.script!(sql) } : {}),
  };
}

export async function startCapturingApp(
  databaseUrl: string,
  dataDir: string,
  mode: 'production' | 'development' = 'production',
): Promise<CapturingApp> {
  const db = await openDatabase(databaseUrl);
  const sink = { on: false, statements: [] as Statement[] };
  const config = loadConfig({
    ...RATE_LIMITS_LIFTED,
    NODE_ENV: mode,
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://bench.local',
    DATA_DIR: dataDir,
  });
  const database = recording(db, sink);
  const app = await buildApp({ config, db: database, keys: await generateTestKeys() });
  await app.ready();
  const inject = async (call: HttpCall) => {
    const res = await app.inject({
      method: call.method,
      url: call.path,
      headers: { ...(call.body ? { 'content-type': 'application/json' } : {}), ...call.headers },
      ...(call.body ? { payload: call.body } : {}),
    });
    if (res.statusCode >= 300)
      throw new Error(`${call.path} answered ${res.statusCode}: ${res.body.slice(0, 500)}`);
    if (String(res.headers['content-type'] ?? '').includes('json') && res.body.includes('"errors"'))
      throw new Error(`${call.path} answered with errors: ${res.body.slice(0, 800)}`);
    return res;
  };
  return {
    app,
    database,
    call: async (call) => {
      await inject(call);
    },
    record: async (call, before) => {
      before?.();
      await inject(call); // caches (the caller's state, prepared statements) warm, as on a running server
      before?.();
      sink.statements = [];
      sink.on = true;
      try {
        await inject(call);
      } finally {
        sink.on = false;
      }
      return sink.statements;
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** Signs a user in through the in-process app (its own keys) and returns the id token. */
export async function signInLocal(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: email, password }),
  });
  const token = (JSON.parse(res.body) as { idToken?: string }).idToken;
  if (!token) throw new Error(`in-process sign-in of ${email} failed: ${res.body.slice(0, 300)}`);
  return token;
}

const TYPE_REF = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';

interface TypeRef {
  kind: string;
  name: string | null;
  ofType: TypeRef | null;
}
interface FieldInfo {
  name: string;
  args: { name: string; type: TypeRef }[];
  type: TypeRef;
}

const named = (t: TypeRef): TypeRef => (t.ofType ? named(t.ofType) : t);
const typeText = (t: TypeRef): string =>
  t.kind === 'NON_NULL'
    ? `${typeText(t.ofType!)}!`
    : t.kind === 'LIST'
      ? `[${typeText(t.ofType!)}]`
      : t.name!;

/**
 * A document asking `field` of Query with every field under it (objects expanded, leaves listed),
 * so the bench asks for all a screen or an export could show, whatever the type holds today. The
 * types are read through `__type` from an in-process app in development mode (production turns
 * introspection off), one type at a time (the server caps a query's depth).
 */
export async function queryDocuments(
  databaseUrl: string,
  dataDir: string,
  email: string,
  password: string,
  fields: readonly string[],
): Promise<Map<string, string>> {
  const dev = await startCapturingApp(databaseUrl, dataDir, 'development');
  try {
    const token = await signInLocal(dev.app, email, password);
    const typeOf = async (name: string): Promise<FieldInfo[] | null> => {
      const res = await dev.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: token },
        payload: JSON.stringify({
          query: `query T($n: String!) { __type(name: $n) { kind fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } }`,
          variables: { n: name },
        }),
      });
      const answer = JSON.parse(res.body) as {
        data?: { __type: { kind: string; fields: FieldInfo[] | null } | null };
      };
      if (!answer.data) throw new Error(`reading type ${name} failed: ${res.body.slice(0, 400)}`);
      return answer.data.__type?.kind === 'OBJECT' ? answer.data.__type.fields : null;
    };
    const selection = async (t: TypeRef, depth: number): Promise<string> => {
      const inner = named(t);
      const fieldsOf = inner.name ? await typeOf(inner.name) : null;
      if (!fieldsOf) return '';
      if (depth > 6) throw new Error(`${inner.name} nests deeper than the bench expects`);
      const parts: string[] = [];
      for (const f of fieldsOf.filter((x) => x.args.every((a) => a.type.kind !== 'NON_NULL')))
        parts.push(`${f.name} ${await selection(f.type, depth + 1)}`.trim());
      return `{ ${parts.join(' ')} }`;
    };
    const query = await typeOf('Query');
    const out = new Map<string, string>();
    for (const name of fields) {
      const f = query?.find((x) => x.name === name);
      if (!f) throw new Error(`The schema has no Query.${name}: is that feature in this tree?`);
      const vars = f.args.map((a) => `$${a.name}: ${typeText(a.type)}`).join(', ');
      const pass = f.args.map((a) => `${a.name}: $${a.name}`).join(', ');
      out.set(
        name,
        `query Bench${vars ? `(${vars})` : ''} { ${name}${pass ? `(${pass})` : ''} ${await selection(f.type, 0)} }`,
      );
    }
    return out;
  } finally {
    await dev.close();
  }
}
