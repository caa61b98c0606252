import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import { ApiError, type ErrorType } from '../http/errors.ts';
import { clientOfRequest } from '../http/client.ts';
import { signDocument } from './sign-document.ts';
import { envelopeDocument } from './envelope-document.ts';
import { sessionOf } from './signer-session.ts';
import { declineSigning, sendSigningCode } from './signing-steps.ts';
import { nowIn, type SigningDeps } from './signing-deps.ts';
import { signingView } from './signing-view.ts';
import { verifyDocument } from './verify-document.ts';

const STATUS: Record<ErrorType, number> = {
  ValidationError: 400,
  Unauthorized: 403,
  NotFound: 404,
  ConflictUnhandled: 409,
  LimitExceeded: 429,
  InternalFailure: 500,
};

/** The largest PDF the verification page accepts. */
export const VERIFY_SIZE_LIMIT = 25 * 1024 * 1024;

const pdfReply = (reply: FastifyReply, pdf: Uint8Array, name: string) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(pdf));

/**
 * The e-signature's HTTP side (docs/architecture.md, “Built-in e-signature”): the public signing
 * steps under `/esign/sign/<token>` (no account: the link is the key, the e-mailed code the
 * proof), the public verification `POST /esign/verify`, and `GET /esign/envelopes/<id>/document`
 * (the generated document, for whoever may read one of its requests).
 */
export function registerEsign(
  app: FastifyInstance,
  deps: SigningDeps & {
    authenticate: (authorization: string | undefined) => Promise<Caller | null>;
    /** The access policy: whether the caller may read one of the envelope's requests. */
    canReadEnvelope: (caller: Caller, envelopeId: string) => Promise<boolean>;
  },
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: VERIFY_SIZE_LIMIT, files: 1, fields: 2, parts: 3 },
    });
    scope.setErrorHandler((error, req, reply) => {
      if (error instanceof ApiError)
        return reply.code(STATUS[error.errorType]).send({ error: error.errorType, message: error.message });
      const status = (error as { statusCode?: number }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500)
        return reply.code(status).send({
          error: 'ValidationError',
          message: error instanceof Error ? error.message : 'Bad request',
        });
      req.log.error({ err: error }, 'e-signature request failed');
      return reply
        .code(500)
        .send({ error: 'InternalFailure', message: 'Signing failed on our side; try again shortly.' });
    });
    const client = (req: FastifyRequest) => {
      const c = clientOfRequest(req);
      return { address: c.address, userAgent: c.userAgent ?? null };
    };
    type WithToken = { Params: { token: string } };

    scope.get<WithToken>('/esign/sign/:token', async (req) =>
      signingView(deps, req.params.token, client(req)),
    );
    scope.get<WithToken>('/esign/sign/:token/document', async (req, reply) => {
      const { envelope } = await sessionOf(deps.db, deps, req.params.token, nowIn(deps));
      const { pdf } = await deps.db.transaction((tx) => envelopeDocument(tx, envelope.id));
      return pdfReply(reply, pdf, `${envelope.kind}-${envelope.id.slice(0, 8)}.pdf`);
    });
    scope.post<WithToken>('/esign/sign/:token/code', async (req) =>
      sendSigningCode(deps, req.params.token, client(req)),
    );
    scope.post<WithToken>('/esign/sign/:token/signature', async (req) =>
      signDocument(deps, req.params.token, req.body, client(req)),
    );
    scope.post<WithToken & { Body: { reason?: unknown } }>('/esign/sign/:token/decline', async (req) =>
      declineSigning(deps, req.params.token, req.body?.reason, client(req)),
    );

    scope.post('/esign/verify', async (req) => {
      const part = await req.file();
      if (!part)
        throw new ApiError(
          'ValidationError',
          'Attach the PDF as the file field of a multipart/form-data request.',
        );
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new ApiError(
          'ValidationError',
          `The file is larger than ${VERIFY_SIZE_LIMIT / 1024 / 1024} MB.`,
        );
      return verifyDocument(deps, new Uint8Array(bytes));
    });

    scope.get<{ Params: { id: string } }>('/esign/envelopes/:id/document', async (req, reply) => {
      const caller = await deps.authenticate(req.headers.authorization);
      if (!caller) throw new ApiError('Unauthorized', 'Sign in to download documents');
      if (!(await deps.canReadEnvelope(caller, req.params.id)))
        throw new ApiError('NotFound', 'Document not found, or you may not read it.');
      const { pdf } = await deps.db.transaction((tx) => envelopeDocument(tx, req.params.id));
      return pdfReply(reply, pdf, `document-${req.params.id.slice(0, 8)}.pdf`);
    });
  });
}
