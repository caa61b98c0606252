import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIFECYCLES,
  REGISTRY,
  adjustedDiscountFeeRate,
  priceRequest,
  requiredAttachments,
  requiredCompanyFields,
  tableOf,
  type CompanyModel,
  type LifecycleDecl,
  type ModelName,
} from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount, createPayment } from '../testing/payments.ts';
import { sampleValue } from '../testing/samples.ts';
import { buildWorld, ORGS, type World } from '../testing/world.ts';
import {
  WHO,
  EVERYONE,
  OWNER,
  ownerEmail,
  ZERO_AMOUNTS,
  PAYOUT,
  APPROVED_PAYOUT,
  PAID,
  FIXING_DATE,
  APPROVAL,
  outcome,
  statesOf,
  keyOf,
} from '../testing/status-expectations.ts';

/**
 * Every (from, to) pair of every status machine, tried by admin and by each party of the record's
 * world (`Supplier` owns it, `Investor`/`Spv` fund its line, `Broker` introduced the supplier) and
 * of another world (`…2`), through the `changeStatus` operation. Who may see and update which
 * record is written out from docs/business-rules.md, “Organisations, roles and who sees what”
 * (as in the policy matrix), not read from the policy.
 */
type StatusMachine = LifecycleDecl;
const STATUS_MACHINES = LIFECYCLES as readonly LifecycleDecl[];
type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

describeDatabases('status transition matrix', (db) => {
  let api: ApiHarness;
  let world: World;
  /** A posted payment into the investor's collection account that pays the world's request in full. */
  let payback = '';
  const ids: Record<string, string> = {};
  const sql = (text: string, params: (string | null)[] = []) => db().query(text, params);
  const admin = <T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) =>
    api.gql<T>('Admin', query, variables);
  const create = async (model: ModelName, input: Record<string, unknown>): Promise<string> => {
    const res = await admin<Record<string, { id: string }>>(
      `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
      { input },
    );
    expect(res.errors, model).toBeUndefined();
    return res.data![`create${model}`]!.id;
  };
  const update = async (model: ModelName, id: string, values: Record<string, unknown>) => {
    const got = await admin<Record<string, { _version: number }>>(
      `query { get${model}(id: "${id}") { _version } }`,
    );
    const res = await admin(
      `mutation ($input: Update${model}Input!) { update${model}(input: $input) { id } }`,
      {
        input: { id, _version: got.data![`get${model}`]!._version, ...values },
      },
    );
    expect(res.errors, `${model} ${JSON.stringify(values)}`).toBeUndefined();
  };

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(WHO))
      api.callers.set(name, { ...caller, name: `${name} user` });
    world = await buildWorld(api, '');
    await buildWorld(api, '2');
    // Every company is ready to be submitted: data, attachments, a director and a UBO with IDs.
    for (const model of ['Supplier', 'Investor', 'Spv', 'Broker'] as CompanyModel[]) {
      const entity = REGISTRY[model];
      const names = [...requiredCompanyFields(model), ...requiredAttachments(model)];
      await update(
        model,
        world[model],
        Object.fromEntries(names.map((n) => [n, sampleValue(entity.fieldsByName.get(n)!)])),
      );
      const org = ORGS[OWNER[model] ?? 'supplier'];
      if (model === 'Supplier') {
        await update('Director', world.Director, { director_id_attachment: 'tests/id.pdf' });
        await update('UBO', world.UBO, { ubo_id_attachment: 'tests/id.pdf' });
      } else {
        const party = { userId: org, [`${model.toLowerCase()}Id`]: world[model] };
        await create('Director', { ...party, director_name: 'D', director_id_attachment: 'tests/id.pdf' });
        await create('UBO', { ...party, ubo_name: 'U', ubo_id_attachment: 'tests/id.pdf' });
        await create('Usergroup', {
          userId: org,
          groupId: org,
          group_type: model,
          group_name: model,
          user_email: `owner@${OWNER[model]}.test`,
        });
      }
    }
    // The buyer line carries the terms an offer needs; a SOFR fixing prices approvals.
    await update('Buyer', world.Buyer, {
      buyer_loan_request_amount: '750000',
      buyer_loan_advance_rate: '90',
      buyer_loan_rate: 'SOFR(3M)',
      buyer_loan_transaction_fee: '25',
      buyer_loan_broker_fee: '20',
      buyer_loan_spv_fee: '0.5',
    });
    await create('SOFR', { date: FIXING_DATE, SOFR: '4.3', SOFRM3: '4.25' });
    const investor = { userId: ORGS.investor, investorId: world.Investor };
    const [invoice] = await sql(`SELECT invoice_amount, invoice_currency FROM "request" WHERE id = $1`, [
      world.Request,
    ]);
    payback = await createPayment(api, {
      ...investor,
      transaction_date: PAID,
      transaction_source_amount: String(invoice!.invoice_amount),
      transaction_source_currency: String(invoice!.invoice_currency),
      recipientaccountId: await createAccount(api, 'collection', investor),
    });
    // The organisation-status machine gets a membership of its own, so the owner's mail stays on.
    const membership = await create('Usergroup', {
      userId: ORGS.supplier,
      groupId: ORGS.supplier,
      group_type: 'Supplier',
      group_name: 'Supplier',
      user_email: 'member@supplier.test',
    });
    for (const m of STATUS_MACHINES) ids[keyOf(m)] = m.model === 'Usergroup' ? membership : world[m.model];
  });
  afterAll(async () => api.app.close());

  /** Puts the record in `from` with figures the move's effects must overwrite. */
  const reset = async (m: StatusMachine, id: string, from: string) => {
    const table = tableOf(m.model);
    await sql(`UPDATE "${table}" SET "${m.field}" = $1 WHERE id = $2`, [from, id]);
    if (m.model === 'Buyer')
      await sql(
        `UPDATE "buyer" SET buyer_loan_approved_amount = '123', buyer_loan_discount_fee = '4' WHERE id = $1`,
        [id],
      );
    if (m.model === 'Request') {
      const amounts = ZERO_AMOUNTS.map((f) => `${f} = '11'`).join(', ');
      // An approved request was priced at its payout; settling must write the payback figures.
      const approved = from === 'Approved' || from === 'Settled';
      // What approval needs (docs/business-rules.md, “Preconditions of approving a request”):
      // the invoice and the signed IPU and offer notice, no duplicate flag.
      await sql(
        `UPDATE "request" SET ${amounts}, payout_date = $2, base_rate_amount = $3, discount_fee_rate = $4, bookkeeping_status_admin = NULL, bookkeeping_status_spv = NULL,
           "transactionId_payback" = NULL, payback_date = NULL, discount_fee_rate_adjusted = NULL, possible_duplicate_of = NULL,
           invoice_attachment = 'tests/invoice.pdf', ipu_attachment = 'tests/ipu.pdf', invoice_ipu_signed = $5, offer_notice_attachment = 'tests/offer.pdf'
         WHERE id = $1`,
        [id, approved ? APPROVED_PAYOUT : null, approved ? '4.25' : null, approved ? '4' : null, FIXING_DATE],
      );
      await sql(
        `UPDATE "buyer" SET buyer_loan_discount_fee = '4', buyer_status = 'Approved', buyer_loan_approved_amount = '1000000' WHERE id = $1`,
        [world.Buyer],
      );
    }
    if (m.model === 'Bookkeeping')
      await sql(
        `UPDATE "request" SET bookkeeping_status_admin = NULL, bookkeeping_status_spv = NULL WHERE id = $1`,
        [world.Request],
      );
  };
  const current = async (m: StatusMachine, id: string) =>
    (await sql(`SELECT "${m.field}" AS s FROM "${tableOf(m.model)}" WHERE id = $1`, [id]))[0]!.s;
  const historyCount = async (id: string) =>
    Number((await sql(`SELECT count(*)::int AS n FROM status_history WHERE record_id = $1`, [id]))[0]!.n);
  const books = async () =>
    (await sql(
      `SELECT bookkeeping_status_admin AS a, bookkeeping_status_spv AS s FROM "bookkeeping" WHERE "requestId" = $1 ORDER BY "createdAt"`,
      [world.Request],
    )) as { a: string; s: string }[];
  const requestRow = async () => (await sql(`SELECT * FROM "request" WHERE id = $1`, [world.Request]))[0]!;

  /**
   * The effects (docs/business-rules.md, “Status moves, guards and effects”) beyond the status
   * itself.
   */
  const EFFECTS: Record<string, (row: Record<string, unknown>, before: { books: number }) => Promise<void>> =
    {
      'Buyer.buyer_status:Approved': async (row) => {
        expect(Number(row.buyer_loan_approved_amount)).toBe(500000);
        expect(Number(row.buyer_loan_discount_fee)).toBe(4.5);
      },
      'Buyer.buyer_status:Declined': async (row) => expect(Number(row.buyer_loan_approved_amount)).toBe(0),
      'Request.request_status:Declined': async (row) => {
        for (const f of ZERO_AMOUNTS) expect(Number(row[f]), f).toBe(0);
      },
      'Request.request_status:Approved': async (row, before) => {
        const priced = priceRequest({
          invoiceAmount: String(row.invoice_amount),
          currency: String(row.invoice_currency),
          advanceRate: '90',
          baseRate: '4.25',
          spread: '4',
          transactionFeeRate: '25',
          brokerFeeRate: '20',
          spvFeeRate: '0.5',
          payoutDate: PAYOUT,
          dueDate: String(row.invoice_due_date),
        });
        expect(row).toMatchObject({
          payout_date: PAYOUT,
          base_rate_amount: '4.25',
          invoice_purchase_amount: priced.invoice_purchase_amount,
          discount_fee_amount: priced.discount_fee_amount,
          bookkeeping_status_admin: 'Open',
          bookkeeping_status_spv: 'Open',
        });
        const after = await books();
        expect(after).toHaveLength(before.books + 1);
        expect(after.at(-1)).toEqual({ a: 'Open', s: 'Open' });
      },
      'Request.request_status:Settled': async (row) =>
        expect(row).toMatchObject({
          transactionId_payback: payback,
          payback_date: PAID,
          discount_fee_rate_adjusted: adjustedDiscountFeeRate({
            baseRate: '4.25',
            spread: '4',
            payoutDate: APPROVED_PAYOUT,
            dueDate: String(row.invoice_due_date),
            paybackDate: PAID,
          }),
        }),
      'Request.request_status:Documents Pending': async (row) =>
        expect(row).toMatchObject({ documents_requested: 'Invoice; Signed IPU' }),
      'Bookkeeping.bookkeeping_status_admin:Under Review': async () =>
        expect((await requestRow()).bookkeeping_status_admin).toBe('Under Review'),
      'Bookkeeping.bookkeeping_status_admin:Approved': async () =>
        expect((await requestRow()).bookkeeping_status_admin).toBe('Approved'),
      'Bookkeeping.bookkeeping_status_spv:Approved': async () =>
        expect((await requestRow()).bookkeeping_status_spv).toBe('Approved'),
    };

  it.each(STATUS_MACHINES.map((m) => [keyOf(m), m] as const))(
    '%s: a record is created at the initial state (or none, which the lifecycle reads as it)',
    async (_key, m) => {
      const res = await admin<Record<string, Record<string, string>>>(
        `query { get${m.model}(id: "${ids[keyOf(m)]}") { ${m.field} } }`,
      );
      // A transaction is entered as the bank reports it; the world's is posted.
      expect([m.initial, null, ...(m.model === 'Transaction' ? ['Posted'] : [])]).toContain(
        res.data![`get${m.model}`]![m.field],
      );
    },
  );

  for (const m of STATUS_MACHINES) {
    const states = statesOf(m);
    const cases = states.flatMap((from) =>
      states.flatMap((to) =>
        EVERYONE.map((who) => {
          const o = outcome(m, from, to, who);
          const verdict = o.allowed
            ? `allowed (${o.operation.label}${o.operation.reason === 'required' ? ', reason required' : ''})`
            : `refused: ${o.why}`;
          return [`${who}: ${from} → ${to} ${verdict}`, { from, to, who, o }] as const;
        }),
      ),
    );
    describe(`${keyOf(m)} (${cases.length} attempts)`, () => {
      it.each(cases)('%s', async (_name, { from, to, who, o }) => {
        const id = ids[keyOf(m)]!;
        await reset(m, id, from);
        const before = { history: await historyCount(id), mail: api.mail.length, books: 0 };
        if (m.model === 'Request') before.books = (await books()).length;
        const values =
          m.model === 'Buyer'
            ? APPROVAL
            : m.model === 'Request'
              ? {
                  payout_date: PAYOUT,
                  transactionId_payback: payback,
                  documents_requested: 'Invoice; Signed IPU',
                }
              : undefined;
        const move = (comment?: string): Promise<Result> =>
          api.gql(who, 'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }', {
            input: {
              model: m.model,
              id,
              field: m.field,
              to,
              comment,
              values: values && JSON.stringify(values),
            },
          });
        const unchanged = async () => {
          expect(await current(m, id)).toBe(from);
          expect(await historyCount(id)).toBe(before.history);
          expect(api.mail.slice(before.mail)).toEqual([]);
        };

        if (!o.allowed) {
          const res = await move('a reason');
          expect(res.errors?.[0]).toMatchObject({ errorType: o.errorType, message: o.message(id) });
          return unchanged();
        }
        const t = o.operation;
        let comment: string | undefined;
        if (t.reason === 'required') {
          for (const silent of [undefined, '   ']) {
            const res = await move(silent);
            expect(res.errors?.[0]).toMatchObject({
              errorType: 'ValidationError',
              message: `Say why: a reason is required to ${t.label.toLowerCase()}`,
            });
            await unchanged();
          }
          comment = `${who} says why: ${from} to ${to}`;
        }
        const startedAt = Date.now();
        const res = await move(comment);
        expect(res.errors).toBeUndefined();
        const row = JSON.parse(String(res.data!.changeStatus)) as Record<string, unknown>;
        expect(row[m.field]).toBe(to);
        expect(await current(m, id)).toBe(to);

        const history = await admin<{ statusHistory: Record<string, unknown>[] }>(
          `query { statusHistory(model: "${m.model}", id: "${id}") { field from to comment actorName actorRole changedAt operation } }`,
        );
        const entries = history.data!.statusHistory;
        expect(entries).toHaveLength(before.history + 1);
        expect(entries.at(-1)).toMatchObject({
          field: m.field,
          from,
          to,
          comment: comment ?? t.defaultReason ?? null,
          operation: t.name,
          actorName: `${who} user`,
          actorRole: WHO[who].role,
        });
        const changedAt = Date.parse(String(entries.at(-1)!.changedAt));
        expect(changedAt).toBeGreaterThanOrEqual(startedAt - 1000);
        expect(changedAt).toBeLessThanOrEqual(Date.now() + 1000);

        await EFFECTS[`${keyOf(m)}:${to}`]?.(row, before);

        const sent = api.mail.slice(before.mail);
        if (WHO[who].groupId === row.userId) expect(sent).toEqual([]);
        else if (to === 'Approved' || to === 'Declined')
          expect(sent).toContainEqual(
            expect.objectContaining({
              to: ownerEmail(m.model),
              subject: expect.stringMatching(new RegExp(`: ${to}$`)),
              text: expect.stringContaining(
                (comment ?? t.defaultReason) ? `Comment: ${comment ?? t.defaultReason}` : `is now ${to}`,
              ),
            }),
          );
      });
    });
  }
});
