import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { AppContext } from '../app-context.ts';
import { ApiError } from '../http/errors.ts';
import { csvDirectoryAdapter, exportToAccounting, type AccountingAdapter } from './accounting-adapter.ts';
import {
  journalCsv,
  journalFileName,
  journalPeriodOf,
  trialBalanceCsv,
  trialBalanceDateOf,
  trialBalanceFileName,
  trialBalanceReport,
} from './exports.ts';
import { ledgerScopeOf, type LedgerScope } from './read-ledger.ts';

export interface LedgerRoutesDeps {
  /** Resolves the `Authorization` header (raw token or `Bearer …`) to the caller, or null. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
  /** Where `POST /ledger/export` sends the books; by default CSV files in `LEDGER_EXPORT_DIR`. */
  readonly adapter?: AccountingAdapter;
  /** The platform's date (UTC); the system's by default. */
  readonly today?: () => string;
}

/** An answer other than 200, with the status the ledger routes send it with. */
class LedgerHttpError extends Error {
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
};

/** A CSV download's headers: private, never cached, never sniffed. */
const csvHeaders = (reply: FastifyReply, fileName: string): FastifyReply =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');

/** Spreadsheets read the file as UTF-8 with it (parties' names are not all ASCII). */
const BOM = '\ufeff';

/**
 * The ledger's downloads (docs/architecture.md, “Ledger”): `GET /ledger/journal.csv?from&to&currency`
 * and `GET /ledger/trial-balance.csv?asOf&currency` for administrators (every account) and funders
 * (their own accounts), and `POST /ledger/export?from&to&currency` for administrators, which hands
 * the period's journal and the trial balance at its end to the accounting adapter.
 */
export function registerLedgerRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'db'>,
  deps: LedgerRoutesDeps,
): void {
  const adapter = deps.adapter ?? csvDirectoryAdapter(ctx.config.ledgerExportDir);
  const today = deps.today ?? (() => new Date().toISOString().slice(0, 10));

  /** The signed-in caller's scope: 401 without a valid token, 403 for a role the ledger refuses. */
  const readerOf = async (req: FastifyRequest): Promise<{ caller: Caller; scope: LedgerScope }> => {
    const caller = await deps.authenticate(req.headers.authorization).catch(() => null);
    if (!caller)
      throw new LedgerHttpError(
        401,
        'Unauthorized',
        'Sign in first: send your identity token in the Authorization header.',
      );
    return { caller, scope: await ledgerScopeOf(ctx.db, caller) };
  };

  void app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => {
      if (error instanceof LedgerHttpError)
        return reply.code(error.statusCode).send({ error: error.errorType, message: error.message });
      if (error instanceof ApiError)
        return reply
          .code(STATUS[error.errorType] ?? 400)
          .send({ error: error.errorType, message: error.message });
      req.log.error({ err: error }, 'ledger export failed');
      return reply
        .code(500)
        .send({ error: 'InternalFailure', message: 'The export failed; try again shortly.' });
    });

    scope.get('/ledger/journal.csv', { exposeHeadRoute: false }, async (req, reply) => {
      const reader = await readerOf(req);
      const period = journalPeriodOf(req.query as Record<string, unknown>);
      const chunks = journalCsv(ctx.db, period, reader.scope);
      async function* withBom() {
        yield BOM;
        yield* chunks;
      }
      return csvHeaders(reply, journalFileName(period)).send(Readable.from(withBom()));
    });

    scope.get('/ledger/trial-balance.csv', { exposeHeadRoute: false }, async (req, reply) => {
      const reader = await readerOf(req);
      const at = trialBalanceDateOf(req.query as Record<string, unknown>, today());
      const report = await trialBalanceReport(ctx.db, at, reader.scope);
      return csvHeaders(reply, trialBalanceFileName(at)).send(BOM + trialBalanceCsv(report));
    });

    scope.post('/ledger/export', async (req, reply) => {
      const reader = await readerOf(req);
      if (reader.caller.role !== 'Admin')
        throw new LedgerHttpError(
          403,
          'Unauthorized',
          'Only an administrator may send the books to the accounting system',
        );
      const period = journalPeriodOf(req.query as Record<string, unknown>);
      return reply.send(await exportToAccounting(ctx.db, adapter, period));
    });
  });
}
