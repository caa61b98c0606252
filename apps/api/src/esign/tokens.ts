import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The signer's secrets (docs/architecture.md, “Built-in e-signature”): a random link token and a
 * 6-digit code, both kept only as keyed hashes (HMAC-SHA-256 with the server's secret), so a copy
 * of the database opens no envelope.
 */

const keyed = (secret: Buffer, purpose: string, value: string): string =>
  createHmac('sha256', secret).update(`${purpose}\0${value}`).digest('hex');

/** A new link token: 32 random bytes, URL-safe. */
export const newSigningToken = (): string => randomBytes(32).toString('base64url');

export const hashSigningToken = (secret: Buffer, token: string): string => keyed(secret, 'esign-link', token);

/** A well-formed token (what newSigningToken makes); anything else is not looked up. */
export const isSigningToken = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** A new 6-digit code, uniformly drawn. */
export const newSigningCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** A code's hash is bound to its signer, so one signer's code never opens another's signature. */
export const hashSigningCode = (secret: Buffer, signerId: string, code: string): string =>
  keyed(secret, `esign-code:${signerId}`, code);

export function codeMatches(secret: Buffer, signerId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashSigningCode(secret, signerId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
