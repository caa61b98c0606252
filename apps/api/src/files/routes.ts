import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '@rf/domain';
import type { AppContext } from '../app-context.ts';
import { clientOfRequest } from '../http/client.ts';
import { isPreviewable } from './allowed-types.ts';
import { contentDisposition, openFile, type CanReadFile } from './download-file.ts';
import { badUpload, fileNotFound, FileHttpError, notSignedIn } from './file-errors.ts';
import { isValidFileKey } from './file-key.ts';
import { createFileStore } from './create-file-store.ts';
import type { FileStore } from './file-store.ts';
import { uploadFile } from './upload-file.ts';

export interface FilesDeps {
  /** Resolves the `Authorization` header (raw token or `Bearer …`) to the caller, or null when invalid. */
  readonly authenticate: (authorization: string | undefined) => Promise<Caller | null>;
  /** The access policy for files another organisation uploaded. */
  readonly canReadFile: CanReadFile;
  /** The file store; by default the one the configuration chooses (createFileStore). */
  readonly store?: FileStore;
}

/** `POST /files` (multipart upload) and `GET /files/<key>` (access-checked download). */
export function registerFiles(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'config' | 'db'>,
  deps: FilesDeps,
): void {
  const store = deps.store ?? createFileStore(ctx.config);
  const sizeLimit = ctx.config.fileSizeLimit;
  const signedIn = async (req: FastifyRequest): Promise<Caller> => {
    const caller = await deps.authenticate(req.headers.authorization);
    if (!caller) throw notSignedIn();
    return caller;
  };

  // Encapsulated, so the multipart parser and error shape apply to these routes only.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      // The upload's own meter reports the limit; busboy stops one byte past it.
      throwFileSizeLimit: false,
      limits: { fileSize: sizeLimit + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });
    scope.setErrorHandler((error, req, reply) => sendError(error, req, reply));

    scope.post('/files', async (req, reply) => {
      const caller = await signedIn(req);
      try {
        const part = await req.file();
        if (!part) throw badUpload('Attach the file as a file field of a multipart/form-data request.');
        const uploaded = await uploadFile({
          db: ctx.db,
          store,
          caller,
          client: clientOfRequest(req),
          fileName: part.filename,
          source: part.file,
          sizeLimit,
        });
        return await reply.code(201).send(uploaded);
      } catch (error) {
        discardBody(req.raw, sizeLimit);
        throw error;
      }
    });

    scope.get<{ Params: { '*': string }; Querystring: { inline?: string } }>(
      '/files/*',
      // HEAD would open the stored object only to throw it away.
      { exposeHeadRoute: false },
      async (req, reply) => {
        const caller = await signedIn(req);
        const key = req.params['*'];
        if (!isValidFileKey(key)) throw fileNotFound();
        const { file, stream, size } = await openFile({
          db: ctx.db,
          store,
          caller,
          key,
          canReadFile: deps.canReadFile,
        });
        const inline = req.query.inline === '1' && isPreviewable(file.contentType);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', size)
          .header('Content-Disposition', contentDisposition(file.originalName, inline))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(stream);
      },
    );
  });
}

/**
 * After a refused upload the rest of the body is still on the wire: read and drop it (up to `cap`
 * bytes, then close the connection), so the client gets the answer and a kept-alive connection
 * is not left stuck behind unread bytes.
 */
function discardBody(raw: IncomingMessage, cap: number): void {
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > cap) raw.destroy();
  });
  raw.resume();
}

/** Errors as `{ error, message }`: ours with their status, client errors of the parser as 400, the rest as 500. */
function sendError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof FileHttpError) {
    return reply.code(error.statusCode).send({ error: error.errorType, message: error.message });
  }
  const status = statusOf(error);
  if (status >= 400 && status < 500) {
    const message =
      errorCode(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
        ? 'Send the file as a multipart/form-data request with one file field.'
        : `The upload request is malformed (${error instanceof Error ? error.message : 'unreadable'}).`;
    return reply.code(400).send({ error: 'ValidationError', message });
  }
  req.log.error({ err: error }, 'file request failed');
  return reply
    .code(500)
    .send({ error: 'InternalFailure', message: 'The file service failed; try again shortly.' });
}

const statusOf = (error: unknown): number => {
  const status = typeof error === 'object' && error !== null ? Reflect.get(error, 'statusCode') : undefined;
  return typeof status === 'number' ? status : 500;
};

const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
