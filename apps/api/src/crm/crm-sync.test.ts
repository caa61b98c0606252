import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createRecord } from '../operations/create-record.ts';
import { seedOrganisation } from '../organisations/test-support.ts';
import { crmConfigFrom } from './crm-config.ts';
import { syncCrm } from './crm-sync.ts';
import { startFakeHubspot, type FakeHubspot } from './fake-hubspot.ts';
import { application, crmTestApp, freshAddress, member, type CrmTestApp } from './test-crm-app.ts';

/**
 * Pushes to the external CRM (docs/architecture.md, “CRM”) through the HubSpot adapter against a
 * local fake of HubSpot's CRM v3 objects API: a lead's company and contact on application, updated
 * (not duplicated) on invitation, the organisation as a customer once onboarded; a failing CRM
 * neither fails the request nor loses the push, which the next run delivers.
 */
describeDatabases('CRM pushes to HubSpot', (db) => {
  let t: CrmTestApp;
  let hubspot: FakeHubspot;
  let admin: Awaited<ReturnType<typeof member>>;
  const sync = () =>
    syncCrm({
      db: db(),
      crm: crmConfigFrom({
        CRM_PROVIDER: 'hubspot',
        HUBSPOT_TOKEN: hubspot.token,
        HUBSPOT_BASE_URL: hubspot.baseUrl,
      }),
    });
  const pending = async () =>
    db().query<{ subject: string; attempts: number; last_error: string | null }>(
      'SELECT subject, attempts, last_error FROM crm_push WHERE pushed_at IS NULL ORDER BY created_at',
    );
  const leadId = async (company: string) => {
    const [row] = await db().query<{ id: string }>('SELECT id FROM lead WHERE company = $1', [company]);
    return row!.id;
  };
  /** The organisation's company record, made by an administrator and approved (a fixture). */
  const approvedCompany = async (model: 'Supplier' | 'Investor', groupId: string, name: string) => {
    const prefix = model.toLowerCase();
    const record = await createRecord(
      { db: db(), keys: t.ctx.keys, caller: { sub: admin.sub, groupId: admin.groupId, role: 'Admin' } },
      { model, values: { [`${prefix}_name`]: name, [`${prefix}_country`]: 'NO', userId: groupId } },
    );
    await db().query(`UPDATE ${prefix} SET ${prefix}_status = 'Approved' WHERE id = $1`, [String(record.id)]);
  };
  const company = (name: string) => [...hubspot.companies.values()].filter((c) => c.properties.name === name);

  beforeAll(async () => {
    hubspot = await startFakeHubspot();
    t = await crmTestApp(db(), { pushToCrm: true });
    admin = await member(t, 'Admin');
  });
  afterAll(async () => {
    await t.app.close();
    await hubspot.close();
  });

  it('pushes an applicant’s company and contact, associated, after the answer', async () => {
    const res = await t.call('POST', '/crm/leads', {
      body: application({
        company: 'Nordic Timber',
        email: 'ingrid@nordic.example',
        contactName: 'Ingrid Berg Olsen',
        monthlyVolume: '90000',
        currency: 'SEK',
        country: 'SE',
      }),
      address: freshAddress(),
    });
    expect(res.status).toBe(201);
    expect(hubspot.calls).toEqual([]);
    expect(await pending()).toEqual([{ subject: 'lead', attempts: 0, last_error: null }]);
    expect(await sync()).toEqual({ onboarded: 0, pushed: 1 });
    const [created] = company('Nordic Timber');
    expect(created?.properties).toMatchObject({
      country: 'SE',
      lifecyclestage: 'lead',
      description: expect.stringMatching(/^Expected monthly volume: SEK 90000\.00\. /),
    });
    const contact = [...hubspot.contacts.values()].find(
      (c) => c.properties.email === 'ingrid@nordic.example',
    );
    expect(contact?.properties).toMatchObject({
      firstname: 'Ingrid',
      lastname: 'Berg Olsen',
      company: 'Nordic Timber',
    });
    expect(contact?.companies).toEqual([created!.id]);
    expect(await pending()).toEqual([]);
  });

  it('keeps a push the CRM refused and delivers it on a later run, without failing the application', async () => {
    hubspot.failNext(1, 500);
    const res = await t.call('POST', '/crm/leads', {
      body: application({ company: 'Retry Robotics', email: 'rita@retry.example' }),
      address: freshAddress(),
    });
    expect(res.status).toBe(201);
    expect(await sync()).toEqual({ onboarded: 0, pushed: 0 });
    const [failed] = await pending();
    expect(failed).toMatchObject({ subject: 'lead', attempts: 1 });
    expect(failed?.last_error).toMatch(/HubSpot answered 500 to POST \/crm\/v3\/objects\/companies/);
    // Its pause is over.
    await db().query('UPDATE crm_push SET claimed_until = now() WHERE pushed_at IS NULL');
    expect(await sync()).toEqual({ onboarded: 0, pushed: 1 });
    expect(company('Retry Robotics')).toHaveLength(1);
  });

  it('updates the same company and contact on invitation, and marks them customers once onboarded', async () => {
    const id = await leadId('Nordic Timber');
    const invited = await t.call('POST', `/crm/leads/${id}/invite`, { token: admin.token });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    hubspot.calls.length = 0;
    expect(await sync()).toEqual({ onboarded: 0, pushed: 1 });
    expect(hubspot.calls).toEqual(
      expect.arrayContaining([expect.stringMatching(/^PATCH \/crm\/v3\/objects\/companies\/\d+$/)]),
    );
    expect(company('Nordic Timber')).toHaveLength(1);
    // The invited organisation's Supplier record approved: the lead is onboarded, the organisation pushed.
    await approvedCompany('Supplier', String(invited.body.groupId), 'Nordic Timber');
    const run = await sync();
    expect(run.onboarded).toBe(1);
    expect(company('Nordic Timber')).toHaveLength(1);
    expect(company('Nordic Timber')[0]?.properties.lifecyclestage).toBe('customer');
    const [lead] = await db().query('SELECT stage FROM lead WHERE id = $1', [id]);
    expect(lead).toEqual({ stage: 'Onboarded' });
    expect(await pending()).toEqual([]);
  });

  it('pushes every onboarded organisation once, lead or not', async () => {
    const org = await seedOrganisation(db(), { type: 'Investor', name: 'Approved Capital' });
    await approvedCompany('Investor', org.groupId, 'Approved Capital');
    await sync();
    expect(company('Approved Capital')).toHaveLength(1);
    expect(company('Approved Capital')[0]?.properties).toMatchObject({
      country: 'NO',
      lifecyclestage: 'customer',
    });
    const owner = [...hubspot.contacts.values()].find((c) => c.properties.email === org.email);
    expect(owner?.companies).toEqual([company('Approved Capital')[0]!.id]);
    await sync();
    expect(company('Approved Capital')).toHaveLength(1);
  });

  it('queues nothing while no CRM is configured', async () => {
    const off = await crmTestApp(db(), { pushToCrm: false });
    const before = (await db().query('SELECT count(*)::int AS n FROM crm_push'))[0]!.n;
    expect(
      (await off.call('POST', '/crm/leads', { body: application(), address: freshAddress() })).status,
    ).toBe(201);
    expect(await syncCrm({ db: db(), crm: null })).toEqual({ onboarded: 0, pushed: 0 });
    expect((await db().query('SELECT count(*)::int AS n FROM crm_push'))[0]!.n).toBe(before);
    await off.app.close();
  });
});
