import { bankMutations, bankQueries } from './bank-operations.ts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ChangeHub } from '../data/change-hub.ts';
import type { GraphqlLimiter } from '../http/rate-limits.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import type { Clock, OperationContext } from '../operations/context.ts';
import type { Caller } from '@rf/domain';
import { auditQueries } from './audit-operations.ts';
import { esignMutations, esignQueries } from './esign-operations.ts';
import { insightQueries } from './insight-operations.ts';
import { insuranceQueries } from './insurance-operations.ts';
import { ledgerQueries } from './ledger-operations.ts';
import { lineLimitQueries } from './line-limit-operations.ts';
import { reportQueries } from './report-operations.ts';
import { registerGraphqlRoute, type Authenticate } from './route.ts';
import { buildSchema } from './schema.ts';
import { namedMutations, namedQueries } from './named-operations.ts';
import {
  notificationMutations,
  notificationQueries,
  notificationSubscriptions,
} from './notification-operations.ts';
import { organisationMutations, organisationQueries } from './organisation-operations.ts';
import { registerSubscriptions } from './subscriptions.ts';

/** The data API at /graphql: queries and mutations over HTTP, subscriptions over WebSocket. */
export async function registerGraphql(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { authenticate: Authenticate; limitSocket?: GraphqlLimiter; mailer?: Mailer; clock?: Clock },
): Promise<void> {
  const mailer = deps.mailer ?? createMailer(ctx);
  // What every operation runs with, over HTTP and over the socket alike; the client (address,
  // user agent) is the request's or the socket upgrade's, for the audit trail.
  const contextFor = (caller: Caller | null, client?: OperationContext['client']): OperationContext => ({
    db: ctx.db,
    keys: ctx.keys,
    caller,
    ...(client ? { client } : {}),
    mailer,
    clock: deps.clock,
    publicUrl: ctx.config.publicUrl,
  });
  const schema = buildSchema({
    queries: {
      ...namedQueries,
      ...organisationQueries,
      ...auditQueries,
      ...esignQueries,
      ...insuranceQueries,
      ...insightQueries,
      ...ledgerQueries,
      ...lineLimitQueries,
      ...bankQueries,
      ...notificationQueries,
      ...reportQueries,
    },
    mutations: {
      ...namedMutations,
      ...organisationMutations,
      ...esignMutations,
      ...bankMutations,
      ...notificationMutations,
    },
    subscriptions: notificationSubscriptions,
  });
  const hub = await ChangeHub.start(ctx.db);
  registerGraphqlRoute(app, ctx, { schema, authenticate: deps.authenticate, contextFor });
  await registerSubscriptions(app, ctx, {
    schema,
    authenticate: deps.authenticate,
    hub,
    contextFor,
    ...(deps.limitSocket ? { limit: deps.limitSocket } : {}),
  });
  app.addHook('onClose', async () => hub.close());
}
