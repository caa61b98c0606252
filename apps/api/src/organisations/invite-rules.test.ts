import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { OrganisationUser } from './organisation-users.ts';
import type { OrganisationView } from './organisation-view.ts';
import {
  ORGANISATION_FIELDS,
  USER_FIELDS,
  invitationTokenFor,
  orgTestApp,
  post,
  seedBroker,
  seedOrganisation,
  uniqueEmail,
  type OrgTestApp,
} from './test-support.ts';

/**
 * Who may add users to an organisation
 * (docs/business-rules.md, “Party records and inviting users”): a broker into its own organisation
 * and into a supplier it created until that supplier's first user joined; an Owner into its own
 * organisation; an administrator anywhere. Found: a broker invited its own mailbox into a supplier
 * organisation and got full supplier rights.
 */
const CHOSEN = 'violet lantern across the harbour';
const CREATE = `mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { ${ORGANISATION_FIELDS} } }`;
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { ${USER_FIELDS} } }`;
const RESEND = `mutation ($sub: ID!) { resendInvitation(sub: $sub) { ${USER_FIELDS} } }`;
const PERMISSION = `query ($g: ID!) { invitePermission(groupId: $g) { mayInvite reason } }`;
const CREATE_MEMBERSHIP = `mutation ($input: CreateUsergroupInput!) { createUsergroup(input: $input) { id } }`;

type Permission = { mayInvite: boolean; reason: string | null };

describeDatabases('who may invite into an organisation', (db) => {
  let t: OrgTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await orgTestApp(db());
    admin = await t.signIn((await seedOrganisation(db(), { type: 'Admin' })).email);
  });
  afterAll(async () => t.app.close());

  const invite = (token: string, groupId: string, email = uniqueEmail('member')) =>
    t.gql<{ inviteUser: OrganisationUser }>(token, INVITE, { input: { groupId, email, name: 'New Member' } });
  const permission = async (token: string, groupId: string): Promise<Permission> => {
    const res = await t.gql<{ invitePermission: Permission }>(token, PERMISSION, { g: groupId });
    expect(res.errors).toBeUndefined();
    return res.data!.invitePermission;
  };
  const userExists = async (email: string) =>
    (await db().query('SELECT 1 FROM auth_users WHERE email = $1', [email])).length > 0;
  /** The invited user chooses a password and signs in; answers their id token. */
  const join = async (email: string): Promise<string> => {
    const res = await post(t.app, 'accept-invitation', {
      token: await invitationTokenFor(db(), email),
      password: CHOSEN,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return t.signIn(email, CHOSEN);
  };
  const session = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/auth/session', headers: { authorization: token } })).json();
  /** A supplier organisation created by the broker, whose first user has not joined yet. */
  const supplierOf = async (brokerToken: string) => {
    const email = uniqueEmail('first');
    const res = await t.gql<{ createOrganisation: OrganisationView }>(brokerToken, CREATE, {
      input: { group_type: 'Supplier', group_name: 'Introduced Co', user: { email, name: 'First User' } },
    });
    expect(res.errors).toBeUndefined();
    return { org: res.data!.createOrganisation, firstEmail: email };
  };

  it('an owner invites a colleague into its own organisation, who becomes a member of its type', async () => {
    const supplier = await seedOrganisation(db(), { type: 'Supplier' });
    const owner = await t.signIn(supplier.email);
    expect(await permission(owner, supplier.groupId)).toEqual({ mayInvite: true, reason: null });
    const email = uniqueEmail('colleague');
    const res = await invite(owner, supplier.groupId, email);
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUser).toMatchObject({
      email,
      groupId: supplier.groupId,
      groups: [],
      user_role: 'Member',
      invitationPending: true,
    });
    const resent = await t.gql(owner, RESEND, { sub: res.data!.inviteUser.sub });
    expect(resent.errors).toBeUndefined();

    const investor = await seedOrganisation(db(), { type: 'Investor' });
    const invited = await invite(await t.signIn(investor.email), investor.groupId);
    expect(invited.data?.inviteUser).toMatchObject({ groups: ['Investor'], user_role: 'Member' });
  });

  it('a supplier user who is not the owner cannot invite or resend', async () => {
    const supplier = await seedOrganisation(db(), { type: 'Supplier' });
    const owner = await t.signIn(supplier.email);
    const memberEmail = uniqueEmail('member');
    expect((await invite(owner, supplier.groupId, memberEmail)).errors).toBeUndefined();
    const pending = await invite(owner, supplier.groupId);
    const member = await join(memberEmail);

    const email = uniqueEmail('by-member');
    const refused = await invite(member, supplier.groupId, email);
    expect(refused.errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: "Only your organisation's Owner may invite colleagues into it",
    });
    expect(await userExists(email)).toBe(false);
    const resend = await t.gql(member, RESEND, { sub: pending.data!.inviteUser.sub });
    expect(resend.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    expect(await permission(member, supplier.groupId)).toEqual({
      mayInvite: false,
      reason: "Only your organisation's Owner may invite colleagues into it",
    });
  });

  it('an owner cannot invite into another organisation', async () => {
    const own = await seedOrganisation(db(), { type: 'Investor' });
    const other = await seedOrganisation(db(), { type: 'Supplier' });
    const owner = await t.signIn(own.email);
    const email = uniqueEmail('elsewhere');
    const res = await invite(owner, other.groupId, email);
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
      message: 'You may only invite colleagues into your own organisation',
    });
    expect(await userExists(email)).toBe(false);
    expect((await permission(owner, other.groupId)).mayInvite).toBe(false);
  });

  it('the owner of an organisation waiting for approval cannot invite until it is approved', async () => {
    const pending = await seedOrganisation(db(), { type: 'Spv', status: 'Pending' });
    const owner = await t.signIn(pending.email);
    const res = await invite(owner, pending.groupId);
    expect(res.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    expect(res.errors?.[0]?.message).toMatch(/waiting for an administrator's approval/);
  });

  it("a broker's invitee into a supplier it created is a supplier member, never a broker", async () => {
    const broker = await seedBroker(t);
    const { org } = await supplierOf(broker.token);
    expect(await permission(broker.token, org.groupId)).toEqual({ mayInvite: true, reason: null });
    const email = uniqueEmail('broker-mailbox');
    const res = await invite(broker.token, org.groupId, email);
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUser).toMatchObject({ groupId: org.groupId, groups: [], user_role: 'Member' });
    const invitee = await join(email);
    expect(await session(invitee)).toMatchObject({ role: 'Supplier', groupId: org.groupId });
    // Not the organisation's Owner either: it cannot invite more people in.
    expect((await invite(invitee, org.groupId)).errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
  });

  it('a broker cannot invite into a supplier organisation whose first user has joined', async () => {
    const broker = await seedBroker(t);
    const { org, firstEmail } = await supplierOf(broker.token);
    const pending = await invite(broker.token, org.groupId);
    expect(pending.errors).toBeUndefined();
    const owner = await join(firstEmail);

    const email = uniqueEmail('too-late');
    const refused = await invite(broker.token, org.groupId, email);
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    expect(refused.errors?.[0]?.message).toBe(
      'Introduced Co already has a user who joined: from now on its Owner invites colleagues, not the broker',
    );
    expect(await userExists(email)).toBe(false);
    const resend = await t.gql(broker.token, RESEND, { sub: pending.data!.inviteUser.sub });
    expect(resend.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    expect((await permission(broker.token, org.groupId)).mayInvite).toBe(false);

    // The Owner who joined takes over: it invites and resends.
    expect(await permission(owner, org.groupId)).toEqual({ mayInvite: true, reason: null });
    expect((await invite(owner, org.groupId)).errors).toBeUndefined();
    expect((await t.gql(owner, RESEND, { sub: pending.data!.inviteUser.sub })).errors).toBeUndefined();
  });

  it('a broker cannot invite into its supplier once any invited user joined, owner or not', async () => {
    const broker = await seedBroker(t);
    const { org } = await supplierOf(broker.token);
    const email = uniqueEmail('member-first');
    expect((await invite(broker.token, org.groupId, email)).errors).toBeUndefined();
    await join(email);
    expect((await invite(broker.token, org.groupId)).errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
    });
  });

  it('a broker cannot invite its own mailbox into a supplier it did not create', async () => {
    const broker = await seedBroker(t);
    // An admin-created supplier nobody has joined yet, and a supplier that registered itself.
    const adminMade = await t.gql<{ createOrganisation: OrganisationView }>(admin, CREATE, {
      input: { group_type: 'Supplier', group_name: 'Admin Co', user: { email: uniqueEmail('a'), name: 'A' } },
    });
    const selfMade = await seedOrganisation(db(), { type: 'Supplier' });
    for (const groupId of [adminMade.data!.createOrganisation.groupId, selfMade.groupId]) {
      const email = uniqueEmail('broker-mailbox');
      const res = await invite(broker.token, groupId, email);
      expect(res.errors?.[0]).toMatchObject({
        errorType: 'Unauthorized',
        message:
          'A broker may only add users to its own organisation and to a supplier organisation it created',
      });
      expect(await userExists(email)).toBe(false);
      expect((await permission(broker.token, groupId)).mayInvite).toBe(false);
    }
    // Nor into another broker's supplier.
    const other = await seedBroker(t);
    const { org } = await supplierOf(other.token);
    expect((await invite(broker.token, org.groupId)).errors?.[0]).toMatchObject({
      errorType: 'Unauthorized',
    });
  });

  it('a broker invites colleagues into its own organisation with the broker group', async () => {
    const broker = await seedBroker(t);
    expect(await permission(broker.token, broker.groupId)).toEqual({ mayInvite: true, reason: null });
    const res = await invite(broker.token, broker.groupId);
    expect(res.data?.inviteUser).toMatchObject({ groups: ['Broker'], user_role: 'Member' });
  });

  it('an administrator still invites into any organisation, joined or not', async () => {
    const broker = await seedBroker(t);
    const { org, firstEmail } = await supplierOf(broker.token);
    await join(firstEmail);
    expect(await permission(admin, org.groupId)).toEqual({ mayInvite: true, reason: null });
    const res = await invite(admin, org.groupId);
    expect(res.data?.inviteUser).toMatchObject({ groups: [], user_role: 'Member' });
  });

  it('nobody but an administrator adds a membership through the plain createUsergroup mutation', async () => {
    const broker = await seedBroker(t);
    const { org } = await supplierOf(broker.token);
    const supplier = await seedOrganisation(db(), { type: 'Supplier' });
    const owner = await t.signIn(supplier.email);
    const before = await db().query('SELECT id FROM usergroup WHERE "groupId" = ANY($1)', [
      [org.groupId, supplier.groupId],
    ]);
    for (const [token, groupId] of [
      [broker.token, org.groupId],
      [owner, supplier.groupId],
    ] as const) {
      const res = await t.gql(token, CREATE_MEMBERSHIP, {
        input: {
          groupId,
          sub: broker.sub,
          group_type: 'Supplier',
          group_name: 'Taken Over',
          user_role: 'Owner',
          user_email: broker.email,
        },
      });
      expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
    }
    const after = await db().query('SELECT id FROM usergroup WHERE "groupId" = ANY($1)', [
      [org.groupId, supplier.groupId],
    ]);
    expect(after).toHaveLength(before.length);
  });
});
