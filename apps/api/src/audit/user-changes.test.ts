import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Row } from '../db/database.ts';
import { describeDatabases } from '../db/test-databases.ts';
import {
  USER_FIELDS,
  orgTestApp,
  seedOrganisation,
  uniqueEmail,
  type OrgTestApp,
} from '../organisations/test-support.ts';

const CREATE = `mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { groupId } }`;
const DISABLE = `mutation ($input: SetUserDisabledInput!) { setUserDisabled(input: $input) { ${USER_FIELDS} } }`;
const GROUP = `mutation ($input: SetUserGroupInput!) { setUserGroup(input: $input) { ${USER_FIELDS} } }`;
const APPROVE = `mutation ($g: ID!) { approveOrganisation(groupId: $g) { groupId } }`;

/**
 * The organisation operations are in the audit trail under their names
 * (docs/architecture.md, “Audit trail”): the rows they make, and an administrator's changes of a
 * user's role group and disabled flag, which live in the user pool rather than a model, the role
 * groups an approval grants too.
 */
describeDatabases('audit trail of the organisation operations', (db) => {
  let t: OrgTestApp;
  let admin: string;
  let adminSub: string;
  const eventsOf = (sub: string): Promise<Row[]> =>
    db().query(
      `SELECT action, model, record_id, actor_sub, changes FROM audit_event WHERE record_id = $1 ORDER BY at, id`,
      [sub],
    );
  beforeAll(async () => {
    t = await orgTestApp(db());
    const a = await seedOrganisation(db(), { type: 'Admin' });
    adminSub = a.sub;
    admin = await t.signIn(a.email);
  });
  afterAll(async () => t.app.close());

  it('names createOrganisation as the action that made the membership', async () => {
    const email = uniqueEmail('created');
    const res = await t.gql<{ createOrganisation: { groupId: string } }>(admin, CREATE, {
      input: { group_type: 'Investor', group_name: 'Audited Capital', user: { email, name: 'Ivy Investor' } },
    });
    expect(res.errors).toBeUndefined();
    const [event] = await db().query(
      `SELECT action, model, actor_sub, owner_group_id FROM audit_event WHERE owner_group_id = $1`,
      [res.data!.createOrganisation.groupId],
    );
    expect(event).toEqual({
      action: 'createOrganisation',
      model: 'Usergroup',
      actor_sub: adminSub,
      owner_group_id: res.data!.createOrganisation.groupId,
    });
  });

  it('records a change of role group and of the disabled flag, before and after', async () => {
    const user = await seedOrganisation(db(), { type: 'Investor', groups: [] });
    expect(
      (await t.gql(admin, GROUP, { input: { sub: user.sub, group: 'Investor', granted: true } })).errors,
    ).toBeUndefined();
    expect(
      (await t.gql(admin, DISABLE, { input: { sub: user.sub, disabled: true } })).errors,
    ).toBeUndefined();
    expect(await eventsOf(user.sub)).toEqual([
      {
        action: 'setUserGroup',
        model: 'User',
        record_id: user.sub,
        actor_sub: adminSub,
        changes: [{ field: 'groups', old: [], new: ['Investor'] }],
      },
      {
        action: 'setUserDisabled',
        model: 'User',
        record_id: user.sub,
        actor_sub: adminSub,
        changes: [{ field: 'disabled', old: false, new: true }],
      },
    ]);
  });

  it('records the role group an approval grants, per member, as approveOrganisation', async () => {
    const owner = await seedOrganisation(db(), { type: 'Spv', status: 'Pending' });
    const res = await t.gql(admin, APPROVE, { g: owner.groupId });
    expect(res.errors).toBeUndefined();
    const events = (await eventsOf(owner.sub)).filter((e) => e.model === 'User');
    expect(events).toEqual([
      {
        action: 'approveOrganisation',
        model: 'User',
        record_id: owner.sub,
        actor_sub: adminSub,
        changes: [{ field: 'groups', old: [], new: ['Spv'] }],
      },
    ]);
    const [where] = await db().query(
      'SELECT owner_group_id, address FROM audit_event WHERE record_id = $1 AND action = $2',
      [owner.sub, 'approveOrganisation'],
    );
    expect(where).toEqual({ owner_group_id: owner.groupId, address: '127.0.0.1' });
  });
});
