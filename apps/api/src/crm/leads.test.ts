import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { mailTo } from '../organisations/test-support.ts';
import { application, crmTestApp, freshAddress, member, type CrmTestApp } from './test-crm-app.ts';

type Member = Awaited<ReturnType<typeof member>>;

/**
 * The CRM's leads (docs/business-rules.md, “CRM leads”): the public application with its checks,
 * honeypot and limit per address; who works which leads (administrators all, a broker its own)
 * and the attacker's paths; the pipeline's allowed moves with their history; the invitation as a
 * supplier organisation through the existing flow; Onboarded once that supplier is approved.
 */
describeDatabases('CRM leads', (db) => {
  let t: CrmTestApp;
  let admin: Member;
  let broker: Member;
  let broker2: Member;
  let supplier: Member;
  let investor: Member;

  const apply = async (over: Record<string, unknown> = {}, address = freshAddress()) =>
    t.call('POST', '/crm/leads', { body: application(over), address });
  const leadsOf = async (token: string, query = '') => {
    const res = await t.call('GET', `/crm/leads${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as {
      items: { id: string; company: string; stage: string }[];
      counts: Record<string, number>;
      total: number;
    };
  };
  const leadNamed = async (company: string) => {
    const found = (await leadsOf(admin.token, `?search=${encodeURIComponent(company)}`)).items[0];
    expect(found, company).toBeDefined();
    return found!;
  };

  beforeAll(async () => {
    t = await crmTestApp(db(), { applicationsPerHour: 5 });
    admin = await member(t, 'Admin');
    broker = await member(t, 'Broker');
    broker2 = await member(t, 'Broker');
    supplier = await member(t, 'Supplier');
    investor = await member(t, 'Investor');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('stores an application as a New lead with its history, the volume exact in its currency', async () => {
    const res = await apply({ company: 'Volta Trading', monthlyVolume: '1,250,000.5', currency: 'EUR' });
    expect(res).toEqual({ status: 201, body: { received: true } });
    const lead = await leadNamed('Volta Trading');
    const detail = await t.call('GET', `/crm/leads/${lead.id}`, { token: admin.token });
    expect(detail.body).toMatchObject({
      company: 'Volta Trading',
      stage: 'New',
      monthlyVolume: '1250000.50',
      currency: 'EUR',
      country: 'GB',
      brokerGroupId: null,
      moves: ['Contacted', 'Lost'],
      canInvite: true,
    });
    expect(detail.body.events).toEqual([
      expect.objectContaining({ kind: 'created', toStage: 'New', actorName: 'Ada Lovelace' }),
    ]);
  });

  it('refuses a bad application with each field’s problem, and stores nothing', async () => {
    const before = (await leadsOf(admin.token)).total;
    const res = await apply({
      company: ' ',
      email: 'not-an-address',
      country: 'XX',
      monthlyVolume: '12.5',
      currency: 'JPY',
      phone: '12',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ValidationError');
    expect(res.body.fields).toEqual({
      company: 'Company is required',
      email: 'E-mail must be an e-mail address such as name@example.com',
      country: 'Country must be an ISO 3166 code such as GB or US',
      monthlyVolume: 'Expected monthly volume has at most 0 decimals in JPY',
      phone: 'Phone must be in E.164 form, such as +15550000001',
    });
    const none = await apply({ monthlyVolume: '0' });
    expect(none.body.fields).toEqual({ monthlyVolume: 'Expected monthly volume must be more than zero' });
    expect((await leadsOf(admin.token)).total).toBe(before);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = (await leadsOf(admin.token)).total;
    const res = await apply({ company: 'Robot Spam Co', website: 'http://spam.example' });
    expect(res).toEqual({ status: 201, body: { received: true } });
    expect((await leadsOf(admin.token)).total).toBe(before);
    expect((await leadsOf(admin.token, '?search=Robot')).items).toEqual([]);
  });

  it('limits applications per client address', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) expect((await apply({}, address)).status).toBe(201);
    const refused = await apply({}, address);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: 'LimitExceeded' });
    expect(String(refused.body.message)).toMatch(/Too many applications/);
    expect((await apply({}, freshAddress())).status).toBe(201);
  });

  it('refuses suppliers, investors and callers without a token on every lead route', async () => {
    await apply({ company: 'Guarded Ltd' });
    const lead = await leadNamed('Guarded Ltd');
    for (const who of [supplier, investor]) {
      for (const [method, url, body] of [
        ['GET', '/crm/leads', undefined],
        ['GET', `/crm/leads/${lead.id}`, undefined],
        ['PATCH', `/crm/leads/${lead.id}/stage`, { stage: 'Contacted' }],
        ['POST', `/crm/leads/${lead.id}/notes`, { note: 'mine now' }],
        ['POST', `/crm/leads/${lead.id}/invite`, {}],
      ] as const) {
        const res = await t.call(method, url, { token: who.token, body });
        expect(res, `${method} ${url}`).toEqual({
          status: 403,
          body: { error: 'Unauthorized', message: 'Only an administrator or a broker may work leads' },
        });
      }
    }
    const anonymous = await t.call('GET', `/crm/leads/${lead.id}`);
    expect(anonymous.status).toBe(401);
    expect((await t.call('GET', `/crm/leads/${lead.id}`, { token: admin.token })).body.stage).toBe('New');
  });

  it('gives a broker the leads its referral link brought, and not another broker’s', async () => {
    await apply({ company: 'Referred Foods', ref: broker.groupId });
    await apply({ company: 'Unreferred Metals', ref: '00000000-0000-4000-8000-000000000000' });
    const lead = await leadNamed('Referred Foods');
    expect(
      (await leadNamed('Unreferred Metals')) &&
        (
          await t.call('GET', `/crm/leads/${(await leadNamed('Unreferred Metals')).id}`, {
            token: admin.token,
          })
        ).body.brokerGroupId,
    ).toBeNull();
    const mine = await leadsOf(broker.token);
    expect(mine.items.map((l) => l.company)).toEqual(['Referred Foods']);
    expect(mine.counts).toEqual({ New: 1, Contacted: 0, Invited: 0, Onboarded: 0, Lost: 0 });
    expect((await t.call('GET', `/crm/leads/${lead.id}`, { token: broker.token })).body.brokerGroupId).toBe(
      broker.groupId,
    );
    expect((await leadsOf(broker2.token)).items).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/crm/leads/${lead.id}`, undefined],
      ['PATCH', `/crm/leads/${lead.id}/stage`, { stage: 'Lost', reason: 'stolen' }],
      ['POST', `/crm/leads/${lead.id}/notes`, { note: 'peek' }],
      ['POST', `/crm/leads/${lead.id}/invite`, {}],
    ] as const) {
      const res = await t.call(method, url, { token: broker2.token, body });
      expect(res, `${method} ${url}`).toEqual({
        status: 404,
        body: { error: 'NotFound', message: `Lead ${lead.id} not found` },
      });
    }
    expect((await t.call('GET', `/crm/leads/${lead.id}`, { token: admin.token })).body.stage).toBe('New');
  });

  it('lets an administrator give a lead to a broker and take it back; nobody else may', async () => {
    await apply({ company: 'Assigned Alloys' });
    const { id } = await leadNamed('Assigned Alloys');
    const assign = (token: string, brokerGroupId: string | null) =>
      t.call('PATCH', `/crm/leads/${id}/broker`, { token, body: { brokerGroupId } });
    const brokers = await t.call('GET', '/crm/brokers', { token: admin.token });
    expect((brokers.body as unknown as { groupId: string }[]).map((b) => b.groupId)).toEqual(
      expect.arrayContaining([broker.groupId, broker2.groupId]),
    );
    expect((await t.call('GET', '/crm/brokers', { token: broker.token })).status).toBe(403);
    expect((await assign(broker.token, broker.groupId)).status).toBe(403);
    expect((await assign(admin.token, supplier.groupId)).body.fields).toEqual({
      brokerGroupId: 'Broker must be an active broker organisation',
    });
    const given = await assign(admin.token, broker2.groupId);
    expect(given.body).toMatchObject({ brokerGroupId: broker2.groupId });
    expect((await leadsOf(broker2.token)).items.map((l) => l.company)).toContain('Assigned Alloys');
    expect((await t.call('GET', `/crm/leads/${id}`, { token: broker.token })).status).toBe(404);
    // The broker it was given to may not give it away.
    expect((await assign(broker2.token, broker.groupId)).status).toBe(403);
    const back = await assign(admin.token, null);
    expect(back.body).toMatchObject({ brokerGroupId: null });
    expect((await t.call('GET', `/crm/leads/${id}`, { token: broker2.token })).status).toBe(404);
    expect(
      (back.body.events as Record<string, unknown>[]).filter((e) => e.kind === 'assigned').map((e) => e.note),
    ).toEqual([
      expect.stringMatching(/^Assigned to the broker /),
      'Taken back from the broker: a platform lead',
    ]);
  });

  it('moves a lead only along the pipeline, Lost with a reason, each move in the history', async () => {
    await apply({ company: 'Pipeline Partners' });
    const { id } = await leadNamed('Pipeline Partners');
    const move = (body: Record<string, unknown>) =>
      t.call('PATCH', `/crm/leads/${id}/stage`, { token: admin.token, body });
    const contacted = await move({ stage: 'Contacted', note: 'Called, sending documents list' });
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({ stage: 'Contacted', moves: ['Lost'], canInvite: true });
    expect((await move({ stage: 'New' })).body).toMatchObject({
      error: 'ValidationError',
      fields: { stage: 'A lead cannot move from Contacted to New (from Contacted: Lost)' },
    });
    expect((await move({ stage: 'Invited' })).body.fields).toEqual({
      stage: 'A lead becomes Invited by inviting it as a supplier (POST /crm/leads/:id/invite)',
    });
    expect((await move({ stage: 'Onboarded' })).status).toBe(400);
    expect((await move({ stage: 'Lost' })).body.fields).toEqual({
      stage: 'Say why the lead is lost: a reason is required',
    });
    expect((await move({ stage: 'Won' })).status).toBe(400);
    const lost = await move({ stage: 'Lost', reason: 'Volumes too small' });
    expect(lost.body).toMatchObject({ stage: 'Lost', lostReason: 'Volumes too small', canInvite: false });
    const note = await t.call('POST', `/crm/leads/${id}/notes`, {
      token: admin.token,
      body: { note: 'May come back next year' },
    });
    expect(note.status).toBe(201);
    const reopened = await move({ stage: 'New', note: 'They came back' });
    expect(reopened.body).toMatchObject({ stage: 'New', lostReason: null });
    const events = reopened.body.events as Record<string, unknown>[];
    expect(events.map((e) => [e.kind, e.fromStage, e.toStage, e.note])).toEqual([
      ['created', null, 'New', 'Applied for financing'],
      ['stage', 'New', 'Contacted', 'Called, sending documents list'],
      ['stage', 'Contacted', 'Lost', 'Volumes too small'],
      ['note', null, null, 'May come back next year'],
      ['stage', 'Lost', 'New', 'They came back'],
    ]);
    expect(events.slice(1).every((e) => e.actor === admin.sub && typeof e.at === 'string')).toBe(true);
    expect(
      (await t.call('POST', `/crm/leads/${id}/notes`, { token: admin.token, body: { note: ' ' } })).body
        .fields,
    ).toEqual({ note: 'Note is required' });
  });

  it('invites a broker’s lead as a supplier organisation introduced by the broker, then Onboarded on approval', async () => {
    await apply({
      company: 'Harbour Textiles',
      ref: broker.groupId,
      email: 'grace@harbour.example',
      contactName: 'Grace Hopper',
    });
    const { id } = await leadNamed('Harbour Textiles');
    const invited = await t.call('POST', `/crm/leads/${id}/invite`, { token: broker.token });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ stage: 'Invited', canInvite: false, moves: ['Lost'] });
    const groupId = String(invited.body.groupId);
    const [org] = await db().query(
      `SELECT group_type, group_name, group_status, user_role, "supplierId" FROM usergroup WHERE "groupId" = $1`,
      [groupId],
    );
    expect(org).toMatchObject({
      group_type: 'Supplier',
      group_name: 'Harbour Textiles',
      group_status: 'Active',
      user_role: 'Owner',
    });
    const [record] = await db().query(`SELECT "brokerId", supplier_status FROM supplier WHERE id = $1`, [
      String(invited.body.supplierId),
    ]);
    expect(record).toEqual({ brokerId: broker.brokerId, supplier_status: 'Draft' });
    expect((await mailTo(db(), 'grace@harbour.example'))?.text).toMatch(/invitation=/);
    const again = await t.call('POST', `/crm/leads/${id}/invite`, { token: broker.token });
    expect(again.body.fields).toEqual({
      stage: 'A lead can be invited only while it is New or Contacted; this one is Invited',
    });

    await db().query(`UPDATE supplier SET supplier_status = 'Approved' WHERE id = $1`, [
      String(invited.body.supplierId),
    ]);
    const onboarded = await t.call('GET', `/crm/leads/${id}`, { token: broker.token });
    expect(onboarded.body).toMatchObject({ stage: 'Onboarded', moves: [], canInvite: false });
    expect((onboarded.body.events as Record<string, unknown>[]).slice(-2)).toEqual([
      expect.objectContaining({ kind: 'invited', fromStage: 'New', toStage: 'Invited', actor: broker.sub }),
      expect.objectContaining({
        kind: 'stage',
        fromStage: 'Invited',
        toStage: 'Onboarded',
        actor: 'platform',
        actorName: 'Platform',
      }),
    ]);
  });

  it('lets an administrator invite a lead, and keeps the lead as it was when the invitation is refused', async () => {
    await apply({ company: 'Taken Address Ltd', email: supplier.email });
    const taken = await leadNamed('Taken Address Ltd');
    const refused = await t.call('POST', `/crm/leads/${taken.id}/invite`, { token: admin.token });
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/already exists/);
    const after = await t.call('GET', `/crm/leads/${taken.id}`, { token: admin.token });
    expect(after.body).toMatchObject({ stage: 'New', groupId: null, canInvite: true });

    await apply({ company: 'Direct Imports' });
    const direct = await leadNamed('Direct Imports');
    const invited = await t.call('POST', `/crm/leads/${direct.id}/invite`, { token: admin.token });
    expect(invited.body).toMatchObject({ stage: 'Invited', supplierId: null });
    const [org] = await db().query(`SELECT group_type FROM usergroup WHERE "groupId" = $1`, [
      String(invited.body.groupId),
    ]);
    expect(org).toEqual({ group_type: 'Supplier' });
  });

  it('filters the list by stage and searches company, contact and e-mail', async () => {
    const all = await leadsOf(admin.token);
    const invited = await leadsOf(admin.token, '?stage=Invited');
    expect(invited.items.every((l) => l.stage === 'Invited')).toBe(true);
    expect(invited.total).toBe(all.counts.Invited);
    expect((await leadsOf(admin.token, '?search=harbour.example')).items.map((l) => l.company)).toEqual([
      'Harbour Textiles',
    ]);
    expect((await leadsOf(admin.token, '?search=%25')).items).toEqual([]);
    const bad = await t.call('GET', '/crm/leads?stage=Won', { token: admin.token });
    expect(bad.status).toBe(400);
  });
});
