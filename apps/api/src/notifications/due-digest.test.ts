import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { sendInsuranceExpiryNotices } from '../insurance/expiry-notices.ts';
import { SCHEDULED_JOBS } from '../jobs/scheduled-jobs.ts';
import { loadConfig } from '../config.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { decidedRequestFixture } from '../testing/line-fixture.ts';
import { addUsers, USERS, type UserName } from '../testing/notification-users.ts';
import { BUYER_SIGNER } from '../testing/samples.ts';
import { approveLine, buildWorld, CALLERS, type World } from '../testing/world.ts';
import { sendDueDigest } from './due-digest.ts';
import { alertStuckEnvelopes } from '../esign/envelope-alerts.ts';
import { localTime } from './platform-settings.ts';

/**
 * The daily digest, the administrators' alerts and the platform's time zone
 * (docs/business-rules.md, “Notifications”), on a fixed day: 2026-03-10 in Europe/Zurich (UTC+1).
 */

const DAY = '2026-03-10';
const at = (iso: string) => ({ now: () => new Date(iso) });
const ZONE = 'mutation ($tz: String!) { setPlatformTimeZone(timeZone: $tz) { timeZone } }';
const LIST = 'query { notifications(limit: 100) { items { id event title body link } } }';
type Item = { event: string; title: string; body: string | null; link: string | null };

describeDatabases('daily digest and alerts', (db) => {
  let api: ApiHarness;
  let world: World;
  const numbers: Record<string, string> = {};
  const items = async (who: UserName): Promise<Item[]> => {
    const res = await api.gql<{ notifications: { items: Item[] } }>(who, LIST);
    expect(res.errors).toBeUndefined();
    return res.data!.notifications.items;
  };
  const deps = (iso: string) => ({
    db: db(),
    publicUrl: 'https://rf.test',
    mailer: { send: async () => undefined },
    clock: at(iso),
  });

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    await addUsers(db(), api);
    world = await buildWorld(api, '');
    await buildWorld(api, '2');
    await approveLine(api, world.Buyer);
    // Requests of the line: past due, due today, due in 7 and 8 days, settled, under review.
    const cases = [
      ['past', '2026-03-08', 'Approved'],
      ['today', DAY, 'Approved'],
      ['seven', '2026-03-17', 'Approved'],
      ['eight', '2026-03-18', 'Approved'],
      ['settled', '2026-03-09', 'Settled'],
      ['review', '2026-03-11', null],
    ] as const;
    for (const [key, due, status] of cases) {
      const number = `DG-${key}`;
      const res = await api.gql<{ submitRequests: { ids: string[] } }>(
        'Supplier',
        'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { ids } }',
        {
          input: {
            buyerId: world.Buyer,
            requests: JSON.stringify([
              {
                invoice_amount: '2000.00',
                invoice_currency: 'USD',
                invoice_date: '2026-01-20',
                invoice_due_date: '2027-01-20',
                invoice_number: number,
                sold_goods_description: 'Steel coils',
                invoice_attachment: 'tests/invoice.pdf',
                bill_of_lading_attachment: 'tests/bol.pdf',
                ...BUYER_SIGNER,
              },
            ]),
          },
        },
      );
      expect(res.errors).toBeUndefined();
      const id = res.data!.submitRequests.ids[0]!;
      if (status) await decidedRequestFixture(db(), id, status, '1800.00');
      await db().query('UPDATE "request" SET invoice_due_date = $2 WHERE id = $1', [id, due]);
      numbers[key] = number;
    }
  });
  afterAll(async () => api?.app.close());

  it('keeps the time zone an administrator sets, if it is an IANA name', async () => {
    expect((await api.gql('ivy', 'query { platformSettings { timeZone } }')).data).toEqual({
      platformSettings: { timeZone: 'UTC' },
    });
    const investor = await api.gql('ivy', ZONE, { tz: 'Europe/Zurich' });
    expect(investor.errors?.[0]?.errorType).toBe('Unauthorized');
    for (const tz of ['Mars/Olympus', '+01:00', 'CET; DROP TABLE x', ''])
      expect((await api.gql('ada', ZONE, { tz })).errors?.[0]?.message).toMatch(/not an IANA time zone name/);
    expect((await api.gql('ada', ZONE, { tz: 'Europe/Zurich' })).data).toEqual({
      setPlatformTimeZone: { timeZone: 'Europe/Zurich' },
    });
    expect((await api.gql('sue', 'query { platformSettings { timeZone } }')).data).toEqual({
      platformSettings: { timeZone: 'Europe/Zurich' },
    });
  });

  it('sends the digest at 07:00 in the platform’s time zone, once, listing past-due and due-in-7-days invoices', async () => {
    await api.gql('ada', ZONE, { tz: 'Europe/Zurich' });
    await api.gql(
      'sam',
      'mutation { setNotificationPreference(event: "digest.due", email: false) { email } }',
    );
    const mail: { to: string; subject: string; text: string; html?: string }[] = [];
    const run = (iso: string) =>
      sendDueDigest({ ...deps(iso), mailer: { send: async (m) => void mail.push(m) } });
    expect(await run('2026-03-10T05:59:00Z')).toBeNull(); // 06:59 in Zurich
    const sent = await run('2026-03-10T06:00:00Z');
    expect(sent?.date).toBe(DAY);
    expect(await run('2026-03-10T06:15:00Z')).toBeNull();

    const [digest] = (await items('ivy')).filter((n) => n.event === 'digest.due');
    expect(digest).toMatchObject({
      title: '1 invoice past due, 2 due in the next 7 days',
      link: '/investor/requests',
    });
    expect((await items('sam')).filter((n) => n.event === 'digest.due')).toHaveLength(1);
    // Another investor funds nothing due: no digest.
    expect((await items('eve')).filter((n) => n.event === 'digest.due')).toEqual([]);

    const toIvy = mail.filter((m) => m.to === USERS.ivy.email);
    expect(toIvy).toHaveLength(1);
    const [email] = toIvy;
    expect(email!.subject).toBe(`Invoices due: 1 past due, 2 due in the next 7 days (${DAY})`);
    for (const key of ['past', 'today', 'seven']) {
      expect(email!.text).toContain(numbers[key]);
      expect(email!.html).toContain(numbers[key]);
    }
    for (const key of ['eight', 'settled', 'review']) expect(email!.text).not.toContain(numbers[key]);
    expect(email!.text).toContain('2026-03-08, 2 days past due');
    expect(email!.text).toContain(`${DAY}, due today`);
    expect(email!.text).toContain('2026-03-17, due in 7 days');
    expect(email!.text).toContain('USD 2,000.00');
    expect(email!.text).toContain('https://rf.test/investor/request/');
    expect(email!.text).toContain('Europe/Zurich');
    // Sam turned the digest's e-mail off; the SPV's members without an account still get it.
    expect(mail.map((m) => m.to)).not.toContain(USERS.sam.email);
    expect(mail.map((m) => m.to)).toContain('officer1@spv.test');
  });

  it('runs every quarter hour and so sends at 07:00 local once a day, whatever the zone', async () => {
    const jobs = SCHEDULED_JOBS({ config: loadConfig({}), db: db(), keys: api.keys });
    expect(jobs.find((j) => j.name === 'due-digest')?.cron).toBe('*/15 * * * *');
    expect(jobs.find((j) => j.name === 'envelope-stuck-alerts')?.cron).toBe('20 * * * *');
    await api.gql('ada', ZONE, { tz: 'Asia/Kolkata' }); // UTC+05:30
    const sentAt: string[] = [];
    for (
      let t = Date.parse('2026-03-11T00:00:00Z');
      t < Date.parse('2026-03-13T00:00:00Z');
      t += 15 * 60_000
    ) {
      const iso = new Date(t).toISOString();
      if (await sendDueDigest(deps(iso))) sentAt.push(iso);
    }
    expect(sentAt).toEqual(['2026-03-11T01:30:00.000Z', '2026-03-12T01:30:00.000Z']);
    expect(sentAt.map((iso) => localTime(new Date(iso), 'Asia/Kolkata'))).toEqual([
      { date: '2026-03-11', hour: 7, minute: 0 },
      { date: '2026-03-12', hour: 7, minute: 0 },
    ]);
  });

  it('alerts the administrators of envelopes stuck for 7 days, once each, and of expiring insurance', async () => {
    expect(await alertStuckEnvelopes(deps(new Date(Date.now() + 6 * 86_400_000).toISOString()))).toBe(0);
    const stuck = await alertStuckEnvelopes(deps(new Date(Date.now() + 8 * 86_400_000).toISOString()));
    expect(stuck).toBeGreaterThan(0);
    expect(await alertStuckEnvelopes(deps(new Date(Date.now() + 9 * 86_400_000).toISOString()))).toBe(0);
    const alerts = (await items('ada')).filter((n) => n.event === 'alert.envelope');
    expect(alerts).toHaveLength(stuck);
    expect(alerts[0]).toMatchObject({
      title: expect.stringMatching(/^Signing stuck: /),
      link: expect.stringMatching(/^\/admin\/request\//),
    });
    expect((await items('sue')).some((n) => n.event === 'alert.envelope')).toBe(false);

    await db().query(
      `UPDATE "insurance" SET insurance_status = 'Active', insurance_cover_start_date = '2025-01-01', insurance_cover_end_date = $2 WHERE id = $1`,
      [world.Insurance, '2026-03-20'],
    );
    await sendInsuranceExpiryNotices({ ...deps('2026-03-10T09:00:00Z') });
    const [insurance] = (await items('ada')).filter((n) => n.event === 'alert.insurance');
    expect(insurance).toMatchObject({
      link: `/admin/insurance/${world.Insurance}`,
      title: expect.stringMatching(/expires in 10 days$/),
    });
    expect((await items('ivy')).some((n) => n.event === 'alert.insurance')).toBe(false);
  });
});
