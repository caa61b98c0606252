import { entityOf, type Caller, type ModelName } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import type { RequestClient } from '../http/client.ts';

/**
 * The audit trail's writing half (docs/architecture.md, “Audit trail”): one `audit_event` row per
 * write, inserted with the write in its transaction. rows.ts records every model-row write through
 * it; the user pool records its users' acts on their accounts (auth/account-events.ts), the
 * organisation operations their changes of users, the file service each upload. Nothing updates
 * or deletes an event (the table's trigger refuses it).
 */

/** Who writes and from where. */
export interface AuditActor {
  /** The user; null for the platform itself (the demo's setup). */
  readonly sub: string | null;
  readonly name?: string | null;
  /** The user's organisation. */
  readonly groupId: string | null;
  readonly role: string | null;
  /** The client's address and user agent; absent for writes no request made (the demo seed). */
  readonly address?: string | null;
  readonly userAgent?: string | null;
}

/** A signed-in caller as the writer, from the request's client (none for the demo seed). */
export const actorOfCaller = (caller: Caller, client?: RequestClient): AuditActor => ({
  sub: caller.sub,
  name: caller.name ?? caller.email ?? null,
  groupId: caller.groupId,
  role: caller.role,
  address: client?.address ?? null,
  userAgent: client?.userAgent ?? null,
});

/** The platform itself as the writer: what no user does (the demo's first administrator). */
export const PLATFORM: AuditActor = { sub: null, name: 'Platform', groupId: null, role: null };

/** One changed field: its value before and after (null when it had none). */
export interface FieldChange {
  readonly field: string;
  readonly old: unknown;
  readonly new: unknown;
}

export interface AuditEvent {
  readonly by: AuditActor;
  readonly at: Date;
  /** create, update, delete, a named operation (approveRequest), signIn, signInFailed, signOut… */
  readonly action: string;
  /** A model name, or `User` for the user pool's accounts. */
  readonly model: string;
  readonly recordId: string | null;
  /** The organisation that owns the record. */
  readonly ownerGroupId?: string | null;
  readonly changes?: readonly FieldChange[];
  /** What an event without changed fields says, e.g. the username a failed sign-in tried. */
  readonly detail?: string | null;
}

/** What a secret's value is recorded as (docs/architecture.md, “API errors, filters and secrets”). */
export const MASKED = '••••';
export const MASKED_CHANGE = '•••• changed';

export async function recordAuditEvent(tx: Queryable, event: AuditEvent): Promise<void> {
  const { by } = event;
  await tx.query(
    `INSERT INTO audit_event (at, actor_sub, actor_name, actor_group_id, actor_role, address, user_agent, action, model, record_id, owner_group_id, changes, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      event.at.toISOString(),
      by.sub,
      by.name ?? null,
      by.groupId,
      by.role,
      by.address ?? null,
      by.userAgent ?? null,
      event.action,
      event.model,
      event.recordId,
      event.ownerGroupId ?? null,
      JSON.stringify(event.changes ?? []),
      event.detail ?? null,
    ],
  );
}

/** Fields the write path sets on every row itself: not news in a record's trail. */
const HOUSEKEEPING = new Set([
  'id',
  'sortkey',
  'identityId',
  'createdAt',
  'updatedAt',
  '_lastChangedAt',
  '_version',
  // A transaction's key against duplicates (0014_payments.sql).
  '_dedupe_key',
]);

const isSecret = (model: ModelName, field: string): boolean =>
  entityOf(model).fieldsByName.get(field)?.type === 'secret';

const blank = (v: unknown): boolean => v === null || v === undefined;

/** A value as it is kept in the trail: JSON's, so dates become ISO text. */
const plain = (v: unknown): unknown => (blank(v) ? null : v instanceof Date ? v.toISOString() : v);

/**
 * A secret field's change as the trail keeps it: whether it had a value and that it changed, never
 * the value (docs/architecture.md, “API errors, filters and secrets”).
 */
export const maskedChange = (field: string, old: unknown, value: unknown): FieldChange => ({
  field,
  old: blank(old) ? null : MASKED,
  new: blank(value) ? null : MASKED_CHANGE,
});

/** The changes whose value really changed: an event lists no field that stayed as it was. */
export const changedOnly = (changes: readonly FieldChange[]): FieldChange[] =>
  changes.filter((c) => JSON.stringify(c.old) !== JSON.stringify(c.new));

/**
 * The fields `names` that differ between `before` and `after` (rows as the database returns them),
 * with secrets masked; `before` null for a new row, whose empty fields are left out.
 */
export function fieldChanges(
  model: ModelName,
  names: readonly string[],
  before: Row | null,
  after: Row,
): FieldChange[] {
  const domainId = entityOf(model).domainId;
  const changes: FieldChange[] = [];
  for (const field of names) {
    if (HOUSEKEEPING.has(field) || field === domainId) continue;
    const old = before ? plain(before[field]) : null;
    const value = plain(after[field]);
    if (JSON.stringify(old) === JSON.stringify(value)) continue;
    changes.push(isSecret(model, field) ? maskedChange(field, old, value) : { field, old, new: value });
  }
  return changes;
}
