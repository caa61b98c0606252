import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ChangeHub } from '../data/change-hub.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import type { Clock } from '../operations/context.ts';
import { registerGraphqlRoute, type Authenticate } from './route.ts';
import { buildSchema } from './schema.ts';
import { namedMutations, namedQueries } from './named-operations.ts';
import { organisationOperations } from './organisation-operations.ts';
import { registerSubscriptions } from './subscriptions.ts';

/** The data API at /graphql: queries and mutations over HTTP, subscriptions over WebSocket. */
export async function registerGraphql(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { authenticate: Authenticate; mailer?: Mailer; clock?: Clock },
): Promise<void> {
  const mailer = deps.mailer ?? createMailer(ctx);
  const { organisationQueries, organisationMutations } = organisationOperations(ctx, { mailer });
  const schema = buildSchema({
    queries: { ...namedQueries, ...organisationQueries },
    mutations: { ...namedMutations, ...organisationMutations },
  });
  const hub = await ChangeHub.start(ctx.db);
  registerGraphqlRoute(app, ctx, {
    schema,
    authenticate: deps.authenticate,
    mailer,
    clock: deps.clock,
  });
  registerSubscriptions(app, ctx, { schema, authenticate: deps.authenticate, hub });
  app.addHook('onClose', async () => hub.close());
}
