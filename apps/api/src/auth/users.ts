import { randomUUID } from 'node:crypto';
import { isUuid, ROLE_GROUPS, type RoleGroup } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { AuthError } from './errors.ts';
import { checkPasswordPolicy, hashPassword } from './passwords.ts';
import { emailSchema, parseInput, phoneSchema, type Username } from './schemas.ts';
import { revokeUserSessions } from './sessions.ts';
import { announceUserChanged } from './user-state.ts';
import { z } from 'zod';

/** A user of the pool as admin screens see it (never the password hash). */
export interface UserRecord {
  readonly sub: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly phoneNumber: string | null;
  readonly name: string;
  /** `custom:groupid`: the user's organisation. */
  readonly groupId: string | null;
  /** `cognito:groups`, in order: the first decides the role. */
  readonly groups: RoleGroup[];
  readonly confirmed: boolean;
  readonly disabled: boolean;
  readonly createdAt: string;
}

export interface StoredUser extends UserRecord {
  readonly passwordHash: string | null;
  readonly tokensValidAfterMs: number | null;
}

type UserRow = {
  sub: string;
  email: string;
  email_verified: boolean;
  phone_number: string | null;
  name: string;
  password_hash: string | null;
  group_id: string | null;
  groups: string[];
  confirmed: boolean;
  disabled: boolean;
  tokens_valid_after: string | null;
  created_at: string;
};

const isRoleGroup = (g: string): g is RoleGroup => (ROLE_GROUPS as readonly string[]).includes(g);

const toStoredUser = (r: UserRow): StoredUser => ({
  sub: r.sub,
  email: r.email,
  emailVerified: r.email_verified,
  phoneNumber: r.phone_number,
  name: r.name,
  groupId: r.group_id,
  groups: r.groups.filter(isRoleGroup),
  confirmed: r.confirmed,
  disabled: r.disabled,
  createdAt: r.created_at,
  passwordHash: r.password_hash,
  tokensValidAfterMs: r.tokens_valid_after ? Date.parse(r.tokens_valid_after) : null,
});

const toRecord = ({ passwordHash: _h, tokensValidAfterMs: _t, ...record }: StoredUser): UserRecord => record;

export async function findStoredUser(
  db: Queryable,
  by: Username | { kind: 'sub'; value: string },
): Promise<StoredUser | null> {
  if (by.kind === 'sub' && !isUuid(by.value)) return null;
  const column = by.kind === 'sub' ? 'sub' : by.kind === 'email' ? 'email' : 'phone_number';
  const [row] = await db.query<UserRow>(`SELECT * FROM auth_users WHERE ${column} = $1`, [by.value]);
  return row ? toStoredUser(row) : null;
}

/** The user with this e-mail address (any case), or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRecord | null> {
  const user = await findStoredUser(db, { kind: 'email', value: email.trim().toLowerCase() });
  return user ? toRecord(user) : null;
}

export async function findUserBySub(db: Queryable, sub: string): Promise<UserRecord | null> {
  const user = await findStoredUser(db, { kind: 'sub', value: sub });
  return user ? toRecord(user) : null;
}

/** Inserts a user row; answers UsernameExistsException when the e-mail or phone is taken. */
export async function insertUser(
  db: Queryable,
  input: {
    email: string;
    passwordHash: string | null;
    name: string;
    phone: string | null;
    groups: readonly RoleGroup[];
    groupId: string | null;
    confirmed: boolean;
    now: Date;
  },
): Promise<{ sub: string }> {
  const taken = await db.query<{ email: string }>(
    'SELECT email FROM auth_users WHERE email = $1 OR phone_number = $2',
    [input.email, input.phone],
  );
  if (taken.length)
    throw usernameExists(taken.some((t) => t.email === input.email) ? 'email' : 'phone_number');
  const sub = randomUUID();
  try {
    await db.query(
      `INSERT INTO auth_users (sub, email, email_verified, phone_number, name, password_hash, group_id, groups,
                               confirmed, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $3, $9, $9)`,
      [
        sub,
        input.email,
        input.confirmed,
        input.phone,
        input.name,
        input.passwordHash,
        input.groupId,
        [...new Set(input.groups)],
        input.now.toISOString(),
      ],
    );
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw usernameExists('email');
    throw error;
  }
  return { sub };
}

const usernameExists = (field: 'email' | 'phone_number'): AuthError =>
  new AuthError('UsernameExistsException', `An account with the given ${field} already exists.`);

const createUserSchema = z.object({
  email: emailSchema,
  password: z.string().optional(),
  name: z.string().trim().max(200),
  phone: phoneSchema.optional(),
  groups: z.array(z.enum(ROLE_GROUPS)).optional(),
  groupId: z.string().max(100).nullable().optional(),
  confirmed: z.boolean().optional(),
});

/**
 * Creates a user (seeding, admin screens). Confirmed unless `confirmed: false`; without a password
 * the user signs in after choosing one through forgot-password.
 */
export async function createUser(
  db: Queryable,
  input: {
    email: string;
    password?: string;
    name: string;
    phone?: string;
    groups?: RoleGroup[];
    groupId?: string | null;
    confirmed?: boolean;
  },
): Promise<{ sub: string }> {
  const data = parseInput(createUserSchema, input);
  if (data.password !== undefined) checkPasswordPolicy(data.password, { email: data.email });
  return insertUser(db, {
    email: data.email,
    passwordHash: data.password === undefined ? null : await hashPassword(data.password),
    name: data.name,
    phone: data.phone ?? null,
    groups: data.groups ?? [],
    groupId: data.groupId ?? null,
    confirmed: data.confirmed ?? true,
    now: new Date(),
  });
}

function assertRoleGroup(group: string): asserts group is RoleGroup {
  if (!isRoleGroup(group))
    throw new AuthError(
      'InvalidParameterException',
      `Invalid value for group: must be one of ${ROLE_GROUPS.join(', ')}`,
    );
}

const userNotFound = (): AuthError => new AuthError('UserNotFoundException', 'User does not exist.');

/** Adds a role group (Admin, Investor, Spv, Broker) to a user; it shows in tokens issued from now on. */
export async function grantGroup(db: Queryable, sub: string, group: RoleGroup): Promise<void> {
  assertRoleGroup(group);
  if (!isUuid(sub)) throw userNotFound();
  const rows = await db.query(
    `UPDATE auth_users SET groups = CASE WHEN $2::text = ANY(groups) THEN groups ELSE array_append(groups, $2::text) END,
            updated_at = $3 WHERE sub = $1 RETURNING sub`,
    [sub, group, new Date().toISOString()],
  );
  if (!rows.length) throw userNotFound();
}

/** Removes a role group; the user's current id/access tokens stop working so none still claims it. */
export async function revokeGroup(
  db: Queryable,
  sub: string,
  group: RoleGroup,
  options: { now?: Date } = {},
): Promise<void> {
  assertRoleGroup(group);
  if (!isUuid(sub)) throw userNotFound();
  const now = (options.now ?? new Date()).toISOString();
  const rows = await db.query(
    `UPDATE auth_users SET groups = array_remove(groups, $2::text), tokens_valid_after = $3, updated_at = $3
      WHERE sub = $1 RETURNING sub`,
    [sub, group, now],
  );
  if (!rows.length) throw userNotFound();
  await announceUserChanged(db, sub);
}

/** Disables (or re-enables) a user; disabling ends every session and invalidates every token. */
export async function setUserDisabled(
  db: Queryable,
  sub: string,
  disabled: boolean,
  options: { now?: Date } = {},
): Promise<void> {
  if (!isUuid(sub)) throw userNotFound();
  const now = options.now ?? new Date();
  const rows = await db.query(
    'UPDATE auth_users SET disabled = $2, updated_at = $3 WHERE sub = $1 RETURNING sub',
    [sub, disabled, now.toISOString()],
  );
  if (!rows.length) throw userNotFound();
  if (disabled) await revokeUserSessions(db, sub, { now, allTokens: true });
  await announceUserChanged(db, sub);
}

/** Ends every session of a user and invalidates their tokens (admin "end sessions", global sign-out). */
export async function signOutUserEverywhere(
  db: Queryable,
  sub: string,
  options: { now?: Date } = {},
): Promise<void> {
  if (!isUuid(sub)) throw userNotFound();
  await revokeUserSessions(db, sub, { allTokens: true, ...options });
}
