import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { validationError } from '../http/errors.ts';

/** Where the next page starts: after a (createdAt, id) key, or at an offset for custom sorts. */
export type CursorPosition = { readonly after: readonly [string, string] } | { readonly offset: number };

const VALID_MS = 24 * 60 * 60 * 1000;

/** Binds a cursor to the caller, model, filter and sort (not the limit), docs/decisions/0008. */
export function queryBinding(parts: { sub: string; model: string; filter: unknown; sort: unknown }): string {
  return createHash('sha256').update(JSON.stringify([parts.sub, parts.model, parts.filter ?? null, parts.sort ?? null])).digest('base64url').slice(0, 22);
}

/** An opaque, HMAC-signed nextToken. */
export function signCursor(secret: Buffer, binding: string, position: CursorPosition, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ b: binding, p: position, e: now + VALID_MS })).toString('base64url');
  const mac = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** Reads a nextToken; a tampered, expired or foreign token is a ValidationError. */
export function verifyCursor(secret: Buffer, binding: string, token: string, now = Date.now()): CursorPosition {
  const invalid = () => validationError('Invalid nextToken: it was changed, has expired or belongs to another query');
  const [payload, mac] = token.split('.');
  if (!payload || !mac) throw invalid();
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    b: string;
    p: CursorPosition;
    e: number;
  };
  if (data.b !== binding || data.e < now) throw invalid();
  return data.p;
}
