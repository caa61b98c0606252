import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app.ts';
import { createUser, setUserDisabled } from '../auth/users.ts';
import { forgetUserTokenState } from '../auth/user-state.ts';
import { loadConfig } from '../config.ts';
import { describeDatabases } from '../db/test-databases.ts';
import { generateTestKeys } from '../keys.ts';
import { MAX_SOCKETS_PER_USER, MAX_SUBSCRIPTIONS_PER_SOCKET, SESSION_ENDED } from './socket-sessions.ts';

const PASSWORD = 'correct-horse-test';

interface Socket {
  readonly client: Client;
  /** The close code, once the server closed the socket. */
  readonly closed: () => number | null;
  /** Runs one operation over the socket; its result or its errors. */
  run(
    query: string,
  ): Promise<{ data?: unknown; errors?: readonly { message: string; errorType?: string }[] }>;
}

const until = async (check: () => boolean, ms = 3_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return check();
};

describeDatabases('sessions over the WebSocket end when the session ends', (db) => {
  let app: FastifyInstance;
  let url: string;
  const sockets: Socket[] = [];

  const user = async (label: string) => {
    const email = `${label}.${randomUUID()}@example.com`;
    const { sub } = await createUser(db(), {
      email,
      password: PASSWORD,
      name: label,
      groupId: randomUUID(),
      confirmed: true,
    });
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: { username: email, password: PASSWORD },
    });
    const tokens = res.json<{ idToken: string; accessToken: string }>();
    return { sub, idToken: tokens.idToken, accessToken: tokens.accessToken };
  };

  const connect = async (token: string): Promise<Socket> => {
    let code: number | null = null;
    let connected = false;
    const client = createClient({
      url: `ws://${url}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: token },
      lazy: false,
      retryAttempts: 0,
      on: {
        connected: () => {
          connected = true;
        },
        closed: (event) => {
          code = (event as { code: number }).code;
        },
      },
      onNonLazyError: () => undefined,
    });
    await until(() => connected || code !== null);
    const socket: Socket = {
      client,
      closed: () => code,
      run: (query) =>
        new Promise((resolve) => {
          let result: Awaited<ReturnType<Socket['run']>> = {};
          client.subscribe(
            { query },
            {
              next: (value) => {
                result = value as typeof result;
              },
              // An array of GraphQL errors, or the close event when the socket closed first.
              error: (error) =>
                resolve({
                  errors: Array.isArray(error)
                    ? error
                    : [{ message: (error as { reason?: string }).reason ?? String(error) }],
                }),
              complete: () => resolve(result),
            },
          );
        }),
    };
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/rf-socket-test',
      WEB_DIST: '/nonexistent',
    });
    app = await buildApp({ config, db: db(), keys: await generateTestKeys() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.client.dispose()));
    await app.close();
  });

  it('refuses the next operation of a disabled user on an open socket and closes it', async () => {
    const ann = await user('ann');
    const socket = await connect(ann.idToken);
    expect((await socket.run('query { listSuppliers { items { id } } }')).errors).toBeUndefined();
    // Disabled behind the server's back (no announcement): the operation's own check catches it.
    await db().query('UPDATE auth_users SET disabled = true WHERE sub = $1', [ann.sub]);
    forgetUserTokenState(ann.sub);
    const created = await socket.run(
      'mutation { createSupplier(input: { supplier_name: "Late Ltd" }) { id } }',
    );
    expect(created.errors?.[0]?.message).toMatch(/session has ended|4403|Session ended/i);
    expect(await until(() => socket.closed() === SESSION_ENDED)).toBe(true);
    const [row] = await db().query<{ count: number }>(
      `SELECT count(*)::int AS count FROM supplier WHERE supplier_name = 'Late Ltd'`,
    );
    expect(row?.count).toBe(0);
  });

  it('closes the sockets of a user an admin disables, within seconds', async () => {
    const bob = await user('bob');
    const socket = await connect(bob.idToken);
    const other = await connect((await user('carl')).idToken);
    await setUserDisabled(db(), bob.sub, true);
    expect(await until(() => socket.closed() === SESSION_ENDED)).toBe(true);
    expect(other.closed()).toBeNull();
  });

  it('closes the sockets of a user who signs out everywhere, within seconds', async () => {
    const dora = await user('dora');
    const socket = await connect(dora.idToken);
    const res = await app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { authorization: dora.accessToken },
      payload: { global: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await until(() => socket.closed() === SESSION_ENDED)).toBe(true);
  });

  it(`lets one user hold at most ${MAX_SOCKETS_PER_USER} sockets`, async () => {
    const eve = await user('eve');
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i += 1) open.push(await connect(eve.idToken));
    expect(open.every((s) => s.closed() === null)).toBe(true);
    const extra = await connect(eve.idToken);
    expect(extra.closed()).toBe(SESSION_ENDED);
    await open[0]!.client.dispose();
    await until(() => false, 100);
    expect((await connect(eve.idToken)).closed()).toBeNull();
  });

  it(`lets one socket hold at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions`, async () => {
    const fay = await user('fay');
    const socket = await connect(fay.idToken);
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i += 1)
      socket.client.subscribe(
        { query: 'subscription { onCreateDirector { id } }' },
        { next: () => undefined, error: () => undefined, complete: () => undefined },
      );
    const refused = await socket.run('subscription { onCreateDirector { id } }');
    // Typed by the one formatter, as every refusal over HTTP and the socket.
    expect(refused.errors).toEqual([
      expect.objectContaining({
        errorType: 'LimitExceeded',
        message: expect.stringMatching(/At most 200 operations at once/),
      }),
    ]);
    expect(socket.closed()).toBeNull();
  });
});
