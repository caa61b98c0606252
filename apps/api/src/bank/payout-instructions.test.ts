import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { createAccount } from '../testing/payments.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  ORGS,
  PRICED_PAYOUT,
  readyForApproval,
  type World,
} from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

const XSD = new URL('./payout-files/pain.001.001.03.xsd', import.meta.url).pathname;
const INSTRUCTIONS = `query ($requestId: ID) { payoutInstructions(requestId: $requestId) {
  id reference kind status amount currency payerModel invoiceNumber problems exportedAt } }`;
const EXPORT =
  'mutation ($input: ExportPayoutsInput!) { exportPayouts(input: $input) { exportId format fileName content instructions } }';

/**
 * Payout instructions (docs/business-rules.md, “Payments and reconciliation”): approval instructs
 * the advance from the funder's remittance account to the supplier's payout account; an
 * administrator exports pending instructions as a pain.001.001.03 file valid against the official
 * schema, which marks them Exported; nothing is exported while an account is missing.
 */
describeDatabases('payout instructions', (db) => {
  let api: ApiHarness;
  let world: World;
  let requestId = '';

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    const line = await fundedLine(api, world, { limit: '50000.00', advance: '90', name: 'Payout Metals BV' });
    const made = (await api.gql(
      'Supplier',
      'mutation ($input: CreateRequestInput!) { createRequest(input: $input) { id } }',
      {
        input: sampleInput(REGISTRY.Request, {
          buyerId: line,
          supplierId: world.Supplier,
          invoice_number: 'PAY-1',
          invoice_amount: '10000.00',
          invoice_currency: 'USD',
          invoice_date: '2026-03-01',
          invoice_due_date: '2026-05-08',
        }),
      },
    )) as Result;
    expect(made.errors).toBeUndefined();
    requestId = (made.data!.createRequest as { id: string }).id;
    await readyForApproval(api, requestId);
    const approved = (await api.gql(
      'Admin',
      'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id } }',
      {
        input: { id: requestId, payout_date: PRICED_PAYOUT },
      },
    )) as Result;
    expect(approved.errors).toBeUndefined();
  });
  afterAll(async () => api.app.close());

  const instructions = async () => {
    const res = await api.gql<{ payoutInstructions: Record<string, unknown>[] }>('Admin', INSTRUCTIONS, {
      requestId,
    });
    expect(res.errors).toBeUndefined();
    return res.data!.payoutInstructions;
  };

  it('instructs the purchase amount from the investor once the request is approved', async () => {
    const [request] = await db().query(
      'SELECT invoice_purchase_amount::text AS purchase FROM "request" WHERE id = $1',
      [requestId],
    );
    const list = await instructions();
    expect(list).toEqual([
      expect.objectContaining({
        kind: 'advance',
        status: 'Pending',
        amount: request!.purchase,
        currency: 'USD',
        payerModel: 'Investor',
        invoiceNumber: 'PAY-1',
      }),
    ]);
    expect(String(list[0]!.reference)).toMatch(/^RFA[0-9A-F]{16}$/);
  });

  it('exports nothing while an account is missing, and says which', async () => {
    const [one] = await instructions();
    const res = await api.gql('Admin', EXPORT, { input: { ids: [one!.id], format: 'pain.001.001.03' } });
    expect(res.errors?.[0]?.message).toMatch(
      /^Nothing was exported: RFA[0-9A-F]{16} \(invoice PAY-1\): .* has no approved remittance account in USD; .* has no approved payout account in USD$/,
    );
    expect((await instructions())[0]!.status).toBe('Pending');
  });

  it('exports a pain.001.001.03 file valid against the schema and marks the instruction Exported, once', async () => {
    await createAccount(api, 'remittance', { userId: ORGS.investor, investorId: world.Investor });
    const payout = await api.gql<{ createBank: { id: string } }>(
      'Supplier',
      'mutation ($input: CreateBankInput!) { createBank(input: $input) { id } }',
      {
        input: {
          supplierId: world.Supplier,
          bank_account_name: 'World1 Supplier Ltd',
          bank_account_purpose: 'payout',
          iso_currency_code: 'USD',
          bank_country: 'DE',
          iban: 'DE89370400440532013000',
          bic_swift_code: 'COBADEFFXXX',
        },
      },
    );
    expect(payout.errors).toBeUndefined();
    expect(
      (
        await api.gql(
          'Admin',
          `mutation { approveBank(input: { id: "${payout.data!.createBank.id}" }) { id } }`,
        )
      ).errors,
    ).toBeUndefined();

    const [one] = await instructions();
    expect(one!.problems).toEqual([]);
    expect(
      (await api.gql('Investor', EXPORT, { input: { ids: [one!.id], format: 'csv' } })).errors?.[0]?.message,
    ).toBe('Not allowed: only an administrator may export payouts');
    const res = await api.gql<{ exportPayouts: { content: string; fileName: string; instructions: number } }>(
      'Admin',
      EXPORT,
      {
        input: { ids: [one!.id], format: 'pain.001.001.03', executionDate: PRICED_PAYOUT },
      },
    );
    expect(res.errors).toBeUndefined();
    const file = res.data!.exportPayouts;
    expect(file.instructions).toBe(1);
    expect(file.fileName).toMatch(/^payouts-2026-03-09-[0-9a-f]{8}\.xml$/);
    expect(file.content).toContain(`<EndToEndId>${String(one!.reference)}</EndToEndId>`);
    expect(file.content).toContain(`<InstdAmt Ccy="USD">${String(one!.amount)}</InstdAmt>`);
    expect(file.content).toContain('<IBAN>DE89370400440532013000</IBAN>');
    const dir = mkdtempSync(join(tmpdir(), 'rf-pain-'));
    writeFileSync(join(dir, 'payouts.xml'), file.content);
    execFileSync('xmllint', ['--noout', '--schema', XSD, join(dir, 'payouts.xml')], { stdio: 'pipe' });

    const [after] = await instructions();
    expect(after).toMatchObject({ status: 'Exported' });
    expect(after!.exportedAt).not.toBeNull();
    const again = await api.gql('Admin', EXPORT, { input: { ids: [one!.id], format: 'csv' } });
    expect(again.errors?.[0]?.message).toBe(
      `Nothing was exported: ${String(one!.reference)} (invoice PAY-1) is Exported, not Pending`,
    );
  });
});
