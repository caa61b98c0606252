import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import type { Caller } from '@rf/domain';

/** A key's bounds: what clients send (a UUID, a ULID, "retry-3 of …"), not a document. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/** The input a key is bound to, in a form that does not depend on the order of its fields. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  return value;
}

const digest = (operation: string, input: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([operation, canonical(input)]))
    .digest('hex');

/** A valid key, or null when the caller sent none; a malformed one is refused. */
export function idempotencyKeyOf(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !KEY.test(value))
    throw validationError('idempotencyKey must be 1 to 200 visible ASCII characters, without spaces');
  return value;
}

/**
 * Runs `work` once per caller and key (docs/architecture.md, “Idempotency keys”), in the caller's
 * transaction: the key is claimed first, so a concurrent retry waits on the first one's row and,
 * once it commits, gets its result; a retry after it gets the stored result without running
 * anything; the same key with another operation or input is refused. A rolled-back attempt leaves
 * no claim, so the next retry runs. Without a key, `work` simply runs. `kept` is what of the
 * result is stored and answered to a retry (by default all of it).
 */
export async function once<T>(
  tx: Queryable,
  caller: Caller,
  call: { key: string | null; operation: string; input: unknown; at: Date },
  work: () => Promise<T>,
  kept: (result: T) => unknown = (result) => result,
): Promise<{ result: T; replayed: false } | { result: unknown; replayed: true }> {
  if (!call.key) return { result: await work(), replayed: false };
  const sha = digest(call.operation, call.input);
  const claimed = await tx.query(
    `INSERT INTO idempotency_key (caller, key, operation, input_sha256, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (caller, key) DO NOTHING RETURNING key`,
    [caller.sub, call.key, call.operation, sha, call.at],
  );
  if (!claimed.length) {
    const [first] = await tx.query<{ operation: string; input_sha256: string; result: unknown }>(
      'SELECT operation, input_sha256, result FROM idempotency_key WHERE caller = $1 AND key = $2',
      [caller.sub, call.key],
    );
    if (!first || first.operation !== call.operation || first.input_sha256 !== sha)
      throw validationError(
        `idempotencyKey ${call.key} was used for another request; use a new key for a new request`,
      );
    return {
      result: typeof first.result === 'string' ? JSON.parse(first.result) : first.result,
      replayed: true,
    };
  }
  const result = await work();
  await tx.query('UPDATE idempotency_key SET result = $3::jsonb WHERE caller = $1 AND key = $2', [
    caller.sub,
    call.key,
    JSON.stringify(kept(result) ?? null),
  ]);
  return { result, replayed: false };
}
