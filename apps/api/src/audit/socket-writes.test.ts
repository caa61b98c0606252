import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';

const ORG = '40000000-0000-4000-8000-000000000001';

/** A WebSocket that introduces itself with its own user agent. */
class NamedSocket extends WebSocket {
  constructor(address: string | URL, protocols?: string | string[]) {
    super(address, protocols, { headers: { 'user-agent': 'socket-writer/2.0' } });
  }
}

/**
 * A mutation over the WebSocket is audited like one over HTTP, with the address and user agent of
 * the socket's upgrade request (docs/architecture.md, “Audit trail”).
 */
describeDatabases('audit trail over the WebSocket', (db) => {
  let api: ApiHarness;
  let url = '';
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('admin', { sub: 'socket-admin', groupId: ORG, role: 'Admin' });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
  });
  afterAll(async () => api.app.close());

  it('records the socket’s address and user agent', async () => {
    const client = createClient({
      url,
      webSocketImpl: NamedSocket,
      connectionParams: { Authorization: 'admin' },
      retryAttempts: 0,
    });
    const result = await new Promise<{ data?: { createSupplier?: { id: string } } | null }>(
      (resolve, reject) => {
        let answer = {};
        client.subscribe(
          {
            query: `mutation { createSupplier(input: { userId: "${ORG}", supplier_name: "Socket Ltd" }) { id } }`,
          },
          { next: (value) => (answer = value), error: reject, complete: () => resolve(answer) },
        );
      },
    );
    await client.dispose();
    const id = result.data?.createSupplier?.id;
    expect(id).toBeDefined();
    const [event] = await db().query(
      'SELECT action, actor_sub, address, user_agent FROM audit_event WHERE record_id = $1',
      [id ?? ''],
    );
    expect(event).toEqual({
      action: 'create',
      actor_sub: 'socket-admin',
      address: '127.0.0.1',
      user_agent: 'socket-writer/2.0',
    });
  });
});
