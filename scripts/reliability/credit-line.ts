import { gqlData } from './api-client.ts';
import { createParty } from './run-setup.ts';

/** The approved line the concurrency run submits against. */
export interface CreditLine {
  readonly supplierId: string;
  readonly buyerId: string;
  readonly currency: string;
  /** Approved limit and advance rate, as decimal strings. */
  readonly limit: string;
  readonly advanceRate: string;
}

export const LINE_LIMIT = '1000000';
export const ADVANCE_RATE = '90';

/**
 * Makes the line the way the product does
 * (docs/business-rules.md, “Status moves, guards and effects”,
 * “Line limits and what requests hold”): admin creates the parties, the supplier's buyer line with
 * its proposed terms, submits the terms (`submitLineTerms`) and approves the line with its limit
 * (`approveLine`).
 */
export async function approvedLine(
  server: { url: string; adminToken: string },
  owners: { supplierGroupId: string; investorGroupId: string; spvGroupId: string },
): Promise<CreditLine> {
  const supplierId = await createParty(
    server,
    'Supplier',
    owners.supplierGroupId,
    'Concurrency Supplier Ltd',
  );
  const investorId = await createParty(server, 'Investor', owners.investorGroupId, 'Concurrency Investor LP');
  const spvId = await createParty(server, 'Spv', owners.spvGroupId, 'Concurrency SPV Ltd');
  const created = await gqlData<{ createBuyer: { id: string } }>(
    server.url,
    server.adminToken,
    'mutation ($input: CreateBuyerInput!) { createBuyer(input: $input) { id } }',
    {
      input: {
        userId: owners.supplierGroupId,
        supplierId,
        investorId,
        spvId,
        buyer_name: 'Concurrency Buyer Inc',
        buyer_currency: 'USD',
        buyer_loan_request_amount: LINE_LIMIT,
        buyer_loan_advance_rate: ADVANCE_RATE,
        buyer_loan_rate: 'SOFR(3M)',
        buyer_loan_discount_fee: '4',
      },
    },
  );
  const buyerId = created.createBuyer.id;
  await gqlData(
    server.url,
    server.adminToken,
    'mutation ($input: SubmitLineTermsInput!) { submitLineTerms(input: $input) { id } }',
    { input: { id: buyerId } },
  );
  const approved = await gqlData<{
    approveLine: { buyer_status: string; buyer_loan_approved_amount: string };
  }>(
    server.url,
    server.adminToken,
    'mutation ($input: ApproveLineInput!) { approveLine(input: $input) { buyer_status buyer_loan_approved_amount } }',
    { input: { id: buyerId, buyer_loan_approved_amount: LINE_LIMIT } },
  );
  if (approved.approveLine.buyer_status !== 'Approved') throw new Error('the line was not approved');
  return { supplierId, buyerId, currency: 'USD', limit: LINE_LIMIT, advanceRate: ADVANCE_RATE };
}
