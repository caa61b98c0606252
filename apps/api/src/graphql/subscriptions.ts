import type { FastifyInstance } from 'fastify';
import { GraphQLError, execute, subscribe, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { AppSyncError } from './errors.ts';
import { WebSocketServer } from 'ws';
import { closeWhenExpired } from './socket-expiry.ts';
import { useServer } from 'graphql-ws/use/ws';
import type { AppContext } from '../app-context.ts';
import type { ChangeHub } from '../data/change-hub.ts';
import type { Authenticate } from './route.ts';
import { createDocumentCache } from './route.ts';
import type { SubscriptionContext } from './subscription-fields.ts';
import type { OperationContext } from '../operations/context.ts';

/**
 * Subscriptions over graphql-transport-ws on /graphql. The connection is authorised by the id
 * token in the connection parameters (`Authorization` or `authorization`), as Amplify clients send it.
 */
export function registerSubscriptions(
  app: FastifyInstance,
  ctx: AppContext,
  deps: {
    schema: GraphQLSchema;
    authenticate: Authenticate;
    hub: ChangeHub;
    contextFor: (caller: SubscriptionContext['caller']) => OperationContext;
  },
): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const documents = createDocumentCache(deps.schema, ctx.config.production);
  app.server.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith('/graphql')) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  const server = useServer<Record<string, unknown>, { caller?: SubscriptionContext['caller'] }>(
    {
      schema: deps.schema,
      // Our own graphql instance, so a second copy (ESM/CommonJS) can never meet our schema.
      execute: (args) => execute(args),
      subscribe: (args) => subscribe(args),
      onConnect: async (conn) => {
        const params = conn.connectionParams ?? {};
        const token = (params.Authorization ?? params.authorization) as string | undefined;
        try {
          conn.extra.caller = await deps.authenticate(token);
        } catch {
          return false;
        }
        if (!conn.extra.caller) return false;
        closeWhenExpired(conn.extra.socket, token);
        return true;
      },
      // The same parse cache and limits (depth, aliases, cost) as queries over HTTP.
      onSubscribe: (_conn, _id, payload) => {
        const document = documents(payload.query);
        if (Array.isArray(document)) return document.map((e: AppSyncError) => new GraphQLError(e.message));
        return {
          schema: deps.schema,
          document: document as DocumentNode,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
        };
      },
      context: (conn): SubscriptionContext => ({
        ...deps.contextFor(conn.extra.caller ?? null),
        hub: deps.hub,
      }),
    },
    wss,
  );
  app.addHook('onClose', async () => {
    await server.dispose();
    wss.close();
  });
}
