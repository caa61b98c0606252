import { LINE_TERMS, REGISTRY, writeRefusal, type Caller, type ModelName, type Role } from '@rf/domain';
import { signUp } from '../auth/sign-up.ts';
import { confirmSignUp } from '../auth/confirm-sign-up.ts';
import { PLATFORM } from '../data/audit-trail.ts';
import { addMember } from '../organisations/members.ts';
import { createOrganisation } from '../organisations/create-organisation.ts';
import { submitRequests } from '../operations/submit-requests.ts';
import { Rng } from './prng.ts';
import type { SeedRow, SeedRows } from './insert.ts';
import { addDays, msOf, toYmd } from './dates.ts';
import { PARTY_ID_FIELD, type Organisation, type PartyKind } from './organisations.ts';
import { planDemoFiles, type PlannedFile } from './demo-file-plan.ts';
import { DEMO_USERS, demoUser, type DemoKey } from './demo-users.ts';
import type { DemoActors } from './demo-actors.ts';
import {
  BANK_DECLINES,
  BUYER_DECLINES,
  COMPANY_APPROVAL_NOTES,
  DOCUMENT_ASKS,
  FINANCIALS_DECLINES,
  LINE_APPROVAL_NOTES,
  PERSON_DECLINES,
  REQUEST_APPROVAL_NOTES,
  UBO_DECLINES,
  requestDecline,
} from './history-text.ts';

/**
 * The demo data set played by its users (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * the generators (supplier-book.ts, org-book.ts) plan the records and their outcomes; this file
 * makes every one of them through the product's operations, as the demo user whose part it is,
 * with the clock set to the day and hour each step happens. Nothing is written around the
 * operations: statuses, pricing, bookkeeping records and the status history are what the
 * operations themselves produce.
 */

export interface DemoPlan {
  readonly today: string;
  readonly orgs: ReadonlyMap<DemoKey, Organisation>;
  /** The planned records, with planned ids that the story maps to the ids the operations give. */
  readonly rows: SeedRows;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A moment of a day (UTC). */
const on = (ymd: string, hour: number, minute = 0): number => msOf(ymd) + hour * HOUR + minute * MINUTE;
const ms = (v: unknown): number => Date.parse(String(v));
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/** Attachments that only exist once signed: attached by attachSignedCopies, never at creation. */
const SIGNED_COPIES = new Set(['ipu_attachment', 'offer_notice_attachment', 'raa_offer_notice_attachment']);
const FUNDERS: readonly string[] = ['investorId', 'spvId', 'brokerId'];
const PEOPLE: readonly ('Director' | 'UBO')[] = ['Director', 'UBO'];
const DECLINES: Record<'Director' | 'UBO' | 'Financials' | 'Bank', readonly string[]> = {
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

export async function playDemo(a: DemoActors, plan: DemoPlan): Promise<void> {
  const { rows, today } = plan;
  const rng = new Rng('demo-story');
  // Nothing happens later than shortly before the load: steps planned for later today wait.
  const latest = Date.now() - HOUR;
  const clock = a.clock;
  /** Starts a record's story at `t` (never after `latest`). */
  const startAt = (t: number) => clock.set(Math.min(t, latest));
  /** The record's next step at `t`, or right after its previous one when that came later. */
  const then = (t: number) => clock.set(Math.max(Math.min(t, latest), clock.ms + MINUTE));

  const real = new Map<string, string>();
  const realId = (planned: unknown): string => {
    const id = real.get(str(planned));
    if (!id) throw new Error(`The demo has not made ${str(planned)} yet`);
    return id;
  };
  const orgOf = (key: DemoKey): Organisation => {
    const org = plan.orgs.get(key);
    if (!org) throw new Error(`No demo organisation ${key}`);
    return org;
  };
  const keyOfParty = new Map<string, DemoKey>();
  const keyOfGroup = new Map<string, DemoKey>();
  for (const [key, org] of plan.orgs) {
    keyOfGroup.set(org.groupId, key);
    if (org.partyId) keyOfParty.set(org.partyId, key);
  }
  const callers = new Map<DemoKey, Caller>();
  const as = (key: DemoKey | undefined): Caller => {
    const caller = key && callers.get(key);
    if (!caller) throw new Error(`No demo user ${String(key)} yet`);
    return caller;
  };
  const partyKey = (planned: unknown): DemoKey => {
    const key = keyOfParty.get(str(planned));
    if (!key) throw new Error(`No demo organisation owns party ${str(planned)}`);
    return key;
  };

  const filesOf = new Map<SeedRow, PlannedFile[]>();
  for (const f of planDemoFiles(rows)) filesOf.set(f.row, [...(filesOf.get(f.row) ?? []), f]);
  /** Uploads the row's planned files as `who`; the attachment fields with their new keys. */
  const upload = async (
    who: Caller,
    row: SeedRow,
    wanted: (field: string) => boolean = (f) => !SIGNED_COPIES.has(f),
  ): Promise<Record<string, string>> => {
    // A record's files go up together: the store writes them while the database records each.
    const files = (filesOf.get(row) ?? []).filter((f) => wanted(f.field));
    const keys = await Promise.all(files.map((f) => a.upload(who, { name: f.name, bytes: f.bytes })));
    const out: Record<string, string> = {};
    files.forEach((f, i) => (out[f.field] = keys[i] ?? ''));
    return out;
  };
  /** The planned values `who` may write (statuses, server fields and others' terms left out). */
  const valuesOf = (
    model: ModelName,
    row: SeedRow,
    role: Role,
    keep: (field: string) => boolean = () => true,
  ): Record<string, unknown> => {
    const entity = REGISTRY[model];
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row)) {
      const field = entity.fieldsByName.get(name);
      // The owner is whoever makes the record (or the parent's owner): never taken from the plan.
      if (value === null || value === undefined || name === 'id' || name === 'userId' || !field) continue;
      if (field.type === 'attachment' || writeRefusal(role, model, name, 'create') || !keep(name)) continue;
      out[name] = typeof value === 'string' ? (real.get(value) ?? value) : value;
    }
    return out;
  };
  /**
   * The generators date people and companies as of today; a record the story makes years earlier
   * cannot name an ID issued, an appointment or an incorporation after that day (the operations
   * refuse future dates), so those move back before it.
   */
  const fitToDay = (row: SeedRow): SeedRow => {
    const day = toYmd(clock.ms);
    for (const [name, value] of Object.entries(row))
      if (/(_id_issue_date|_appointment_date|_date_of_incorporation)$/.test(name) && str(value) > day)
        row[name] = addDays(day, -rng.int(90, 2000));
    return row;
  };
  /** `createX` of a planned row as `who`, with its files; remembers the id the operation gave. */
  const create = async (
    who: Caller,
    model: ModelName,
    row: SeedRow,
    options: { keep?: (field: string) => boolean; extra?: Record<string, unknown> } = {},
  ): Promise<string> => {
    const values = { ...valuesOf(model, fitToDay(row), who.role, options.keep), ...options.extra };
    const made = await a.create(who, model, { ...values, ...(await upload(who, row)) });
    if (typeof row.id === 'string') real.set(row.id, String(made.id));
    return String(made.id);
  };
  const callerOf = async (key: DemoKey): Promise<Caller> => {
    const u = demoUser(key);
    const [found] = await a.db.query<{ sub: string; group_id: string }>(
      'SELECT sub, group_id FROM auth_users WHERE email = $1',
      [u.email],
    );
    if (!found) throw new Error(`No user ${u.email}`);
    const caller: Caller = {
      sub: found.sub,
      groupId: found.group_id,
      role: u.role,
      email: u.email,
      name: u.name,
    };
    callers.set(key, caller);
    return caller;
  };

  // When each line starts: before its first request, two months at least.
  const requests = rows.Request ?? [];
  const firstRequest = new Map<string, number>();
  for (const r of requests) {
    const at = ms(r.createdAt);
    firstRequest.set(str(r.buyerId), Math.min(at, firstRequest.get(str(r.buyerId)) ?? at));
  }
  const lineStart = (line: SeedRow): number =>
    Math.min(ms(line.createdAt), (firstRequest.get(str(line.id)) ?? Infinity) - 60 * DAY);
  const opening = toYmd(Math.min(...(rows.Buyer ?? []).map(lineStart)) - 90 * DAY);

  // The platform's own organisation: its first administrator, invited at setup.
  const admin = demoUser('admin');
  startAt(on(opening, 8));
  const { invitation } = await addMember(a.db, {
    org: {
      groupId: orgOf('admin').groupId,
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
  await callerOf('admin');

  for (const [key, day] of JOINS) {
    const u = demoUser(key);
    const org = orgOf(key);
    const joined = addDays(opening, day);
    startAt(on(joined, 9));
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
      const inviter = key === 'supplier' ? as('broker') : as('admin');
      await createOrganisation(a.ctx(inviter, true), {
        group_type: org.type,
        group_name: u.organisation,
        user: { email: u.email, name: u.name, phone: u.phone },
      });
      clock.tick(45);
      await a.acceptInvitation(u.email, u.password);
    }
    const me = await callerOf(key);
    await onboard(key, me, joined);
  }

  /** The organisation fills in its company, people, statements, documents and accounts, submits, and is reviewed. */
  async function onboard(key: DemoKey, me: Caller, joined: string): Promise<void> {
    const org = orgOf(key);
    const model = org.type as PartyKind;
    const field = PARTY_ID_FIELD[model];
    const mine = (m: ModelName) => (rows[m] ?? []).filter((r) => r[field] === org.partyId && !r.buyerId);
    const company = (rows[model] ?? []).find((r) => r.id === org.partyId);
    if (!company) throw new Error(`No planned company of ${key}`);
    then(on(joined, 10));
    // A supplier introduced by its broker already has its Supplier record (Draft, named by the broker).
    const [introduced] = await a.db.query<{ id: string }>(
      `SELECT id FROM "supplier" WHERE "userId" = $1 AND $2 = 'Supplier'`,
      [me.groupId, model],
    );
    let companyId: string;
    if (introduced) {
      companyId = introduced.id;
      await a.update(me, model, companyId, {
        ...valuesOf(model, fitToDay(company), me.role),
        ...(await upload(me, company)),
      });
    } else companyId = await create(me, model, company);
    real.set(str(org.partyId), companyId);

    // Reviewed records: made now, or later for those still waiting for review today.
    const reviewed: { model: 'Director' | 'UBO' | 'Financials' | 'Bank'; row: SeedRow; id?: string }[] = [];
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
    for (const item of reviewed) item.id = await create(me, item.model, item.row);
    for (const row of rows.Plaidauth ?? [])
      if (row.userId === org.groupId) await create(me, 'Plaidauth', row);
    for (const row of mine('Document')) if (!row.requestId) await create(me, 'Document', row);
    await a.run(me, `submit${model}`, companyId);

    // The administrator reviews the company and what came with it two days later.
    then(on(addDays(joined, 2), 10, 15));
    const reviewer = as('admin');
    await a.run(reviewer, `approve${model}`, companyId, {}, rng.pick(COMPANY_APPROVAL_NOTES));
    for (const item of reviewed) await review(item.model, item.row, item.id ?? '');

    for (const item of later) {
      const published =
        item.model === 'Financials' ? on(`${Number(item.row.financials_reporting_period) + 1}-03-20`, 9) : 0;
      const added = Math.max(published, on(addDays(today, -rng.int(3, 25)), 9 + rng.int(0, 8)));
      startAt(Math.max(added, on(addDays(joined, 3), 9)));
      const id = await create(me, item.model, item.row);
      then(clock.ms + 2 * DAY);
      await review(item.model, item.row, id);
    }
  }

  /** The administrator's decision on a reviewed record, as planned (none for one still waiting). */
  async function review(
    model: 'Director' | 'UBO' | 'Financials' | 'Bank',
    row: SeedRow,
    id: string,
  ): Promise<void> {
    const status = row[`${model.toLowerCase()}_status`];
    if (status === 'Approved') await a.run(as('admin'), `approve${model}`, id);
    else if (status === 'Declined')
      await a.run(as('admin'), `decline${model}`, id, {}, rng.pick(DECLINES[model]));
  }

  for (const supplier of ['supplier', 'supplier2'] as const) {
    const lines = (rows.Buyer ?? []).filter((b) => b.supplierId === orgOf(supplier).partyId);
    for (const [index, line] of lines.entries()) await playLine(supplier, line, index);
  }

  /** A buyer line: added by the supplier, assessed and proposed, decided by a funder; then its requests. */
  async function playLine(
    supplierKey: 'supplier' | 'supplier2',
    line: SeedRow,
    index: number,
  ): Promise<void> {
    const me = as(supplierKey);
    const assessor = supplierKey === 'supplier' ? as('broker') : as('admin');
    const investor = as(partyKey(line.investorId));
    const spv = as(partyKey(line.spvId));
    const status = str(line.buyer_status);
    const own = requests.filter((r) => r.buyerId === line.id);
    // The limit covers every invoice the line carries at once, so each submission fits
    // (docs/business-rules.md, “Credit limits”).
    const total = own.reduce((sum, r) => sum + Number(r.invoice_amount), 0);
    const limit = Math.max(Number(line.buyer_loan_approved_amount ?? 0), Math.ceil(total / 50_000) * 50_000);
    const asked = Math.max(Number(line.buyer_loan_request_amount ?? 0), limit);

    const start = lineStart(line);
    startAt(start);
    const buyerId = await create(me, 'Buyer', line, { extra: { buyer_loan_request_amount: `${asked}.00` } });
    for (const f of (rows.Financials ?? []).filter((x) => x.buyerId === line.id)) {
      const id = await create(me, 'Financials', f);
      // The buyer's statements carry their audit type, set by whoever assesses the line.
      await a.update(assessor, 'Financials', id, { financials_status: f.financials_status });
    }
    then(start + 2 * DAY);
    const assessed = valuesOf(
      'Buyer',
      line,
      assessor.role,
      (f) =>
        writeRefusal(me.role, 'Buyer', f, 'create') !== null &&
        writeRefusal(assessor.role, 'Buyer', f, 'update') === null &&
        f !== 'buyer_loan_approved_amount' &&
        // A line still under assessment has its funders named, its rates not yet proposed.
        (status !== 'Under Review' || !(LINE_TERMS as readonly string[]).includes(f) || FUNDERS.includes(f)),
    );
    await a.update(assessor, 'Buyer', buyerId, assessed);
    if (status === 'Under Review') return;
    await a.run(assessor, 'submitLineTerms', buyerId);
    if (status === 'Investor Offer Pending') return;
    then(start + 5 * DAY);
    const decider = index % 2 === 0 ? investor : spv;
    if (status === 'Declined') {
      await a.run(decider, 'declineLine', buyerId, {}, rng.pick(BUYER_DECLINES));
      return;
    }
    await a.run(
      decider,
      'approveLine',
      buyerId,
      { buyer_loan_approved_amount: `${limit}.00` },
      rng.pick(LINE_APPROVAL_NOTES),
    );

    const submissions = new Map<string, SeedRow[]>();
    for (const r of own) {
      const key = str(r.batchId) || str(r.id);
      submissions.set(key, [...(submissions.get(key) ?? []), r]);
    }
    const ordered = [...submissions.values()].sort((x, y) => ms(x[0]?.createdAt) - ms(y[0]?.createdAt));
    for (const [n, invoices] of ordered.entries()) await playSubmission(me, { investor, spv }, invoices, n);
  }

  /** One submission (a single invoice or a batch) from its submission to its planned status. */
  async function playSubmission(
    me: Caller,
    funders: { investor: Caller; spv: Caller },
    invoices: SeedRow[],
    n: number,
  ): Promise<void> {
    const first = invoices[0];
    if (!first) return;
    const status = str(first.request_status);
    const reviewer = as('admin');
    startAt(ms(first.createdAt));
    const inputs: Record<string, unknown>[] = [];
    for (const r of invoices) inputs.push({ ...valuesOf('Request', r, me.role), ...(await upload(me, r)) });
    let ids: string[];
    if (invoices.length > 1) {
      const buyerId = realId(first.buyerId);
      const done = await submitRequests(a.ctx(me), {
        buyerId,
        requests: inputs.map(({ buyerId: _line, ...rest }) => rest),
      });
      clock.tick();
      ids = done.ids;
    } else ids = [String((await a.create(me, 'Request', inputs[0] ?? {})).id)];
    invoices.forEach((r, i) => real.set(str(r.id), ids[i] ?? ''));
    const created = clock.ms;

    if (status === 'Documents Pending') {
      then(created + DAY);
      for (const id of ids)
        await a.run(n % 2 ? reviewer : funders.spv, 'askForDocuments', id, {
          documents_requested: 'Packing list; Cargo insurance',
          documents_comment: rng.pick(DOCUMENT_ASKS),
        });
      return;
    }
    if (status === 'Declined') {
      then(created + 2 * DAY);
      for (const id of ids)
        if (n % 2) await a.run(me, 'withdrawRequest', id);
        else await a.run(funders.investor, 'declineRequest', id, {}, requestDecline(rng, first));
      return;
    }
    if (status !== 'Approved' && status !== 'Settled') return;

    // The supplier uploads the IPU signed by the buyer and itself, and the offer notice it signed.
    const signedOn = str(first.invoice_ipu_signed);
    then(on(signedOn, 11, 30));
    const copies = await upload(me, first, (f) => f === 'ipu_attachment' || f === 'offer_notice_attachment');
    await a.run(me, 'attachSignedCopies', ids[0] ?? '', { ...copies, invoice_ipu_signed: signedOn });

    // A funder approves on the payout date, which prices the request and opens its bookkeeping.
    const payout = str(first.payout_date);
    then(on(payout, 14));
    const approvedAt = clock.ms;
    const approver = n % 2 ? funders.spv : funders.investor;
    const note = rng.chance(0.5) ? rng.pick(REQUEST_APPROVAL_NOTES) : null;
    for (const id of ids) {
      clock.set(approvedAt);
      await a.run(approver, 'approveRequest', id, { payout_date: payout }, note);
    }
    for (const doc of rows.Document ?? [])
      if (invoices.some((r) => r.id === doc.requestId)) await create(me, 'Document', doc);

    for (const [i, r] of invoices.entries()) {
      const [book] = await a.db.query<{ id: string }>('SELECT id FROM "bookkeeping" WHERE "requestId" = $1', [
        ids[i] ?? '',
      ]);
      if (!book) throw new Error(`No bookkeeping for request ${str(r.invoice_number)}`);
      const planned = (rows.Bookkeeping ?? []).find((b) => b.requestId === r.id);
      const steps: [number, () => Promise<unknown>][] = [];
      if (r.bookkeeping_status_admin === 'Under Review' || r.bookkeeping_status_admin === 'Approved')
        steps.push([
          on(addDays(payout, 1), 10),
          () =>
            a.run(reviewer, 'bookFees', book.id, {
              invoiceId_3party: planned?.invoiceId_3party,
              invoiceurl_3party: planned?.invoiceurl_3party,
              invoicepdfurl_3party: planned?.invoicepdfurl_3party,
            }),
        ]);
      if (r.bookkeeping_status_spv === 'Approved')
        steps.push([on(addDays(payout, 1), 15), () => a.run(funders.spv, 'approvePurchase', book.id)]);
      if (r.bookkeeping_status_admin === 'Approved')
        steps.push([on(addDays(payout, 2), 10), () => a.run(reviewer, 'approveBooking', book.id)]);
      for (const [t, step] of steps) {
        // A step planned after the load has not happened yet.
        if (t > latest) break;
        then(t);
        await step();
      }
    }
    if (status !== 'Settled') return;

    // The buyer pays into the collection account: the funder records the bank's line, the
    // administrator marks it posted and settles the request with it.
    for (const [i, r] of invoices.entries()) {
      const payment = (rows.Transaction ?? []).find((t) => t.id === r.transactionId_payback);
      const paidOn = str(r.payback_date);
      if (!payment) throw new Error(`No planned payment of ${str(r.invoice_number)}`);
      const owner = as(keyOfGroup.get(str(payment.userId)));
      then(on(paidOn, 9, 30));
      const txId = await create(owner, 'Transaction', payment, { keep: ownParties(owner) });
      then(on(paidOn, 10, 30));
      await a.run(reviewer, 'postTransaction', txId);
      then(on(paidOn, 11));
      await a.run(reviewer, 'settleRequest', ids[i] ?? '', {
        transactionId_payback: txId,
        payback_date: paidOn,
      });
    }
  }

  /** A funder's bank lines name its own party and the deal's buyer and supplier, not the other funder. */
  function ownParties(owner: Caller): (field: string) => boolean {
    const hidden = owner.role === 'Investor' ? ['spvId', 'brokerId'] : ['investorId', 'brokerId'];
    return (f) => !hidden.includes(f);
  }

  // The accounts' other movements (fees, capital, transfers) as the funders record them, posted
  // by the administrator unless the bank still shows them pending.
  const linked = new Set(
    requests.flatMap((r) => [str(r.transactionId_payout), str(r.transactionId_payback)]),
  );
  for (const t of rows.Transaction ?? []) {
    if (linked.has(str(t.id))) continue;
    const owner = as(keyOfGroup.get(str(t.userId)));
    startAt(ms(t.createdAt));
    const id = await create(owner, 'Transaction', t, { keep: ownParties(owner) });
    if (t.pending === true) continue;
    then(clock.ms + HOUR);
    await a.run(as('admin'), 'postTransaction', id);
  }
  if (callers.size !== DEMO_USERS.length) throw new Error('Not every demo user took part');
}
