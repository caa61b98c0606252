import { REGISTRY, type EffectfulOperation } from '@rf/domain';
import { insertRow, updateRow } from '../../data/rows.ts';
import { checkAttachmentsOwned } from '../write-checks.ts';
import type { Effect } from './effect.ts';
import { recordHistory } from './history.ts';
import { pricingOnApproval } from './price-request.ts';
import { settleRequest } from './settle-request.ts';
import { instructAdvance } from '../../payments/instructions.ts';
import { submitCompany } from './submit-company.ts';
import { sendPurchaseForSignature, signingEnvOf, stepActor } from '../send-for-signature.ts';
import { voidOpenEnvelopes } from '../../esign/void-envelopes.ts';
import type { DocumentKind } from '@rf/domain';
import type { Row } from '../../db/database.ts';
import {
  postApproval,
  postFees,
  postSpvPurchase,
  setLineLimit,
  voidReservation,
  type PostingContext,
} from '../../ledger/request-postings.ts';
import { postingContext, withinLimit } from '../ledger-postings.ts';

/**
 * What ends a request (declined, withdrawn) ends its signing: its envelopes still out are voided,
 * a batch's only once every invoice of it has ended.
 */
const endRequest =
  (ended: 'declined' | 'withdrawn'): Effect =>
  async ({ ctx, tx, row, reason, write }) => {
    const { actor, client } = stepActor(ctx, 'voidEnvelope');
    await voidOpenEnvelopes(tx, signingEnvOf(ctx), {
      requestId: String(row.id),
      reason: `the request was ${ended}${reason ? `: ${reason}` : ''}`,
      at: write.at,
      actor,
      client,
      whenAllDeclined: true,
    });
    await voidReservation(postingContext(ctx, tx, write.action ?? 'endRequest'), row, ended);
    return ZERO_AMOUNTS;
  };

const ZERO_AMOUNTS = {
  discount_fee_amount: '0',
  transaction_fee_amount: '0',
  broker_fee_amount: '0',
  spv_fee_amount: '0',
  invoice_purchase_amount: '0',
};

/**
 * Keeps the request's copy of a bookkeeping status in step with its Bookkeeping record, and books
 * what the step books (docs/business-rules.md, “Bookkeeping that posts”).
 */
const syncRequestBookkeeping =
  (
    field: 'bookkeeping_status_admin' | 'bookkeeping_status_spv',
    to: string,
    books?: (c: PostingContext, request: Row) => Promise<unknown>,
  ): Effect =>
  async ({ ctx, tx, row, write, touched }) => {
    if (row.requestId) {
      const [request] = await tx.query('SELECT * FROM "request" WHERE id = $1 FOR UPDATE', [
        String(row.requestId),
      ]);
      if (books && request) await books(postingContext(ctx, tx, write.action ?? 'bookkeeping'), request);
      await updateRow(tx, 'Request', String(row.requestId), { [field]: to }, write);
      touched({ model: 'Request', kind: 'update', id: String(row.requestId) });
    }
    return {};
  };

/**
 * A line's approved limit, held in the ledger's memo accounts
 * (docs/business-rules.md, “Limits held in the ledger”): the database refuses a limit below what
 * the line's requests use and hold.
 */
const limitOfLine =
  (amount: (input: Row) => string, opts: { keepHeld?: boolean } = {}): Effect =>
  async ({ ctx, tx, row, input, write }) => {
    await withinLimit(
      () =>
        setLineLimit(
          postingContext(ctx, tx, write.action ?? 'line'),
          row,
          amount(input as Row),
          Number(row._version ?? 0) + 1,
          opts,
        ),
      'buyer_loan_approved_amount cannot be below what the line’s requests use and hold',
    );
    return {};
  };

/**
 * Approval prices the request from the fixing for its payout date, instructs its payout and opens
 * its bookkeeping.
 */
const approveRequest: Effect = async ({ ctx, tx, row, input, today, write, touched }) => {
  const payoutDate = typeof input.payout_date === 'string' ? input.payout_date : today;
  const pricing = await pricingOnApproval(tx, row, payoutDate);
  await withinLimit(
    () => postApproval(postingContext(ctx, tx, 'approveRequest'), { ...row, ...pricing }),
    'the line’s free limit cannot take this request’s purchase amount',
  );
  // The advance to pay out (docs/business-rules.md, “Payments and reconciliation”).
  await instructAdvance(tx, { ...row, ...pricing }, write.at);
  const id = await insertRow(
    tx,
    'Bookkeeping',
    {
      requestId: row.id,
      buyerId: row.buyerId,
      supplierId: row.supplierId,
      investorId: row.investorId,
      spvId: row.spvId,
      bookkeeping_status_admin: 'Open',
      bookkeeping_status_spv: 'Open',
    },
    { ...write, owner: String(row.userId) },
  );
  touched({ model: 'Bookkeeping', kind: 'create', id });
  return { ...pricing, bookkeeping_status_admin: 'Open', bookkeeping_status_spv: 'Open' };
};

/**
 * Signed copies count for every invoice of the batch
 * (docs/business-rules.md, “Batches of invoices on one line”): the same files go on the batch's
 * other requests still under review, with a history entry on each.
 */
const attachSignedCopies: Effect = async ({ ctx, tx, row, input, caller, reason, write, touched }) => {
  await checkAttachmentsOwned(tx, caller, REGISTRY.Request, input, row);
  const copies = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
  // The uploaded copy replaces the built-in signing of the same document.
  const kinds: DocumentKind[] = [
    ...(copies.ipu_attachment ? (['ipu'] as const) : []),
    ...(copies.offer_notice_attachment ? (['offer_notice'] as const) : []),
  ];
  const { actor, client } = stepActor(ctx, 'voidEnvelope');
  await voidOpenEnvelopes(tx, signingEnvOf(ctx), {
    requestId: String(row.id),
    reason: 'a signed copy was uploaded by an administrator instead',
    at: write.at,
    actor,
    client,
    kinds,
  });
  if (row.batchId) {
    const others = await tx.query(
      `SELECT * FROM "request" WHERE "batchId" = $1 AND id <> $2 AND NOT "_deleted"
          AND request_status IN ('Under Review', 'Documents Pending') FOR UPDATE`,
      [String(row.batchId), String(row.id)],
    );
    for (const other of others) {
      const id = String(other.id);
      await updateRow(tx, 'Request', id, copies, write);
      const status = String(other.request_status);
      await recordHistory(tx, {
        model: 'Request',
        id,
        field: 'request_status',
        from: status,
        to: status,
        comment: reason,
        operation: 'attachSignedCopies',
        changes: Object.fromEntries(Object.keys(copies).map((n) => [n, [other[n] ?? null, copies[n]]])),
        caller,
        at: write.at,
      });
      touched({ model: 'Request', kind: 'update', id });
    }
  }
  return {};
};

/**
 * What each declared operation with `effect: true` writes besides its input and state
 * (docs/architecture.md, "Lifecycles"). Typed over the declarations: a missing or misspelt entry
 * fails the type check.
 */
export const EFFECTS: { readonly [K in EffectfulOperation]: Effect } = {
  submitSupplier: submitCompany('Supplier'),
  submitInvestor: submitCompany('Investor'),
  submitSpv: submitCompany('Spv'),
  submitBroker: submitCompany('Broker'),
  approveLine: limitOfLine((input) => String(input.buyer_loan_approved_amount)),
  changeLineLimit: limitOfLine((input) => String(input.buyer_loan_approved_amount)),
  declineLine: async (input) => ({
    ...(await limitOfLine(() => '0', { keepHeld: true })(input)),
    buyer_loan_approved_amount: '0',
  }),
  approveRequest,
  declineRequest: endRequest('declined'),
  withdrawRequest: endRequest('withdrawn'),
  settleRequest,
  attachSignedCopies,
  clearDuplicateFlag: async () => ({ possible_duplicate_of: null }),
  bookFees: syncRequestBookkeeping('bookkeeping_status_admin', 'Under Review', postFees),
  approveBooking: syncRequestBookkeeping('bookkeeping_status_admin', 'Approved'),
  approvePurchase: async (input) => {
    const changes = await syncRequestBookkeeping(
      'bookkeeping_status_spv',
      'Approved',
      postSpvPurchase,
    )(input);
    if (input.row.requestId) await sendPurchaseForSignature(input.ctx, input.tx, String(input.row.requestId));
    return changes;
  },
  // Posted is the bank's booking: the transaction is no longer pending.
  postTransaction: async () => ({ pending: false }),
};
