import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { clientOfRequest } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import type { Keys } from '../keys.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Clock } from '../operations/context.ts';
import { assignLead, listLeadBrokers } from './assign-lead.ts';
import { inviteLead } from './invite-lead.ts';
import { LeadInputError } from './lead-input.ts';
import {
  addLeadNote,
  applyForFinancing,
  getLead,
  listLeads,
  moveLeadStage,
  type CrmContext,
} from './lead-operations.ts';

export interface CrmRoutesDeps {
  readonly db: Database;
  readonly keys: Keys;
  readonly clock?: Clock;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  /** Resolves the `Authorization` header (raw token or `Bearer …`) to the caller, or null. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
  /** Applications one client address may send per hour. */
  readonly applicationsPerHour: number;
  /** Whether an external CRM is configured: changes then queue pushes to it. */
  readonly pushToCrm: boolean;
}

const STATUS: Readonly<Record<string, number>> = {
  Unauthorized: 403,
  ValidationError: 400,
  NotFound: 404,
  LimitExceeded: 429,
  ConflictUnhandled: 409,
};

const HOUR_MS = 3_600_000;

/** A lead route called without a (valid) identity token: 401, like `/bank`. */
class SignInFirst extends ApiError {
  constructor() {
    super('Unauthorized', 'Sign in first: send your identity token in the Authorization header.');
  }
}

/**
 * The CRM REST group (docs/architecture.md, “CRM”), errors as `{ error, message }` like `/auth`
 * (with `fields` for a refused input): `POST /crm/leads` is public (the "Apply for financing"
 * form, limited per client address); the others are for administrators and brokers, authenticated
 * like `/graphql`: `GET /crm/leads`, `GET /crm/leads/:id`, `PATCH /crm/leads/:id/stage`,
 * `POST /crm/leads/:id/notes`, `POST /crm/leads/:id/invite`; administrators also
 * `PATCH /crm/leads/:id/broker` and `GET /crm/brokers` (whom a lead can be given to).
 */
export function registerCrmRoutes(app: FastifyInstance, deps: CrmRoutesDeps): void {
  const contextOf = async (req: FastifyRequest, signedIn: boolean): Promise<CrmContext> => {
    const caller = signedIn ? await deps.authenticate(req.headers.authorization).catch(() => null) : null;
    if (signedIn && !caller) throw new SignInFirst();
    return {
      db: deps.db,
      keys: deps.keys,
      caller,
      client: clientOfRequest(req),
      mailer: deps.mailer,
      publicUrl: deps.publicUrl,
      pushToCrm: deps.pushToCrm,
      ...(deps.clock ? { clock: deps.clock } : {}),
    };
  };
  const idOf = (req: FastifyRequest): string => (req.params as { id: string }).id;

  void app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => sendError(error, req, reply));

    scope.post(
      '/crm/leads',
      {
        config: {
          rateLimit: {
            max: deps.applicationsPerHour,
            timeWindow: HOUR_MS,
            keyGenerator: (req: FastifyRequest) => `crm-apply:${req.ip}`,
            errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => ({
              statusCode: 429,
              error: 'LimitExceeded',
              message: `Too many applications from your address: try again in ${Math.ceil(context.ttl / 60_000)} minutes.`,
            }),
          },
        },
      },
      async (req, reply) => {
        const answer = await applyForFinancing(await contextOf(req, false), req.body);
        // A filled honeypot is answered as a success: nothing tells a robot it was caught.
        return reply.code(201).send({ received: answer.received });
      },
    );
    scope.get('/crm/leads', async (req) => listLeads(await contextOf(req, true), req.query));
    scope.get('/crm/leads/:id', async (req) => getLead(await contextOf(req, true), idOf(req)));
    scope.patch('/crm/leads/:id/stage', async (req) =>
      moveLeadStage(await contextOf(req, true), idOf(req), req.body),
    );
    scope.post('/crm/leads/:id/notes', async (req, reply) =>
      reply.code(201).send(await addLeadNote(await contextOf(req, true), idOf(req), req.body)),
    );
    scope.patch('/crm/leads/:id/broker', async (req) =>
      assignLead(await contextOf(req, true), idOf(req), req.body),
    );
    scope.get('/crm/brokers', async (req) => listLeadBrokers(await contextOf(req, true)));
    scope.post('/crm/leads/:id/invite', async (req) => inviteLead(await contextOf(req, true), idOf(req)));
  });
}

function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof LeadInputError)
    return reply.code(400).send({ error: 'ValidationError', message: error.message, fields: error.fields });
  if (error instanceof SignInFirst)
    return reply.code(401).send({ error: error.errorType, message: error.message });
  if (error instanceof ApiError)
    return reply
      .code(STATUS[error.errorType] ?? 400)
      .send({ error: error.errorType, message: error.message });
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 429)
    return reply.code(429).send({ error: 'LimitExceeded', message: (error as Error).message });
  if (typeof status === 'number' && status >= 400 && status < 500)
    return reply.code(status).send({
      error: 'ValidationError',
      message: `The request is malformed (${error instanceof Error ? error.message : 'unreadable'}).`,
    });
  req.log.error({ err: error }, 'crm request failed');
  return reply
    .code(500)
    .send({ error: 'InternalFailure', message: 'The CRM service failed; try again shortly.' });
}
