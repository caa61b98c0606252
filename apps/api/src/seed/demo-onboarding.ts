import type { Caller, ModelName } from '@rf/domain';
import { signUp } from '../auth/sign-up.ts';
import { confirmSignUp } from '../auth/confirm-sign-up.ts';
import { PLATFORM } from '../data/audit-trail.ts';
import { addMember } from '../organisations/members.ts';
import { createOrganisation } from '../organisations/create-organisation.ts';
import { inviteUser } from '../organisations/invite-user.ts';
import type { SeedRow } from './insert.ts';
import { addDays, toYmd } from './dates.ts';
import { PARTY_ID_FIELD, type PartyKind } from './organisations.ts';
import { DEMO_MEMBERS, demoUser, type DemoKey } from './demo-users.ts';
import { DAY, on, type DemoStage } from './demo-stage.ts';
import {
  BANK_DECLINES,
  COMPANY_APPROVAL_NOTES,
  FINANCIALS_DECLINES,
  PERSON_DECLINES,
  UBO_DECLINES,
} from './history-text.ts';

/**
 * The demo's organisations join (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * the platform's administrator first, then the funders, the broker and the suppliers, each filling
 * in its company record and what comes with it, reviewed by the administrator; an Owner invites
 * the colleagues of DEMO_MEMBERS once its organisation is approved.
 */

type Reviewed = 'Director' | 'UBO' | 'Financials' | 'Bank';

const PEOPLE: readonly ('Director' | 'UBO')[] = ['Director', 'UBO'];
const DECLINES: Record<Reviewed, readonly string[]> = {
  Director: PERSON_DECLINES,
  UBO: UBO_DECLINES,
  Financials: FINANCIALS_DECLINES,
  Bank: BANK_DECLINES,
};
/** The order the organisations join in, days after the platform opens: funders before the lines. */
const JOINS: readonly (readonly [DemoKey, number])[] = [
  ['investor', 2],
  ['investor2', 5],
  ['spv', 8],
  ['broker', 12],
  ['supplier', 20],
  ['supplier2', 26],
];

export async function playOnboarding(s: DemoStage): Promise<void> {
  const { a, clock } = s;
  // The platform opens three months before its first line starts.
  const opening = toYmd(Math.min(...(s.rows.Buyer ?? []).map((line) => s.lineStart(line))) - 90 * DAY);

  // The platform's own organisation: its first administrator, invited at setup.
  const admin = demoUser('admin');
  s.startAt(on(opening, 8));
  const { invitation } = await addMember(a.db, {
    org: {
      groupId: s.orgOf('admin').groupId,
      group_type: 'Admin',
      group_name: admin.organisation,
      group_status: 'Active',
      group_contact_name: admin.name,
      group_contact_email: admin.email,
      group_contact_phone: admin.phone,
      supplierId: null,
      investorId: null,
      spvId: null,
      brokerId: null,
    },
    user: { email: admin.email, name: admin.name, phone: admin.phone },
    role: 'Owner',
    groups: ['Admin'],
    invitedBy: 'platform setup',
    write: { by: PLATFORM, at: clock.now() },
  });
  clock.tick(30);
  await a.acceptInvitation(admin.email, admin.password, invitation.token);
  await s.callerOf('admin');

  for (const [key, day] of JOINS) {
    const u = demoUser(key);
    const org = s.orgOf(key);
    const joined = addDays(opening, day);
    s.startAt(on(joined, 9));
    if (key === 'supplier2') {
      // S2 signs up by itself and confirms its address with the mailed code.
      await signUp(a.auth, {
        email: u.email,
        password: u.password,
        name: u.name,
        phone_number: u.phone,
        group_type: 'Supplier',
        group_name: u.organisation,
      });
      clock.tick(3);
      await a.mailbox.settled();
      await confirmSignUp(
        a.auth,
        { username: u.email, code: a.mailbox.codeTo(u.email) },
        {
          address: 'demo data set',
        },
      );
      clock.tick();
    } else {
      // The broker introduces S1; the administrator invites the funders and the broker.
      const inviter = key === 'supplier' ? s.as('broker') : s.as('admin');
      await createOrganisation(a.ctx(inviter, true), {
        group_type: org.type,
        group_name: u.organisation,
        user: { email: u.email, name: u.name, phone: u.phone },
      });
      clock.tick(45);
      await a.acceptInvitation(u.email, u.password);
    }
    const me = await s.callerOf(key);
    await onboard(s, key, me, joined);
    await inviteMembers(s, key, me, joined);
  }
}

/** The organisation fills in its company, people, statements, documents and accounts, submits, and is reviewed. */
async function onboard(s: DemoStage, key: DemoKey, me: Caller, joined: string): Promise<void> {
  const { a, rows, clock, rng } = s;
  const org = s.orgOf(key);
  const model = org.type as PartyKind;
  const field = PARTY_ID_FIELD[model];
  const mine = (m: ModelName) => (rows[m] ?? []).filter((r) => r[field] === org.partyId && !r.buyerId);
  const company = (rows[model] ?? []).find((r) => r.id === org.partyId);
  if (!company) throw new Error(`No planned company of ${key}`);
  s.then(on(joined, 10));
  // A supplier introduced by its broker already has its Supplier record (Draft, named by the broker).
  const [introduced] = await a.db.query<{ id: string }>(
    `SELECT id FROM "supplier" WHERE "userId" = $1 AND $2 = 'Supplier'`,
    [me.groupId, model],
  );
  let companyId: string;
  if (introduced) {
    companyId = introduced.id;
    await a.update(me, model, companyId, {
      ...s.valuesOf(model, s.fitToDay(company), me.role),
      ...(await s.upload(me, company)),
    });
  } else companyId = await s.create(me, model, company);
  s.remember(org.partyId, companyId);

  // Reviewed records: made now, or later for those still waiting for review today.
  const reviewed: { model: Reviewed; row: SeedRow; id?: string }[] = [];
  const later: typeof reviewed = [];
  for (const m of PEOPLE) {
    const list = mine(m);
    const status = `${m.toLowerCase()}_status`;
    for (const row of list) {
      const waiting = row[status] === 'Under Review';
      (waiting && list.some((o) => o !== row && o[status] !== 'Under Review') ? later : reviewed).push({
        model: m,
        row,
      });
    }
  }
  const statements = mine('Financials').sort(
    (x, y) => Number(x.financials_reporting_period) - Number(y.financials_reporting_period),
  );
  statements.forEach((row, i) => (i === 0 ? reviewed : later).push({ model: 'Financials', row }));
  for (const row of mine('Bank')) reviewed.push({ model: 'Bank', row });
  for (const item of reviewed) item.id = await s.create(me, item.model, item.row);
  for (const row of rows.Plaidauth ?? [])
    if (row.userId === org.groupId) await s.create(me, 'Plaidauth', row);
  for (const row of mine('Document')) if (!row.requestId) await s.create(me, 'Document', row);
  await a.run(me, `submit${model}`, companyId);

  // The administrator reviews the company and what came with it two days later.
  s.then(on(addDays(joined, 2), 10, 15));
  const reviewer = s.as('admin');
  await a.run(reviewer, `approve${model}`, companyId, {}, rng.pick(COMPANY_APPROVAL_NOTES));
  for (const item of reviewed) await review(s, item.model, item.row, item.id ?? '');

  for (const item of later) {
    const published =
      item.model === 'Financials' ? on(`${Number(item.row.financials_reporting_period) + 1}-03-20`, 9) : 0;
    const added = Math.max(published, on(addDays(s.plan.today, -rng.int(3, 25)), 9 + rng.int(0, 8)));
    s.startAt(Math.max(added, on(addDays(joined, 3), 9)));
    const id = await s.create(me, item.model, item.row);
    s.then(clock.ms + 2 * DAY);
    await review(s, item.model, item.row, id);
  }
}

/** The administrator's decision on a reviewed record, as planned (none for one still waiting). */
async function review(s: DemoStage, model: Reviewed, row: SeedRow, id: string): Promise<void> {
  const status = row[`${model.toLowerCase()}_status`];
  if (status === 'Approved') await s.a.run(s.as('admin'), `approve${model}`, id);
  else if (status === 'Declined')
    await s.a.run(s.as('admin'), `decline${model}`, id, {}, s.rng.pick(DECLINES[model]));
}

/** The day after its approval, the Owner invites its colleagues, who accept the next morning. */
async function inviteMembers(s: DemoStage, key: DemoKey, owner: Caller, joined: string): Promise<void> {
  for (const member of DEMO_MEMBERS.filter((m) => m.memberOf === key)) {
    s.startAt(on(addDays(joined, 3), 11));
    await inviteUser(s.a.ctx(owner, true), {
      groupId: owner.groupId,
      email: member.email,
      name: member.name,
      phone: member.phone,
    });
    s.startAt(on(addDays(joined, 4), 8, 40));
    await s.a.acceptInvitation(member.email, member.password);
  }
}
