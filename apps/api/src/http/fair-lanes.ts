import type { FastifyInstance } from 'fastify';
import { inLane } from '../db/fair-queue.ts';

/**
 * Every request's database statements wait in the lane of its session (its Authorization header)
 * or, without one, of its client address, so that on the embedded database one user's heavy work
 * cannot hold everyone else (db/fair-queue.ts). Set before the handler, after the body is read.
 */
export function registerFairLanes(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    inLane(request.headers.authorization ?? `address:${request.ip}`, done);
  });
}
