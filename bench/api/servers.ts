import { join } from 'node:path';
import { openDatabase } from '../../apps/api/src/db/database.ts';
import { createUser, findUserByEmail } from '../../apps/api/src/auth/users.ts';
import {
  freePort,
  RATE_LIMITS_LIFTED,
  startNode,
  waitForHttp,
  type Started,
} from '../../scripts/node-processes.ts';
import { postJson } from './load.ts';
import { benchProductionEnv } from './production-env.ts';

export interface RunningServer {
  readonly url: string;
  readonly process: Started;
}

const PASSWORD = 'bench: seven quiet herons over the harbour';

/**
 * Creates (or reuses) one supplier user per organisation in `groupIds` and an admin user, on the
 * database at `url`; returns their e-mail addresses by organisation.
 */
export async function ensureUsers(
  url: string,
  groupIds: readonly string[],
): Promise<{ suppliers: Map<string, string>; admin: string }> {
  const db = await openDatabase(url);
  try {
    const ensure = async (email: string, input: { groupId: string | null; groups: ['Admin'] | [] }) => {
      const existing = await findUserByEmail(db, email);
      if (existing && existing.groupId === input.groupId) return;
      if (existing) throw new Error(`${email} exists with another organisation`);
      await createUser(db, {
        email,
        password: PASSWORD,
        name: email.split('@')[0] ?? email,
        groupId: input.groupId,
        groups: input.groups,
        confirmed: true,
      });
    };
    const suppliers = new Map<string, string>();
    for (const groupId of new Set(groupIds)) {
      const email = `bench-supplier-${groupId}@example.com`;
      await ensure(email, { groupId, groups: [] });
      suppliers.set(groupId, email);
    }
    const admin = 'bench-admin@example.com';
    await ensure(admin, { groupId: null, groups: ['Admin'] });
    return { suppliers, admin };
  } finally {
    await db.close();
  }
}

/** Signs a user in through the server's own endpoint and returns the id token. */
export async function signIn(serverUrl: string, email: string): Promise<string> {
  const answer = (await postJson(
    `${serverUrl}/auth/sign-in`,
    JSON.stringify({ username: email, password: PASSWORD }),
  )) as { idToken?: string };
  if (!answer.idToken) throw new Error(`sign-in of ${email} returned no idToken`);
  return answer.idToken;
}

/** Our server (apps/api/src/main.ts) in production mode, in its own process, on a free port. */
export async function startOurServer(input: {
  name: string;
  databaseUrl: string;
  workDir: string;
  cpuProfile: boolean;
  entry?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = startNode({
    name: input.name,
    entry: input.entry ?? 'apps/api/src/main.ts',
    logDir: join(input.workDir, 'logs'),
    nodeArgs: input.cpuProfile
      ? ['--cpu-prof', `--cpu-prof-dir=${join(input.workDir, 'profiles', input.name)}`]
      : [],
    env: {
      ...process.env,
      // What production refuses to start without, made up where the environment has none.
      ...benchProductionEnv(process.env),
      NODE_ENV: 'production',
      DATABASE_URL: input.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: join(input.workDir, 'data'),
      ...RATE_LIMITS_LIFTED,
    },
  });
  try {
    await waitForHttp(`${url}/readyz`, started);
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { url, process: started };
}

/** PostGraphile 5 (bench/api/postgraphile-server.ts) in its own process, on a free port. */
export async function startPostgraphile(input: {
  databaseUrl: string;
  workDir: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = startNode({
    name: 'postgraphile',
    entry: 'bench/api/postgraphile-server.ts',
    logDir: join(input.workDir, 'logs'),
    env: { ...process.env, NODE_ENV: 'production', PGL_DATABASE_URL: input.databaseUrl, PORT: String(port) },
  });
  try {
    await waitForHttp(`${url}/graphql`, started, {
      init: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      },
    });
  } catch (error) {
    await started.stop();
    throw error;
  }
  return { url, process: started };
}

/** Reads from PostGraphile's schema the names it gave `_deleted` and the by-primary-key field. */
export async function postgraphileNames(
  url: string,
): Promise<{ deleted: string; byId: string; byIdArg: string; fields: string[] }> {
  const answer = (await postJson(
    `${url}/graphql`,
    JSON.stringify({
      query: `{ request: __type(name: "Request") { fields { name } }
               condition: __type(name: "RequestCondition") { inputFields { name } }
               query: __type(name: "Query") { fields { name args { name } } } }`,
    }),
  )) as {
    data?: {
      request?: { fields: { name: string }[] };
      condition?: { inputFields: { name: string }[] };
      query?: { fields: { name: string; args: { name: string }[] }[] };
    };
  };
  const fields = answer.data?.request?.fields.map((f) => f.name) ?? [];
  const conditions = answer.data?.condition?.inputFields.map((f) => f.name) ?? [];
  const deleted = conditions.find((n) => n.replace(/^_+/, '').toLowerCase() === 'deleted');
  const byId = answer.data?.query?.fields.find(
    (f) => /^requestBy(Row)?Id$/.test(f.name) && f.args.length === 1,
  );
  const byIdArg = byId?.args[0]?.name;
  if (!deleted || !byId || !byIdArg) {
    throw new Error(
      `PostGraphile's schema lacks the expected names: ${JSON.stringify(answer).slice(0, 1000)}`,
    );
  }
  return { deleted, byId: byId.name, byIdArg, fields };
}
