import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { laneNow } from '../db/fair-queue.ts';
import { registerFairLanes } from './fair-lanes.ts';

it("runs each request's handler in the lane of its session, or of its address without one", async () => {
  const app = Fastify();
  registerFairLanes(app);
  app.post('/probe', async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { lane: laneNow(), body: request.body };
  });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/probe',
    headers: { authorization: 'Bearer token-a' },
    payload: { big: 'x'.repeat(100_000) },
  });
  expect(signedIn.json()).toMatchObject({ lane: 'Bearer token-a' });
  const anonymous = await app.inject({
    method: 'POST',
    url: '/probe',
    payload: {},
    remoteAddress: '192.0.2.4',
  });
  expect(anonymous.json()).toMatchObject({ lane: 'address:192.0.2.4' });
  await app.close();
});
