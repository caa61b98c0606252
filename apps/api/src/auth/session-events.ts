import { roleOf } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { recordAuditEvent } from '../data/audit-trail.ts';
import type { ClientInfo } from './auth-deps.ts';

/** The account a sign-in or sign-out is about: it acts, and it is the record. */
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

/**
 * A sign-in, a failed sign-in or a sign-out in the audit trail (docs/architecture.md, “Audit
 * trail”), with the client's address and user agent. A failure for an unknown username has no
 * account; `detail` says what was tried and why it failed.
 */
export async function recordSessionEvent(
  db: Queryable,
  input: {
    action: 'signIn' | 'signInFailed' | 'signOut';
    account: Account | null;
    client?: ClientInfo | undefined;
    at: Date;
    detail?: string;
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
  });
}
