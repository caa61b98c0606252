import { roleOf, type Role } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/**
 * Someone a notification goes to: a user (in the app, and by e-mail unless they turned it off), or
 * only an address (a membership row without a user account yet, a signer who is not a user).
 */
export interface Recipient {
  /** The user's id (`sub`); null: e-mail only. */
  readonly sub: string | null;
  readonly email: string | null;
  readonly name: string | null;
  readonly role: Role;
}

interface RecipientRow extends Record<string, unknown> {
  sub: string | null;
  email: string | null;
  name: string | null;
  groups: string[] | null;
  group_type: string | null;
}

const toRecipient = (r: RecipientRow): Recipient => ({
  sub: r.sub,
  email: r.email?.trim() || null,
  name: r.name?.trim() || null,
  role: r.groups
    ? roleOf(r.groups)
    : r.group_type && r.group_type !== 'Supplier'
      ? roleOf([r.group_type])
      : 'Supplier',
});

/** One entry per person: by user id, else by address (case-insensitive). */
function distinct(list: readonly Recipient[]): Recipient[] {
  const seen = new Set<string>();
  return list.filter((r) => {
    const keys = [r.sub && `sub:${r.sub}`, r.email && `mail:${r.email.toLowerCase()}`].filter(Boolean);
    if (!keys.length || keys.some((k) => seen.has(k as string))) return false;
    for (const k of keys) seen.add(k as string);
    return true;
  });
}

/**
 * The active people of an organisation: its users (`custom:groupid`, not disabled) and its
 * membership rows (Usergroup, not Disabled), the user's own address first.
 */
export async function organisationRecipients(db: Queryable, groupId: string): Promise<Recipient[]> {
  const rows = await db.query<RecipientRow>(
    `SELECT u.sub::text AS sub, u.email, u.name, u.groups, NULL AS group_type
       FROM auth_users u WHERE u.group_id = $1 AND NOT u.disabled
     UNION ALL
     SELECT u.sub::text, coalesce(u.email, ug.user_email), coalesce(u.name, ug.user_name), u.groups, ug.group_type
       FROM "usergroup" ug LEFT JOIN auth_users u ON u.sub::text = ug.sub
      WHERE ug."userId" = $1 AND NOT ug."_deleted" AND coalesce(ug.group_status, 'Active') <> 'Disabled'
        AND NOT coalesce(u.disabled, false) AND (u.sub IS NOT NULL OR nullif(trim(ug.user_email), '') IS NOT NULL)`,
    [groupId],
  );
  return distinct(rows.map(toRecipient));
}

/** Every active administrator: users of the Admin group and the admin organisation's members. */
export async function adminRecipients(db: Queryable): Promise<Recipient[]> {
  const rows = await db.query<RecipientRow>(
    `SELECT u.sub::text AS sub, u.email, u.name, u.groups, NULL AS group_type
       FROM auth_users u WHERE 'Admin' = ANY (u.groups) AND NOT u.disabled
     UNION ALL
     SELECT u.sub::text, coalesce(u.email, ug.user_email), coalesce(u.name, ug.user_name), u.groups, 'Admin'
       FROM "usergroup" ug LEFT JOIN auth_users u ON u.sub::text = ug.sub
      WHERE ug.group_type = 'Admin' AND NOT ug."_deleted" AND coalesce(ug.group_status, 'Active') = 'Active'
        AND NOT coalesce(u.disabled, false) AND (u.sub IS NOT NULL OR nullif(trim(ug.user_email), '') IS NOT NULL)`,
  );
  return distinct(rows.map((r) => ({ ...toRecipient(r), role: 'Admin' as const })));
}

/** The active user with this e-mail address, if any (a signer who is also a user). */
export async function userByEmail(db: Queryable, email: string): Promise<Recipient | null> {
  const [row] = await db.query<RecipientRow>(
    `SELECT sub::text AS sub, email, name, groups, NULL AS group_type FROM auth_users
      WHERE lower(email) = lower($1) AND NOT disabled`,
    [email.trim()],
  );
  return row ? toRecipient(row) : null;
}
