import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Caller } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { getRecord } from '../operations/get-record.ts';
import { listRecords } from '../operations/list-records.ts';
import { mayViewOrganisation } from '../organisations/access.ts';
import { seedOrganisation } from '../organisations/test-support.ts';
import { application, crmTestApp, freshAddress, member, type CrmTestApp } from './test-crm-app.ts';

type Member = Awaited<ReturnType<typeof member>>;

/**
 * Who introduced a supplier invited from a lead (docs/business-rules.md, “CRM leads”): one rule
 * whoever invites it. A lead a broker owns (by its referral link or given to it by an
 * administrator) makes a supplier introduced by that broker even when an administrator invites it,
 * so the broker sees the supplier and earns its commission; a platform lead's supplier has no
 * broker; a broker without its Broker record cannot be named, so the invitation is refused.
 */
describeDatabases('CRM lead invited by an administrator: the introducing broker', (db) => {
  let t: CrmTestApp;
  let admin: Member;
  let broker: Member;
  let broker2: Member;

  const asCaller = (m: Member, role: Caller['role']): Caller => ({
    sub: m.sub,
    groupId: m.groupId,
    role,
    email: m.email,
    name: m.email,
  });
  const leadOf = async (over: Record<string, unknown>): Promise<string> => {
    const res = await t.call('POST', '/crm/leads', { body: application(over), address: freshAddress() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const found = await t.call('GET', `/crm/leads?search=${encodeURIComponent(String(over.company))}`, {
      token: admin.token,
    });
    const id = (found.body.items as { id: string }[])[0]?.id;
    expect(id, String(over.company)).toBeDefined();
    return id!;
  };
  const inviteAsAdmin = (id: string) => t.call('POST', `/crm/leads/${id}/invite`, { token: admin.token });
  const supplierOf = async (groupId: string) =>
    db().query<{ id: string; brokerId: string | null; supplier_status: string }>(
      `SELECT id, "brokerId", supplier_status FROM supplier WHERE "userId" = $1 AND NOT "_deleted"`,
      [groupId],
    );
  const readAs = async (who: Caller, supplierId: string) =>
    getRecord({ db: db(), keys: t.ctx.keys, caller: who }, { model: 'Supplier', id: supplierId });

  beforeAll(async () => {
    t = await crmTestApp(db());
    admin = await member(t, 'Admin');
    broker = await member(t, 'Broker');
    broker2 = await member(t, 'Broker');
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('makes the supplier of a referred lead introduced by its broker, who then reads it and its organisation', async () => {
    const id = await leadOf({ company: 'Referred Looms Ltd', ref: broker.groupId });
    const invited = await inviteAsAdmin(id);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ stage: 'Invited', brokerGroupId: broker.groupId });
    expect(invited.body.brokerName).toMatch(/^Broker /);
    const groupId = String(invited.body.groupId);
    const supplierId = String(invited.body.supplierId);
    expect(await supplierOf(groupId)).toEqual([
      { id: supplierId, brokerId: broker.brokerId, supplier_status: 'Draft' },
    ]);
    const [membership] = await db().query<{ supplierId: string | null }>(
      `SELECT "supplierId" FROM usergroup WHERE "groupId" = $1`,
      [groupId],
    );
    expect(membership?.supplierId).toBe(supplierId);

    const brokerCaller = asCaller(broker, 'Broker');
    expect(await readAs(brokerCaller, supplierId)).toMatchObject({
      id: supplierId,
      brokerId: broker.brokerId,
    });
    const listed = await listRecords(
      { db: db(), keys: t.ctx.keys, caller: brokerCaller },
      { model: 'Supplier', limit: 100 },
    );
    expect(listed.items.map((r) => r.id)).toContain(supplierId);
    expect(await mayViewOrganisation(db(), brokerCaller, groupId)).toBe(true);
    // Another broker neither reads the supplier nor its organisation.
    expect(await readAs(asCaller(broker2, 'Broker'), supplierId)).toBeNull();
    expect(await mayViewOrganisation(db(), asCaller(broker2, 'Broker'), groupId)).toBe(false);

    const detail = await t.call('GET', `/crm/leads/${id}`, { token: broker.token });
    expect((detail.body.events as { kind: string; note: string; actor: string }[]).at(-1)).toMatchObject({
      kind: 'invited',
      actor: admin.sub,
      note: expect.stringContaining(`introduced by the broker ${String(invited.body.brokerName)};`) as string,
    });
  });

  it('makes the supplier of a lead an administrator gave to a broker introduced by that broker', async () => {
    const id = await leadOf({ company: 'Assigned Ceramics SA' });
    const assigned = await t.call('PATCH', `/crm/leads/${id}/broker`, {
      token: admin.token,
      body: { brokerGroupId: broker2.groupId },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const invited = await inviteAsAdmin(id);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const supplierId = String(invited.body.supplierId);
    expect(await supplierOf(String(invited.body.groupId))).toEqual([
      { id: supplierId, brokerId: broker2.brokerId, supplier_status: 'Draft' },
    ]);
    expect(await readAs(asCaller(broker2, 'Broker'), supplierId)).not.toBeNull();
    expect(await readAs(asCaller(broker, 'Broker'), supplierId)).toBeNull();
  });

  it('gives the supplier of a platform lead no broker: no Supplier record until the supplier makes its own', async () => {
    const id = await leadOf({ company: 'Platform Direct GmbH' });
    const invited = await inviteAsAdmin(id);
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    expect(invited.body).toMatchObject({ stage: 'Invited', brokerGroupId: null, supplierId: null });
    const groupId = String(invited.body.groupId);
    expect(await supplierOf(groupId)).toEqual([]);
    expect(await mayViewOrganisation(db(), asCaller(broker, 'Broker'), groupId)).toBe(false);
    const detail = await t.call('GET', `/crm/leads/${id}`, { token: admin.token });
    expect(String((detail.body.events as { note: string }[]).at(-1)?.note)).not.toMatch(/introduced/);
  });

  it('refuses to invite the lead of a broker without its Broker record, the lead kept as it was', async () => {
    const bare = await seedOrganisation(db(), { type: 'Broker' });
    const id = await leadOf({ company: 'Unprofiled Referral Ltd', ref: bare.groupId });
    const refused = await inviteAsAdmin(id);
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toMatch(/has no Broker record yet/);
    const after = await t.call('GET', `/crm/leads/${id}`, { token: admin.token });
    expect(after.body).toMatchObject({ stage: 'New', groupId: null, brokerGroupId: bare.groupId });
    const [orgs] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM usergroup WHERE group_name = 'Unprofiled Referral Ltd'`,
    );
    expect(orgs?.n).toBe(0);
  });
});
