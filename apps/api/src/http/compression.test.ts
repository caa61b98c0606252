import { brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';

describe('response compression', () => {
  const app = async () => {
    const server = Fastify();
    await registerCompression(server);
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Buyer line ${i}` }));
    server.post('/graphql', async () => ({ data: { listBuyers: { items: rows } } }));
    server.get('/small', async () => ({ ok: true }));
    // The web build's own .br files carry their encoding already (http/web.ts).
    server.get('/static/app.js', async (_req, reply) =>
      reply
        .header('content-type', 'text/javascript')
        .header('content-encoding', 'br')
        .send(Buffer.from('already-brotli'.repeat(400))),
    );
    return server;
  };

  it('compresses large JSON answers with brotli for clients that accept it', async () => {
    const server = await app();
    const res = await server.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(res.rawPayload).toString()) as {
      data: { listBuyers: { items: unknown[] } };
    };
    expect(body.data.listBuyers.items).toHaveLength(200);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
  });

  it('leaves small answers, pre-compressed files and clients without Accept-Encoding alone', async () => {
    const server = await app();
    const plain = await server.inject({ method: 'POST', url: '/graphql' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const small = await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const js = await server.inject({ url: '/static/app.js', headers: { 'accept-encoding': 'br' } });
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.rawPayload.toString()).toBe('already-brotli'.repeat(400));
  });
});
