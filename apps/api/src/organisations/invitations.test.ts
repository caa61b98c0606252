import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import type { OrganisationUser } from './organisation-users.ts';
import type { OrganisationView } from './organisation-view.ts';
import {
  ORGANISATION_FIELDS,
  USER_FIELDS,
  invitationTokenFor,
  mailTo,
  orgTestApp,
  post,
  seedBroker,
  seedOrganisation,
  uniqueEmail,
  type OrgTestApp,
} from './test-support.ts';

const CHOSEN = 'violet lantern across the harbour';
const CREATE = `mutation ($input: CreateOrganisationInput!) { createOrganisation(input: $input) { ${ORGANISATION_FIELDS} } }`;
const INVITE = `mutation ($input: InviteUserInput!) { inviteUser(input: $input) { ${USER_FIELDS} } }`;
const RESEND = `mutation ($sub: ID!) { resendInvitation(sub: $sub) { ${USER_FIELDS} } }`;
const DAY = 24 * 60 * 60 * 1000;

describeDatabases('invitations', (db) => {
  let t: OrgTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await orgTestApp(db());
    admin = await t.signIn((await seedOrganisation(db(), { type: 'Admin' })).email);
  });
  afterAll(async () => t.app.close());

  const createOrg = async (type = 'Supplier'): Promise<{ org: OrganisationView; email: string }> => {
    const email = uniqueEmail('owner');
    const res = await t.gql<{ createOrganisation: OrganisationView }>(admin, CREATE, {
      input: { group_type: type, group_name: 'Invited Co', user: { email, name: 'Owner' } },
    });
    expect(res.errors).toBeUndefined();
    return { org: res.data!.createOrganisation, email };
  };
  const invite = (token: string, groupId: string, email = uniqueEmail('member')) =>
    t.gql<{ inviteUser: OrganisationUser }>(token, INVITE, { input: { groupId, email, name: 'New Member' } });
  const accept = (token: string, password = CHOSEN) => post(t.app, 'accept-invitation', { token, password });

  it('lets the invited user choose a password once, then sign in with it', async () => {
    const { org, email } = await createOrg('Investor');
    const token = await invitationTokenFor(db(), email);
    const weak = await accept(token, 'password');
    expect(weak.body.error).toBe('InvalidPasswordException');
    // A refused password does not use the invitation up.
    const accepted = await accept(token);
    expect(accepted).toEqual({ status: 200, body: { username: email } });
    const idToken = await t.signIn(email, CHOSEN);
    const session = await t.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { authorization: idToken },
    });
    expect(session.json()).toMatchObject({ role: 'Investor', groupId: org.groupId });
    expect(await accept(token, 'another long passphrase here')).toMatchObject({
      status: 400,
      body: { error: 'CodeMismatchException' },
    });
    const users = await t.gql<{ organisationUsers: OrganisationUser[] }>(
      idToken,
      `query ($g: ID!) { organisationUsers(groupId: $g) { ${USER_FIELDS} } }`,
      { g: org.groupId },
    );
    expect(users.data?.organisationUsers[0]).toMatchObject({
      invitationPending: false,
      invitationExpiresAt: null,
    });
  });

  it('refuses an unknown token and an expired one', async () => {
    expect((await accept('no-such-invitation-token')).body.error).toBe('CodeMismatchException');
    const { email } = await createOrg();
    const token = await invitationTokenFor(db(), email);
    t.clock.advance(8 * DAY);
    try {
      expect((await accept(token)).body).toMatchObject({ error: 'ExpiredCodeException' });
    } finally {
      t.clock.advance(-(8 * DAY));
    }
    expect((await accept(token)).body.error).toBe('CodeMismatchException');
  });

  it('resends a fresh link that replaces the old one, only before a password is chosen', async () => {
    const { org, email } = await createOrg();
    const sub = org.users[0]!.sub;
    const first = await invitationTokenFor(db(), email);
    const resent = await t.gql<{ resendInvitation: OrganisationUser }>(admin, RESEND, { sub });
    expect(resent.errors).toBeUndefined();
    expect(resent.data!.resendInvitation).toMatchObject({ sub, invitationPending: true });
    const second = await invitationTokenFor(db(), email);
    expect(second).not.toBe(first);
    expect((await accept(first)).body.error).toBe('CodeMismatchException');
    expect((await accept(second)).status).toBe(200);
    const again = await t.gql(admin, RESEND, { sub });
    expect(again.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
    expect(again.errors?.[0]?.message).toMatch(/already chosen a password/);
  });

  it('lets an admin add a member to any organisation, refusing other roles', async () => {
    const { org } = await createOrg('Spv');
    const email = uniqueEmail('spv-member');
    const res = await invite(admin, org.groupId, email);
    expect(res.errors).toBeUndefined();
    expect(res.data!.inviteUser).toMatchObject({
      email,
      groupId: org.groupId,
      groups: ['Spv'],
      user_role: 'Member',
      invitationPending: true,
    });
    expect((await mailTo(db(), email))?.text).toContain('Invited Co');
    // A supplier's Owner invites only into its own organisation (invite-rules.test.ts).
    const supplier = await seedOrganisation(db(), { type: 'Supplier' });
    const foreign = await invite(await t.signIn(supplier.email), org.groupId);
    expect(foreign.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    const resend = await t.gql(await t.signIn(supplier.email), RESEND, { sub: res.data!.inviteUser.sub });
    expect(resend.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
  });

  it('lets a broker invite into its own and its introduced organisations, never a foreign one', async () => {
    const broker = await seedBroker(t);
    const created = await t.gql<{ createOrganisation: OrganisationView }>(broker.token, CREATE, {
      input: {
        group_type: 'Supplier',
        group_name: 'Introduced Co',
        user: { email: uniqueEmail('i'), name: 'I' },
      },
    });
    const introduced = created.data!.createOrganisation.groupId;
    const intoIntroduced = await invite(broker.token, introduced);
    expect(intoIntroduced.data?.inviteUser).toMatchObject({
      groupId: introduced,
      groups: [],
      user_role: 'Member',
    });
    const resend = await t.gql(broker.token, RESEND, { sub: intoIntroduced.data!.inviteUser.sub });
    expect(resend.errors).toBeUndefined();
    const colleague = await invite(broker.token, broker.groupId);
    expect(colleague.data?.inviteUser).toMatchObject({ groupId: broker.groupId, groups: ['Broker'] });

    const foreign = await seedOrganisation(db(), { type: 'Supplier' });
    const email = uniqueEmail('foreign');
    const refused = await invite(broker.token, foreign.groupId, email);
    expect(refused.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
    expect(await db().query('SELECT 1 FROM auth_users WHERE email = $1', [email])).toHaveLength(0);
    const { org: adminMade } = await createOrg();
    const resendForeign = await t.gql(broker.token, RESEND, { sub: adminMade.users[0]!.sub });
    expect(resendForeign.errors?.[0]).toMatchObject({ errorType: 'Unauthorized' });
  });

  it('answers NotFound for an organisation that does not exist', async () => {
    const res = await invite(admin, '00000000-0000-4000-8000-00000000dead');
    expect(res.errors?.[0]).toMatchObject({ errorType: 'NotFound' });
  });
});
