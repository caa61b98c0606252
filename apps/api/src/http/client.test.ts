import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientOfUpgrade } from './client.ts';

/** An upgrade request from `remoteAddress` that says it was forwarded for `forwarded`. */
const upgrade = (remoteAddress: string, forwarded?: string, userAgent?: string): IncomingMessage =>
  ({
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: {
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
  }) as unknown as IncomingMessage;

/**
 * A WebSocket's client as the audit trail records it is read as Fastify reads an HTTP request's
 * (docs/architecture.md, “Audit trail”): X-Forwarded-For counts only from a proxy TRUST_PROXY names.
 */
describe('the client of a WebSocket upgrade', () => {
  it('is the socket’s address without TRUST_PROXY, whatever X-Forwarded-For says', () => {
    expect(clientOfUpgrade(upgrade('203.0.113.5', '198.51.100.1', 'ua/1'), false)).toEqual({
      address: '203.0.113.5',
      userAgent: 'ua/1',
    });
  });

  it('is the forwarded address when a trusted proxy forwarded it', () => {
    expect(clientOfUpgrade(upgrade('10.0.0.2', '198.51.100.1'), ['10.0.0.0/8']).address).toBe('198.51.100.1');
    expect(clientOfUpgrade(upgrade('203.0.113.5', '198.51.100.1'), ['10.0.0.0/8']).address).toBe(
      '203.0.113.5',
    );
    expect(clientOfUpgrade(upgrade('10.0.0.2', '198.51.100.1, 10.0.0.3'), 2).address).toBe('198.51.100.1');
  });
});
