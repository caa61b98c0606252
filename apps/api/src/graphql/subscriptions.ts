import type { FastifyInstance } from 'fastify';
import { GraphQLError, execute, subscribe, type DocumentNode, type GraphQLSchema } from 'graphql';
import { formatError, socketRefusal, type AppSyncError } from './errors.ts';
import { ApiError } from '../http/errors.ts';
import { variablesProblem } from './input-bounds.ts';
import { WebSocketServer } from 'ws';
import { closeWhenExpired } from './socket-expiry.ts';
import { inLane } from '../db/fair-queue.ts';
import { MAX_COST, operationCost, tooExpensive } from './limits.ts';
import type { GraphqlLimiter } from '../http/rate-limits.ts';
import { MAX_SUBSCRIPTIONS_PER_SOCKET, SESSION_ENDED, SocketSessions } from './socket-sessions.ts';
import { useServer } from 'graphql-ws/use/ws';
import type { AppContext } from '../app-context.ts';
import type { ChangeHub } from '../data/change-hub.ts';
import type { Authenticate } from './route.ts';
import { createDocumentCache } from './route.ts';
import type { SubscriptionContext } from './subscription-fields.ts';
import type { OperationContext } from '../operations/context.ts';
import { clientOfUpgrade, type RequestClient } from '../http/client.ts';

/**
 * Subscriptions over graphql-transport-ws on /graphql. The connection is authorised by the id
 * token in the connection parameters (`Authorization` or `authorization`), as Amplify clients send it.
 */
export async function registerSubscriptions(
  app: FastifyInstance,
  ctx: AppContext,
  deps: {
    schema: GraphQLSchema;
    authenticate: Authenticate;
    hub: ChangeHub;
    contextFor: (caller: SubscriptionContext['caller'], client?: RequestClient) => OperationContext;
    /** The /graphql rate limits, which socket operations count against too. */
    limit?: GraphqlLimiter;
  },
): Promise<void> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = await SocketSessions.start(ctx.db, deps.authenticate);
  const documents = createDocumentCache(deps.schema, ctx.config.production);
  const log = (error: unknown) => app.log.error(error);
  app.server.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith('/graphql')) return;
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  const server = useServer<
    Record<string, unknown>,
    { caller?: SubscriptionContext['caller']; token?: string }
  >(
    {
      schema: deps.schema,
      // Our own graphql instance, so a second copy (ESM/CommonJS) can never meet our schema.
      // Each user's statements wait in their own lane of the embedded database (db/fair-queue.ts).
      execute: (args) => inLane(laneOf(args.contextValue), () => execute(args)),
      subscribe: (args) => inLane(laneOf(args.contextValue), () => subscribe(args)),
      onConnect: async (conn) => {
        const params = conn.connectionParams ?? {};
        const token = (params.Authorization ?? params.authorization) as string | undefined;
        try {
          conn.extra.caller = await deps.authenticate(token);
        } catch {
          return false;
        }
        if (!conn.extra.caller || !token) return false;
        // One user holds at most MAX_SOCKETS_PER_USER sockets on a replica.
        if (!sessions.open(conn.extra.socket, conn.extra.caller.sub, token)) return false;
        conn.extra.token = token;
        closeWhenExpired(conn.extra.socket, token);
        return true;
      },
      // The same parse cache and limits (depth, aliases, cost) as queries over HTTP.
      onSubscribe: async (conn, _id, payload) => {
        // Every operation on the socket checks its session again: a user signed out everywhere or
        // disabled gets no answer, and the socket closes.
        if (!(await sessions.stillValid(conn.extra.token ?? ''))) {
          conn.extra.socket.close(SESSION_ENDED, 'Session ended');
          return [new GraphQLError('Your session has ended: sign in again.')];
        }
        if (deps.limit) {
          const { allowed, retryAfter } = await deps.limit({
            address: clientOfUpgrade(conn.extra.request, ctx.config.trustProxy).address,
            user: conn.extra.caller?.sub,
          });
          if (!allowed) return [limitExceeded(`Too many requests: try again in ${retryAfter} seconds.`)];
        }
        if (Object.keys(conn.subscriptions).length >= MAX_SUBSCRIPTIONS_PER_SOCKET)
          return [
            limitExceeded(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} operations at once on one connection`),
          ];
        const document = documents(payload.query);
        if (Array.isArray(document)) return document.map((e: AppSyncError) => new GraphQLError(e.message));
        // Bounded before graphql-js coerces them, which recurses once per level of nesting.
        const problem = variablesProblem(payload.variables);
        if (problem) return [new GraphQLError(problem)];
        const cost = operationCost(
          document as DocumentNode,
          payload.operationName ?? undefined,
          payload.variables ?? undefined,
        );
        if (cost > MAX_COST) return [limitExceeded(tooExpensive(cost))];
        return {
          schema: deps.schema,
          document: document as DocumentNode,
          variableValues: payload.variables ?? undefined,
          operationName: payload.operationName ?? undefined,
          hideSuggestions: ctx.config.production,
        };
      },
      // Errors reach the client formatted as over HTTP: a database message or a stack never does.
      onNext: (_conn, _id, _payload, _args, result) =>
        result.errors ? { ...result, errors: result.errors.map((e) => formatError(e, log)) } : undefined,
      onError: (_conn, _id, _payload, errors) => errors.map((e) => formatError(e, log)),
      context: (conn): SubscriptionContext => ({
        ...deps.contextFor(
          conn.extra.caller ?? null,
          clientOfUpgrade(conn.extra.request, ctx.config.trustProxy),
        ),
        hub: deps.hub,
      }),
    },
    wss,
  );
  app.addHook('onClose', async () => {
    await sessions.close();
    await server.dispose();
    wss.close();
  });
}

/** A refusal for a limit of the socket, answered LimitExceeded as over HTTP. */
const limitExceeded = (message: string) => socketRefusal(new ApiError('LimitExceeded', message));

const laneOf = (context: unknown): string =>
  `user:${(context as Partial<SubscriptionContext> | undefined)?.caller?.sub ?? ''}`;
