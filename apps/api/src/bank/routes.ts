import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { clientOfRequest } from '../http/client.ts';
import { ApiError } from '../http/errors.ts';
import type { Keys } from '../keys.ts';
import type { Clock, OperationContext } from '../operations/context.ts';
import { importStatement } from './import-statement.ts';
import { createLinkToken, exchangePublicToken, syncAccount } from './bank-link.ts';
import type { BankDataProvider } from './provider/provider.ts';
import { csvPreview } from './statements/csv.ts';
import { StatementFormatError, type CsvMapping } from './statements/types.ts';

export interface BankRoutesDeps {
  readonly db: Database;
  readonly keys: Keys;
  readonly clock?: Clock;
  /** Resolves the `Authorization` header (raw token or `Bearer …`) to the caller, or null. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
  /** The largest statement file accepted, in bytes. */
  readonly fileSizeLimit: number;
  /** The bank-data provider, when one is configured (PLAID_*); without it only statements come in. */
  readonly provider?: BankDataProvider | null;
}

/** An answer other than 2xx, as `{ error, message }` like `/auth`. */
class BankHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

const STATUS: Readonly<Record<string, number>> = {
  Unauthorized: 403,
  ValidationError: 400,
  NotFound: 404,
  LimitExceeded: 429,
  ConflictUnhandled: 409,
};

interface Upload {
  readonly file: Buffer;
  readonly fileName: string | null;
  readonly fields: Record<string, string>;
}

/** The multipart body: one file and its text fields (accountId, mapping). */
async function readUpload(req: FastifyRequest, limit: number): Promise<Upload> {
  if (!req.isMultipart())
    throw new BankHttpError(
      400,
      'ValidationError',
      'Send the statement as multipart/form-data with a file field.',
    );
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  let fileName: string | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      file = await part.toBuffer();
      fileName = part.filename || null;
      if (part.file.truncated)
        throw new BankHttpError(
          413,
          'ValidationError',
          `The file is larger than ${Math.floor(limit / 1048576)} MB.`,
        );
    } else fields[part.fieldname] = String(part.value);
  }
  if (!file) throw new BankHttpError(400, 'ValidationError', 'Attach the statement as the file field.');
  return { file, fileName, fields };
}

function mappingOf(text: string | undefined): CsvMapping | null {
  if (!text) return null;
  try {
    const mapping = JSON.parse(text) as unknown;
    if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) return mapping as CsvMapping;
  } catch {
    // answered below
  }
  throw new BankHttpError(400, 'ValidationError', 'mapping must be a JSON object naming the CSV columns');
}

/**
 * The bank REST group (docs/architecture.md, “Payments”), authenticated like `/graphql`, answering
 * errors as `{ error, message }` like `/auth`: `POST /bank/statements` imports a statement file
 * into an account; `POST /bank/statements/preview` shows a CSV file's first rows for its mapping;
 * `POST /bank/link-token`, `/bank/exchange` and `/bank/sync` link an account through the bank-data
 * provider and bring its transactions in.
 */
export function registerBankRoutes(app: FastifyInstance, deps: BankRoutesDeps): void {
  const contextOf = async (req: FastifyRequest): Promise<OperationContext> => {
    const caller = await deps.authenticate(req.headers.authorization).catch(() => null);
    if (!caller)
      throw new BankHttpError(
        401,
        'Unauthorized',
        'Sign in first: send your identity token in the Authorization header.',
      );
    return {
      db: deps.db,
      keys: deps.keys,
      caller,
      client: clientOfRequest(req),
      ...(deps.clock ? { clock: deps.clock } : {}),
    };
  };

  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: deps.fileSizeLimit,
        files: 1,
        fields: 5,
        fieldSize: 8192,
        parts: 6,
        headerPairs: 100,
      },
    });
    scope.setErrorHandler((error, req, reply) => sendError(error, req, reply));

    scope.post('/bank/statements', async (req, reply) => {
      const ctx = await contextOf(req);
      const upload = await readUpload(req, deps.fileSizeLimit);
      const accountId = upload.fields.accountId;
      if (!accountId) throw new BankHttpError(400, 'ValidationError', 'accountId is required');
      const result = await importStatement(ctx, {
        bankId: accountId,
        file: upload.file,
        fileName: upload.fileName,
        mapping: mappingOf(upload.fields.mapping),
      });
      return reply.code(201).send(result);
    });

    /** The provider's routes: 404 when none is configured, so that screens offer statements only. */
    const providerOf = (): BankDataProvider => {
      if (!deps.provider)
        throw new BankHttpError(
          404,
          'NotFound',
          'No bank-data provider is configured: import statement files instead.',
        );
      return deps.provider;
    };
    const field = (req: FastifyRequest, name: string): string => {
      const value = (req.body as Record<string, unknown> | null | undefined)?.[name];
      if (typeof value !== 'string' || !value.trim())
        throw new BankHttpError(400, 'ValidationError', `${name} is required`);
      return value.trim();
    };

    scope.post('/bank/link-token', async (req) => {
      const ctx = await contextOf(req);
      return createLinkToken(ctx, providerOf(), { accountId: field(req, 'accountId') });
    });

    scope.post('/bank/exchange', async (req) => {
      const ctx = await contextOf(req);
      const chosen = (req.body as Record<string, unknown> | null)?.providerAccountId;
      return exchangePublicToken(ctx, providerOf(), {
        accountId: field(req, 'accountId'),
        publicToken: field(req, 'public_token'),
        providerAccountId: typeof chosen === 'string' ? chosen : null,
      });
    });

    scope.post('/bank/sync', async (req) => {
      const ctx = await contextOf(req);
      return syncAccount(ctx, providerOf(), { accountId: field(req, 'accountId') });
    });

    scope.post('/bank/statements/preview', async (req, reply) => {
      await contextOf(req);
      const upload = await readUpload(req, deps.fileSizeLimit);
      const mapping = mappingOf(upload.fields.mapping);
      return reply.send(csvPreview(upload.file, mapping ?? {}));
    });
  });
}

function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof BankHttpError)
    return reply.code(error.statusCode).send({ error: error.errorType, message: error.message });
  if (error instanceof ApiError)
    return reply
      .code(STATUS[error.errorType] ?? 400)
      .send({ error: error.errorType, message: error.message });
  if (error instanceof StatementFormatError)
    return reply.code(400).send({ error: 'ValidationError', message: error.message });
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return reply.code(status).send({
      error: 'ValidationError',
      message: `The request is malformed (${error instanceof Error ? error.message : 'unreadable'}).`,
    });
  req.log.error({ err: error }, 'bank request failed');
  return reply
    .code(500)
    .send({ error: 'InternalFailure', message: 'The bank service failed; try again shortly.' });
}
