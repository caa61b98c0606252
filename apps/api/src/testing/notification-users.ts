import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import type { ApiHarness } from './api-harness.ts';
import { ORGS } from './world.ts';

/** Users of the test worlds with accounts (so they get notifications in the app), by caller name. */
export const USERS = {
  ivy: {
    sub: '30000000-0000-4000-8000-000000000001',
    email: 'ivy@investor.test',
    org: ORGS.investor,
    groups: ['Investor'],
  },
  sam: { sub: '30000000-0000-4000-8000-000000000002', email: 'sam@spv.test', org: ORGS.spv, groups: ['Spv'] },
  // The supplier's owner: the same address as its membership row in the world.
  sue: {
    sub: '30000000-0000-4000-8000-000000000003',
    email: 'owner@supplier.test',
    org: ORGS.supplier,
    groups: [],
  },
  ada: {
    sub: '30000000-0000-4000-8000-000000000004',
    email: 'ada@admin.test',
    org: ORGS.admin,
    groups: ['Admin'],
  },
  // Another investor's user: the attacker.
  eve: {
    sub: '30000000-0000-4000-8000-000000000005',
    email: 'eve@investor2.test',
    org: ORGS.investor2,
    groups: ['Investor'],
  },
  sid: {
    sub: '30000000-0000-4000-8000-000000000006',
    email: 'sid@spv2.test',
    org: ORGS.spv2,
    groups: ['Spv'],
  },
} as const;
export type UserName = keyof typeof USERS;

const ROLE = (groups: readonly string[]): Caller['role'] =>
  (groups[0] as Caller['role'] | undefined) ?? 'Supplier';

/** Puts the users in the user pool and registers them as callers of the harness. */
export async function addUsers(db: Database, api: ApiHarness): Promise<void> {
  for (const [name, u] of Object.entries(USERS)) {
    await db.query(
      `INSERT INTO auth_users (sub, email, name, group_id, groups, confirmed, email_verified)
       VALUES ($1, $2, $3, $4, $5, true, true) ON CONFLICT (sub) DO NOTHING`,
      [u.sub, u.email, name, u.org, [...u.groups]],
    );
    api.callers.set(name, { sub: u.sub, groupId: u.org, role: ROLE(u.groups), email: u.email, name });
  }
}
