import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse, subscribe } from 'graphql';
import { shiftDate } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { ChangeHub } from '../data/change-hub.ts';
import { buildSchema } from '../graphql/schema.ts';
import { notificationSubscriptions } from '../graphql/notification-operations.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { addUsers, USERS, type UserName } from '../testing/notification-users.ts';
import { BUYER_SIGNER } from '../testing/samples.ts';
import { approveLine, buildWorld, CALLERS, type World } from '../testing/world.ts';
import { notify } from './notify.ts';

/**
 * Notifications through the raw GraphQL a hostile caller would send
 * (docs/business-rules.md, “Notifications”): who is told of a new request, a batch and a status
 * move, e-mail preferences, and that nobody reads, marks or hears another user's notifications.
 */

const LIST = `query ($unreadOnly: Boolean, $limit: Int, $nextToken: String) {
  notifications(unreadOnly: $unreadOnly, limit: $limit, nextToken: $nextToken) {
    items { id event title body link createdAt readAt } nextToken
  }
}`;
const MARK = 'mutation ($ids: [ID!], $all: Boolean) { markNotificationsRead(ids: $ids, all: $all) }';
const COUNT = 'query { unreadNotificationCount }';
const PREFS = 'query { notificationPreferences { event label email } }';
const SET_PREF =
  'mutation ($event: String!, $email: Boolean!) { setNotificationPreference(event: $event, email: $email) { event label email } }';

type Item = {
  id: string;
  event: string;
  title: string;
  body: string | null;
  link: string | null;
  readAt: string | null;
};
const today = new Date().toISOString().slice(0, 10);
let serial = 0;
const invoice = () => ({
  invoice_amount: '1250.00',
  invoice_currency: 'USD',
  invoice_date: shiftDate(today, -5),
  invoice_due_date: shiftDate(today, 55),
  invoice_number: `N-${++serial}-${Math.random().toString(36).slice(2, 6)}`,
  sold_goods_description: 'Steel coils',
  invoice_attachment: 'tests/invoice.pdf',
  bill_of_lading_attachment: 'tests/bol.pdf',
  ...BUYER_SIGNER,
});

describeDatabases('notifications', (db) => {
  let api: ApiHarness;
  let world: World;
  const ok = async <T = Record<string, unknown>>(
    who: string | null,
    query: string,
    variables?: Record<string, unknown>,
  ) => {
    const res = await api.gql<T>(who, query, variables);
    expect(res.errors, query).toBeUndefined();
    return res.data as T;
  };
  const items = async (who: UserName, variables: Record<string, unknown> = {}) =>
    (await ok<{ notifications: { items: Item[]; nextToken: string | null } }>(who, LIST, variables))
      .notifications;
  const count = async (who: UserName) =>
    (await ok<{ unreadNotificationCount: number }>(who, COUNT)).unreadNotificationCount;
  const mailTo = (to: string) => api.mail.filter((m) => m.to === to);
  const submit = async (n: number) => {
    const res = await ok<{ submitRequests: { ids: string[] } }>(
      'Supplier',
      'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }',
      { input: { buyerId: world.Buyer, requests: JSON.stringify(Array.from({ length: n }, invoice)) } },
    );
    return res.submitRequests.ids;
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    await addUsers(db(), api);
    world = await buildWorld(api, '');
    await buildWorld(api, '2');
    await approveLine(api, world.Buyer);
  });
  afterAll(async () => api?.app.close());

  it('tells the line’s investor and SPV users of a new request, with a link into their own area; not another investor', async () => {
    const ivyBefore = await count('ivy');
    const mailBefore = api.mail.length;
    const [id] = await submit(1);
    const [forIvy] = (await items('ivy')).items;
    expect(forIvy).toMatchObject({
      event: 'request.submitted',
      link: `/investor/request/${id}`,
      readAt: null,
    });
    expect(forIvy!.title).toMatch(/^New request N-\d+-\w+ from /);
    expect(forIvy!.body).toContain('USD 1,250.00');
    expect(await count('ivy')).toBe(ivyBefore + 1);
    expect((await items('sam')).items[0]).toMatchObject({
      event: 'request.submitted',
      link: `/spv/request/${id}`,
    });
    // The other world's funders are told of their own line's requests only.
    for (const who of ['eve', 'sid'] as const)
      expect(JSON.stringify((await items(who, { limit: 100 })).items)).not.toContain(String(id));
    const sent = api.mail.slice(mailBefore);
    const toIvy = sent.find((m) => m.to === USERS.ivy.email);
    expect(toIvy?.subject).toBe(forIvy!.title);
    expect(toIvy?.text).toContain(`/investor/request/${id}`);
    expect(toIvy?.html).toContain('USD 1,250.00');
    // The funders' members without an account are told by e-mail.
    expect(sent.map((m) => m.to)).toEqual(
      expect.arrayContaining([USERS.sam.email, 'officer1@investor.test', 'officer1@spv.test']),
    );
    expect(sent.map((m) => m.to)).not.toContain(USERS.eve.email);
  });

  it('tells of a batch once', async () => {
    const before = (await items('ivy', { limit: 100 })).items.length;
    const ids = await submit(3);
    const after = (await items('ivy', { limit: 100 })).items;
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({
      event: 'request.submitted',
      title: expect.stringMatching(/^New batch of 3 requests from /),
      link: `/investor/request/${ids[0]}`,
    });
  });

  it('tells the supplier’s users of status moves of its line and requests, not the funders', async () => {
    const line = (await items('sue', { limit: 100 })).items.find((n) => n.event === 'line.status');
    expect(line).toMatchObject({
      title: expect.stringMatching(/^Buyer line .* is now Approved$/),
      link: `/app/buyer/${world.Buyer}`,
    });
    const [id] = await submit(1);
    const mailBefore = api.mail.length;
    await ok('Admin', 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
      input: { model: 'Request', id, to: 'Declined', comment: 'Invoice unreadable' },
    });
    const [moved] = (await items('sue')).items;
    expect(moved).toMatchObject({
      event: 'request.status',
      title: expect.stringMatching(/^Request N-\d+-\w+ is now Declined$/),
      body: 'Comment: Invoice unreadable',
      link: `/app/request/${id}`,
    });
    expect((await items('ivy')).items.some((n) => n.event === 'request.status')).toBe(false);
    const mail = api.mail.slice(mailBefore).filter((m) => m.to === USERS.sue.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`/app/request/${id}`);
  });

  it('honours the e-mail switch: the notification stays, the e-mail goes', async () => {
    const prefs = (await ok<{ notificationPreferences: { event: string; email: boolean }[] }>('ivy', PREFS))
      .notificationPreferences;
    expect(prefs.map((p) => p.event)).toEqual(['request.submitted', 'record.status', 'digest.due']);
    expect(prefs.every((p) => p.email)).toBe(true);
    expect(await ok('ivy', SET_PREF, { event: 'request.submitted', email: false })).toEqual({
      setNotificationPreference: {
        event: 'request.submitted',
        label: 'New requests on your buyer lines',
        email: false,
      },
    });
    const mailBefore = api.mail.length;
    const inApp = await count('ivy');
    await submit(1);
    expect(await count('ivy')).toBe(inApp + 1);
    const sent = api.mail.slice(mailBefore).map((m) => m.to);
    expect(sent).not.toContain(USERS.ivy.email);
    expect(sent).toContain(USERS.sam.email);
    // Sam's switch is his own.
    expect(
      (await ok<{ notificationPreferences: { email: boolean }[] }>('sam', PREFS)).notificationPreferences[0]
        ?.email,
    ).toBe(true);
    await ok('ivy', SET_PREF, { event: 'request.submitted', email: true });
    const again = api.mail.length;
    await submit(1);
    expect(mailTo(USERS.ivy.email).length).toBeGreaterThan(0);
    expect(api.mail.slice(again).map((m) => m.to)).toContain(USERS.ivy.email);
  });

  it('refuses switches of events the caller does not receive, and the signing e-mail', async () => {
    const wrong = await api.gql('ivy', SET_PREF, { event: 'alert.insurance', email: false });
    expect(wrong.errors?.[0]?.message).toMatch(/does not receive alert.insurance/);
    const signing = await api.gql('ivy', SET_PREF, { event: 'envelope.sign', email: false });
    expect(signing.errors?.[0]?.message).toMatch(/personal signing link/);
    const unknown = await api.gql('ivy', SET_PREF, { event: 'nothing', email: false });
    expect(unknown.errors?.[0]?.errorType).toBe('ValidationError');
    expect(
      (await ok<{ notificationPreferences: { event: string }[] }>('ada', PREFS)).notificationPreferences.map(
        (p) => p.event,
      ),
    ).toEqual(['alert.insurance', 'alert.envelope']);
  });

  it('lets users read and mark only their own notifications', async () => {
    const own = (await items('ivy')).items;
    const target = own.find((n) => n.readAt === null)!;
    const unread = await count('ivy');
    // Another investor's user names Ivy's notification: refused, nothing marked.
    const attack = await api.gql('eve', MARK, { ids: [target.id] });
    expect(attack.errors?.[0]?.errorType).toBe('ValidationError');
    expect(await count('ivy')).toBe(unread);
    const mixed = await api.gql('ivy', MARK, { ids: [target.id, '00000000-0000-4000-8000-000000000000'] });
    expect(mixed.errors?.[0]?.message).toMatch(/No such notification of yours/);
    expect(await count('ivy')).toBe(unread);
    expect((await api.gql(null, COUNT)).errors?.[0]?.errorType).toBe('Unauthorized');
    expect((await api.gql(null, LIST)).errors?.[0]?.errorType).toBe('Unauthorized');

    expect(await ok('ivy', MARK, { ids: [target.id] })).toEqual({ markNotificationsRead: 1 });
    expect(await ok('ivy', MARK, { ids: [target.id] })).toEqual({ markNotificationsRead: 0 });
    expect(await count('ivy')).toBe(unread - 1);
    expect((await items('ivy', { unreadOnly: true, limit: 100 })).items.map((n) => n.id)).not.toContain(
      target.id,
    );

    // Pages: Ivy's token is bound to Ivy.
    const first = await items('ivy', { limit: 1 });
    expect(first.nextToken).toBeTruthy();
    const second = await items('ivy', { limit: 1, nextToken: first.nextToken });
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    const stolen = await api.gql('eve', LIST, { limit: 1, nextToken: first.nextToken });
    expect(stolen.errors?.[0]?.message).toMatch(/Invalid nextToken/);

    expect(
      (await ok<{ markNotificationsRead: number }>('ivy', MARK, { all: true })).markNotificationsRead,
    ).toBe(unread - 1);
    expect(await count('ivy')).toBe(0);
    expect(await count('sam')).toBeGreaterThan(0);
  });

  it('sends a subscriber only its own new notifications', async () => {
    const hub = await ChangeHub.start(db());
    try {
      const schema = buildSchema({ subscriptions: notificationSubscriptions });
      const ctx = (who: UserName) => ({
        db: db(),
        keys: api.keys,
        caller: api.callers.get(who)!,
        hub,
      });
      const document = parse('subscription { onNotification { id title link } }');
      const eve = (await subscribe({ schema, document, contextValue: ctx('eve') })) as AsyncGenerator<{
        data: { onNotification: { title: string } };
      }>;
      const ivy = (await subscribe({ schema, document, contextValue: ctx('ivy') })) as typeof eve;
      const next = { eve: eve.next(), ivy: ivy.next() };
      const tell = (who: UserName, title: string) =>
        db().transaction((tx) =>
          notify(
            tx,
            [{ sub: USERS[who].sub, email: null, name: who, role: 'Investor' }],
            { event: 'request.submitted', title, email: null },
            { at: new Date(), publicUrl: '' },
          ),
        );
      await tell('ivy', 'For Ivy');
      await tell('eve', 'For Eve');
      expect((await next.ivy).value.data.onNotification.title).toBe('For Ivy');
      expect((await next.eve).value.data.onNotification.title).toBe('For Eve');
      await eve.return(undefined);
      await ivy.return(undefined);
    } finally {
      await hub.close();
    }
  });

  it('tells a signer who is a user in the app, without the signing link', async () => {
    const [id] = await submit(1);
    // The offer notice's signer is the supplier's owner, who has an account.
    const signing = (await items('sue')).items.find((n) => n.event === 'envelope.sign');
    expect(signing).toMatchObject({
      title: expect.stringMatching(/^Please sign: /),
      link: `/app/request/${id}`,
      body: `Your personal signing link was e-mailed to ${USERS.sue.email}.`,
    });
    expect(JSON.stringify(signing)).not.toMatch(/\/sign\//);
  });
});
