import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { AppContext } from '../app-context.ts';
import { ApiError } from '../http/errors.ts';
import { reportFunderFor } from './funder-access.ts';
import { funderReport, type FunderReport } from './funder-report.ts';
import { reportCsv, reportFileName } from './report-csv.ts';
import { reportPdf } from './report-pdf.ts';

export interface ReportRoutesDeps {
  /** Resolves the `Authorization` header (raw token or `Bearer …`) to the caller, or null. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
  readonly now?: () => Date;
}

const STATUS: Readonly<Record<string, number>> = {
  Unauthorized: 403,
  ValidationError: 400,
  NotFound: 404,
};

class SignInFirst extends Error {}

const download = (reply: FastifyReply, type: string, fileName: string): FastifyReply =>
  reply
    .header('Content-Type', type)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');

/**
 * The funder report's downloads (docs/business-rules.md, “Funder reporting”):
 * `GET /reports/funder.csv` and `GET /reports/funder.pdf` with funderModel, funderId, currency,
 * from and to, for the caller the GraphQL `funderReport` admits (401 without a token, 403 for
 * another funder's report, 400 for bad parameters).
 */
export function registerReportRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db'>,
  deps: ReportRoutesDeps,
): void {
  const now = deps.now ?? (() => new Date());
  const reportOf = async (req: FastifyRequest): Promise<FunderReport> => {
    const caller = await deps.authenticate(req.headers.authorization).catch(() => null);
    if (!caller)
      throw new SignInFirst('Sign in first: send your identity token in the Authorization header.');
    const query = req.query as Record<string, unknown>;
    const param = (name: string) => (typeof query[name] === 'string' ? query[name] : '');
    const funder = await reportFunderFor(ctx.db, caller, param('funderModel'), param('funderId'));
    return funderReport(ctx.db, funder, {
      currency: param('currency'),
      from: param('from'),
      to: param('to'),
    });
  };

  void app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => {
      if (error instanceof SignInFirst)
        return reply.code(401).send({ error: 'Unauthorized', message: error.message });
      if (error instanceof ApiError)
        return reply
          .code(STATUS[error.errorType] ?? 400)
          .send({ error: error.errorType, message: error.message });
      req.log.error({ err: error }, 'funder report failed');
      return reply
        .code(500)
        .send({ error: 'InternalFailure', message: 'The report failed; try again shortly.' });
    });

    scope.get('/reports/funder.csv', { exposeHeadRoute: false }, async (req, reply) => {
      const report = await reportOf(req);
      return download(reply, 'text/csv; charset=utf-8', reportFileName(report, 'csv')).send(
        `\ufeff${reportCsv(report)}`,
      );
    });

    scope.get('/reports/funder.pdf', { exposeHeadRoute: false }, async (req, reply) => {
      const report = await reportOf(req);
      const pdf = await reportPdf(report, now());
      return download(reply, 'application/pdf', reportFileName(report, 'pdf')).send(Buffer.from(pdf));
    });
  });
}
