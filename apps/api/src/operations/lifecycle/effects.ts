import { randomUUID } from 'node:crypto';
import type { EffectfulOperation } from '@rf/domain';
import { nowOf } from '../context.ts';
import { checkAttachmentsOwned } from '../write-checks.ts';
import { REGISTRY } from '@rf/domain';
import type { Effect } from './effect.ts';
import { pricingOnApproval } from './price-request.ts';
import { settleRequest } from './settle-request.ts';
import { submitCompany } from './submit-company.ts';

const ZERO_AMOUNTS = {
  discount_fee_amount: '0',
  transaction_fee_amount: '0',
  broker_fee_amount: '0',
  spv_fee_amount: '0',
  invoice_purchase_amount: '0',
};

/** Keeps the request's copy of a bookkeeping status in step with its Bookkeeping record. */
const syncRequestBookkeeping =
  (field: 'bookkeeping_status_admin' | 'bookkeeping_status_spv', to: string): Effect =>
  async ({ ctx, tx, row, touched }) => {
    if (row.requestId) {
      await tx.query(
        `UPDATE "request" SET ${field} = $2, "_version" = "_version" + 1, "updatedAt" = $3 WHERE id = $1`,
        [String(row.requestId), to, nowOf(ctx).toISOString()],
      );
      touched({ model: 'Request', kind: 'update', id: String(row.requestId) });
    }
    return {};
  };

/** Approval prices the request from the fixing for its payout date and opens its bookkeeping. */
const approveRequest: Effect = async ({ ctx, tx, row, input, today, touched }) => {
  const payoutDate = typeof input.payout_date === 'string' ? input.payout_date : today;
  const pricing = await pricingOnApproval(tx, row, payoutDate);
  const id = randomUUID();
  const now = nowOf(ctx).toISOString();
  await tx.query(
    `INSERT INTO "bookkeeping" (id, "bookkeepingId", sortkey, "userId", "identityId", "requestId", "buyerId", "supplierId", "investorId", "spvId",
       bookkeeping_status_admin, bookkeeping_status_spv, "createdAt", "updatedAt")
     VALUES ($1::uuid, $1::uuid, $1::text, $2, $2, $3, $4, $5, $6, $7, 'Open', 'Open', $8, $8)`,
    [
      id,
      row.userId as string,
      row.id as string,
      row.buyerId as string | null,
      row.supplierId as string | null,
      row.investorId as string | null,
      row.spvId as string | null,
      now,
    ],
  );
  touched({ model: 'Bookkeeping', kind: 'create', id });
  return { ...pricing, bookkeeping_status_admin: 'Open', bookkeeping_status_spv: 'Open' };
};

/**
 * Signed copies count for every invoice of the batch (docs/business-rules.md, “Multi-invoice
 * requests”): the same files go on the batch's other requests still under review, with a history
 * entry on each.
 */
const attachSignedCopies: Effect = async ({ ctx, tx, row, input, caller, touched }) => {
  await checkAttachmentsOwned(tx, caller, REGISTRY.Request, input, row);
  const copies = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
  if (row.batchId) {
    const names = Object.keys(copies);
    const others = await tx.query<{ id: string }>(
      `UPDATE "request" SET ${names.map((n, i) => `"${n}" = $${i + 3}`).join(', ')}, "_version" = "_version" + 1, "updatedAt" = $2
        WHERE "batchId" = $1 AND id <> $${names.length + 3} AND NOT "_deleted"
          AND request_status IN ('Under Review', 'Documents Pending')
        RETURNING id`,
      [
        String(row.batchId),
        nowOf(ctx).toISOString(),
        ...names.map((n) => copies[n] as string),
        String(row.id),
      ],
    );
    for (const other of others) touched({ model: 'Request', kind: 'update', id: other.id });
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
  declineLine: async () => ({ buyer_loan_approved_amount: '0' }),
  approveRequest,
  declineRequest: async () => ZERO_AMOUNTS,
  withdrawRequest: async () => ZERO_AMOUNTS,
  settleRequest,
  attachSignedCopies,
  clearDuplicateFlag: async () => ({ possible_duplicate_of: null }),
  bookFees: syncRequestBookkeeping('bookkeeping_status_admin', 'Under Review'),
  approveBooking: syncRequestBookkeeping('bookkeeping_status_admin', 'Approved'),
  approvePurchase: syncRequestBookkeeping('bookkeeping_status_spv', 'Approved'),
  // Posted is the bank's booking: the transaction is no longer pending.
  postTransaction: async () => ({ pending: false }),
};
