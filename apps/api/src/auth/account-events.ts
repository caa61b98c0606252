import { roleOf } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { changedOnly, recordAuditEvent, type FieldChange } from '../data/audit-trail.ts';
import type { RequestClient } from '../http/client.ts';

/** The account an event of the user pool is about: it acts, and it is the record. */
export interface Account {
  readonly sub: string;
  readonly name?: string | null;
  readonly email?: string | null;
  readonly groupId: string | null;
  readonly role: string;
}

/** A user of the pool as the audit trail names them: their role is their first role group's. */
export const accountOf = (user: {
  sub: string;
  name: string;
  email: string;
  groupId: string | null;
  groups: readonly string[];
}): Account => ({ ...user, role: roleOf(user.groups) });

/** What a user does to their own account, in the audit trail's words. */
export type AccountAction =
  | 'signIn'
  | 'signInFailed'
  | 'signInLocked'
  | 'signOut'
  | 'changePassword'
  | 'resetPassword'
  | 'acceptInvitation';

/**
 * A user's act on their own account in the audit trail (docs/architecture.md, “Audit trail”):
 * sign-in, refused sign-in, sign-out, password change or reset, invitation accepted, with the
 * client's address and user agent. A refused sign-in of an unknown username has no account;
 * `detail` says what was tried and why it was refused. `changes` lists the account's fields that
 * changed (a password only masked); pass the transaction of the write it records.
 */
export async function recordAccountEvent(
  db: Queryable,
  input: {
    action: AccountAction;
    account: Account | null;
    client?: RequestClient | undefined;
    at: Date;
    detail?: string;
    changes?: readonly FieldChange[];
  },
): Promise<void> {
  const { account, client } = input;
  await recordAuditEvent(db, {
    by: {
      sub: account?.sub ?? null,
      name: account?.name || account?.email || null,
      groupId: account?.groupId ?? null,
      role: account?.role ?? null,
      address: client?.address ?? null,
      userAgent: client?.userAgent ?? null,
    },
    at: input.at,
    action: input.action,
    model: 'User',
    recordId: account?.sub ?? null,
    ownerGroupId: account?.groupId ?? null,
    ...(input.detail ? { detail: input.detail } : {}),
    ...(input.changes ? { changes: changedOnly(input.changes) } : {}),
  });
}
