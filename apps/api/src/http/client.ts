import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';
import { fastifyTrustProxy, type TrustProxy } from '../config.ts';

/**
 * Where a request came from, for the audit trail (docs/architecture.md, “Audit trail”) and the
 * sign-in throttle: the one reading of a client's address, for /graphql, /auth, /files and sockets.
 */
export interface RequestClient {
  readonly address: string;
  readonly userAgent?: string;
}

const userAgentOf = (raw: IncomingMessage): { userAgent?: string } =>
  raw.headers['user-agent'] ? { userAgent: raw.headers['user-agent'] } : {};

/** An HTTP request's client: Fastify's `ip`, which honours TRUST_PROXY. */
export const clientOfRequest = (request: FastifyRequest): RequestClient => ({
  address: request.ip,
  ...userAgentOf(request.raw),
});

/**
 * A WebSocket upgrade's client, read as Fastify reads a request's: the socket's address, or with
 * TRUST_PROXY the nearest address the trusted proxies forwarded.
 */
export function clientOfUpgrade(raw: IncomingMessage, trust: TrustProxy): RequestClient {
  const fastifyTrust = fastifyTrustProxy(trust);
  const trusted = fastifyTrust === false ? () => false : fastifyTrust;
  return {
    address: proxyAddr(raw, typeof trusted === 'function' ? trusted : proxyAddr.compile(trusted)),
    ...userAgentOf(raw),
  };
}
