import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { approvedLimitProblem, describeIssues, fieldSchema, REGISTRY, type Caller } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import type { Change } from '../data/change-feed.ts';
import { validationError } from '../http/errors.ts';
import { pricingOnApproval } from './price-request.ts';
import { settleRequest } from './settle-request.ts';
import { submitCompany } from './submit-company.ts';

export interface EffectInput {
  readonly tx: Queryable;
  readonly row: Row;
  readonly values: Readonly<Record<string, unknown>>;
  readonly caller: Caller;
  /** Records another row the effect wrote, announced to subscribers once the move commits. */
  readonly touched: (change: Change) => void;
}

/** What a move writes besides the status itself, keyed `Model.field:ToState` (business-rules §2). */
export type StatusEffect = (input: EffectInput) => Promise<Row>;

const ZERO_AMOUNTS = [
  'discount_fee_amount',
  'transaction_fee_amount',
  'broker_fee_amount',
  'spv_fee_amount',
  'invoice_purchase_amount',
];

/** A validated decimal from the move's values, named as the field it is stored in. */
function decimalValue(
  model: 'Buyer' | 'Request',
  name: string,
  value: unknown,
  required: boolean,
): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw validationError(`${name} is required`);
    return null;
  }
  const field = REGISTRY[model].fieldsByName.get(name);
  if (!field) throw validationError(`Unknown field ${name}`);
  const parsed = fieldSchema(field).safeParse(value);
  if (!parsed.success) throw validationError(describeIssues(parsed.error));
  return parsed.data as string;
}

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * The approver's figures (approvedLimitProblem in @rf/domain says what a limit must be); the
 * adjusted spread is a yearly percentage of at most 100.
 */
function checkApprovedTerms(row: Row, approved: string, spread: string | null): void {
  const currency = typeof row.buyer_currency === 'string' ? row.buyer_currency : null;
  const requested = row.buyer_loan_request_amount;
  const problem = approvedLimitProblem(approved, requested, currency);
  if (problem?.kind === 'notPositive')
    throw validationError('buyer_loan_approved_amount must be more than 0; decline the line instead');
  if (problem?.kind === 'tooManyDecimals')
    throw validationError(
      `buyer_loan_approved_amount has at most ${problem.digits} decimals in ${currency ?? 'this currency'}`,
    );
  if (problem?.kind === 'aboveRequested')
    throw validationError(
      `buyer_loan_approved_amount cannot be more than the requested amount ${String(requested)}${currency ? ` ${currency}` : ''}`,
    );
  if (spread !== null && new Decimal(spread).gt(100))
    throw validationError('buyer_loan_discount_fee is a yearly percentage of at most 100');
}

/** Terms a line needs before the investor can be asked for an offer (business-rules §3, §4). */
const REQUIRED_TERMS: Record<string, string> = {
  buyer_loan_request_amount: 'requested amount',
  buyer_loan_advance_rate: 'advance rate',
  buyer_loan_rate: 'base-rate series',
  buyer_loan_discount_fee: 'spread',
  investorId: 'investor',
  spvId: 'SPV',
};

/** Keeps the request's copy of a bookkeeping status in step with its Bookkeeping record. */
const syncRequestBookkeeping =
  (field: 'bookkeeping_status_admin' | 'bookkeeping_status_spv', to: string): StatusEffect =>
  async ({ tx, row, touched }) => {
    if (row.requestId) {
      await tx.query(
        `UPDATE "request" SET ${field === 'bookkeeping_status_admin' ? 'bookkeeping_status_admin' : 'bookkeeping_status_spv'} = $2, "_version" = "_version" + 1, "updatedAt" = $3 WHERE id = $1`,
        [String(row.requestId), to, new Date().toISOString()],
      );
      touched({ model: 'Request', kind: 'update', id: String(row.requestId) });
    }
    return {};
  };

export const STATUS_EFFECTS: Readonly<Record<string, StatusEffect>> = {
  'Supplier.supplier_status:Under Review': submitCompany('Supplier'),
  'Investor.investor_status:Under Review': submitCompany('Investor'),
  'Spv.spv_status:Under Review': submitCompany('Spv'),
  'Broker.broker_status:Under Review': submitCompany('Broker'),
  'Buyer.buyer_status:Investor Offer Pending': async ({ row }) => {
    const missing = Object.entries(REQUIRED_TERMS)
      .filter(([field]) => row[field] === null || row[field] === undefined || row[field] === '')
      .map(([, label]) => label);
    if (missing.length)
      throw validationError(`Complete the proposed terms first: ${missing.join(', ')} missing`);
    return {};
  },
  'Bookkeeping.bookkeeping_status_admin:Under Review': syncRequestBookkeeping(
    'bookkeeping_status_admin',
    'Under Review',
  ),
  'Bookkeeping.bookkeeping_status_admin:Approved': syncRequestBookkeeping(
    'bookkeeping_status_admin',
    'Approved',
  ),
  'Bookkeeping.bookkeeping_status_spv:Approved': syncRequestBookkeeping('bookkeeping_status_spv', 'Approved'),
  // The approver sets the approved limit and may adjust the spread.
  'Buyer.buyer_status:Approved': async ({ row, values }) => {
    const approved = decimalValue(
      'Buyer',
      'buyer_loan_approved_amount',
      values.buyer_loan_approved_amount,
      true,
    );
    const spread = decimalValue('Buyer', 'buyer_loan_discount_fee', values.buyer_loan_discount_fee, false);
    checkApprovedTerms(row, approved as string, spread);
    return { buyer_loan_approved_amount: approved, ...(spread ? { buyer_loan_discount_fee: spread } : {}) };
  },
  'Buyer.buyer_status:Declined': async () => ({ buyer_loan_approved_amount: '0' }),
  'Request.request_status:Declined': async () => Object.fromEntries(ZERO_AMOUNTS.map((f) => [f, '0'])),
  // Settling links the collection transaction that paid the request (business-rules §2, §3, §8).
  'Request.request_status:Settled': settleRequest,
  // Approval fixes the payout date, prices the request and opens both bookkeeping statuses.
  'Request.request_status:Approved': async ({ tx, row, values, touched }) => {
    const payoutDate = typeof values.payout_date === 'string' ? values.payout_date : today();
    const pricing = await pricingOnApproval(tx, row, payoutDate);
    const id = randomUUID();
    const now = new Date().toISOString();
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
  },
};
