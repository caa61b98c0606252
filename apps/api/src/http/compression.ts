import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * JSON answers of a few KB and more (lists of requests, buyer lines) are compressed for clients
 * that accept it: they are the bulk of a signed-in screen's bytes on a slow mobile link. Brotli at
 * a low quality costs little CPU; small answers and the web build's pre-compressed files are left as
 * they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 2048,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/json\b/,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
}
