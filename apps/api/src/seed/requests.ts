import { adjustedDiscountFeeRate, minorUnits, priceRequest } from '@rf/domain';
import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import type { BuyerLine } from './buyers.ts';
import type { FixingTable } from './sofr.ts';
import { INSURERS } from './fake-words.ts';
import { fill } from './fake.ts';
import { addDays, businessDayOnOrAfter, daysBetween } from './dates.ts';
import { createdOn, ownedBy } from './organisations.ts';
import { transactionRow, type BankAccount, type Counterparty } from './banking.ts';

/** Financing requests on approved lines, priced by the domain engine, with their payments and bookkeeping. */

export type RequestStatus = 'Under Review' | 'Documents Pending' | 'Approved' | 'Declined' | 'Settled';
export const REQUEST_STATUSES: readonly RequestStatus[] = [
  'Under Review',
  'Documents Pending',
  'Approved',
  'Declined',
  'Settled',
];
export const STATUS_WEIGHTS: readonly (readonly [RequestStatus, number])[] = [
  ['Settled', 45],
  ['Approved', 25],
  ['Under Review', 10],
  ['Documents Pending', 8],
  ['Declined', 12],
];

export interface Timeline {
  readonly invoiceDate: string;
  readonly dueDate: string;
  /** The payout (fixed on approval) or, before approval, the planned one that prices the offer. */
  readonly payoutDate: string;
  readonly paybackDate: string | null;
}

/** Dates that fit the status as of `today`: settled requests lie in the past, pending ones ahead. */
export function timeline(rng: Rng, status: RequestStatus, terms: number, today: string): Timeline {
  const onOrBefore = (ymd: string) => (ymd > today ? today : ymd);
  if (status === 'Settled') {
    const invoiceDate = addDays(today, -terms - rng.int(14, 480));
    const dueDate = addDays(invoiceDate, terms);
    const late = rng.chance(0.5) ? 0 : rng.int(-6, 9);
    return {
      invoiceDate,
      dueDate,
      payoutDate: businessDayOnOrAfter(addDays(invoiceDate, rng.int(1, 7))),
      paybackDate: late === 0 ? dueDate : businessDayOnOrAfter(addDays(dueDate, late)),
    };
  }
  if (status === 'Approved') {
    const invoiceDate = addDays(today, -rng.int(5, terms + 25));
    const payout = onOrBefore(businessDayOnOrAfter(addDays(invoiceDate, rng.int(1, 3))));
    return { invoiceDate, dueDate: addDays(invoiceDate, terms), payoutDate: payout, paybackDate: null };
  }
  if (status === 'Declined') {
    const invoiceDate = addDays(today, -rng.int(10, 300));
    return {
      invoiceDate,
      dueDate: addDays(invoiceDate, terms),
      payoutDate: businessDayOnOrAfter(addDays(invoiceDate, 3)),
      paybackDate: null,
    };
  }
  const invoiceDate = addDays(today, -rng.int(1, 15));
  return {
    invoiceDate,
    dueDate: addDays(invoiceDate, terms),
    payoutDate: businessDayOnOrAfter(addDays(today, rng.int(2, 5))),
    paybackDate: null,
  };
}

/** An invoice amount between 5,000 and 600,000, skewed to the small end as real books are. */
export function invoiceAmount(rng: Rng): string {
  const units = Math.round(Math.exp(Math.log(5_000) + rng.next() ** 1.6 * Math.log(120)) / 10) * 10;
  return `${units}.${rng.chance(0.4) ? '00' : String(rng.int(0, 99)).padStart(2, '0')}`;
}

export interface RequestContext {
  readonly line: BuyerLine;
  readonly status: RequestStatus;
  readonly timeline: Timeline;
  readonly amount: string;
  readonly invoiceNumber: string;
  readonly batchId: string | null;
  readonly fixings: FixingTable;
  readonly accounts: { readonly remittance: BankAccount; readonly collection: BankAccount };
  readonly supplierAccount: Counterparty;
  readonly buyerAccount: Counterparty;
}

export interface RequestRows {
  readonly request: SeedRow;
  readonly bookkeeping: SeedRow | null;
  readonly transactions: SeedRow[];
  /**
   * Purchase amount in cents while the request is Approved and not Settled (utilisation,
   * docs/business-rules.md, “Line limits and what requests hold”).
   */
  readonly utilisedCents: number;
}

const BOOKKEEPING_ADMIN = ['Open', 'Under Review', 'Approved'] as const;

export function requestRows(rng: Rng, ctx: RequestContext): RequestRows {
  const { line, status, timeline: t } = ctx;
  const id = rng.uuid();
  const fixing = ctx.fixings.fixingFor(line.series, t.payoutDate);
  const price = priceRequest({
    invoiceAmount: ctx.amount,
    currency: line.currency,
    advanceRate: line.advanceRate,
    baseRate: fixing.value,
    spread: line.spread,
    transactionFeeRate: line.transactionFeeRate,
    brokerFeeRate: line.brokerFeeRate,
    spvFeeRate: line.spvFeeRate,
    payoutDate: t.payoutDate,
    dueDate: t.dueDate,
  });
  const funded = status === 'Approved' || status === 'Settled';
  const declined = status === 'Declined';
  // Decline zeroes the fee and purchase amounts
  // (docs/business-rules.md, “Status moves, guards and effects”).
  const amount = (value: string) => (declined ? (0).toFixed(minorUnits(line.currency)) : value);
  const parties: SeedRow = {
    buyerId: line.id,
    supplierId: line.supplier.partyId,
    investorId: line.investor.partyId,
    spvId: line.spv.partyId,
    brokerId: line.broker?.partyId ?? null,
  };
  const payoutId = funded ? rng.uuid() : null;
  const paybackId = status === 'Settled' ? rng.uuid() : null;
  const ipuSigned = funded
    ? addDays(t.invoiceDate, Math.min(2, daysBetween(t.invoiceDate, t.payoutDate)))
    : null;
  const adminStatus = status === 'Settled' ? 'Approved' : funded ? rng.pick(BOOKKEEPING_ADMIN) : null;
  const spvStatus = status === 'Settled' ? 'Approved' : funded ? rng.pick(['Open', 'Approved']) : null;
  const dayAfter = addDays(t.invoiceDate, 1);
  const esign = () => `esig_${rng.uuid().slice(0, 13)}`;
  const request: SeedRow = {
    ...ownedBy(line.supplier),
    ...parties,
    id,
    batchId: ctx.batchId,
    buyer_name: line.name,
    supplier_name: line.supplier.name,
    investor_email: line.investor.contactEmail,
    advance_rate: line.advanceRate,
    spv_fee_rate: line.spvFeeRate,
    spv_fee_amount: amount(price.spv_fee_amount),
    broker_fee_rate: line.brokerFeeRate,
    broker_fee_amount: amount(price.broker_fee_amount),
    discount_fee_rate: line.spread,
    discount_fee_rate_adjusted:
      status === 'Settled' && t.paybackDate
        ? adjustedDiscountFeeRate({
            baseRate: fixing.value,
            spread: line.spread,
            payoutDate: t.payoutDate,
            dueDate: t.dueDate,
            paybackDate: t.paybackDate,
          })
        : null,
    discount_fee_amount: amount(price.discount_fee_amount),
    transaction_fee_rate: line.transactionFeeRate,
    transaction_fee_amount: amount(price.transaction_fee_amount),
    base_rate: line.series,
    base_rate_amount: fixing.value,
    purchase_order_amount: ctx.amount,
    purchase_order_date: addDays(t.invoiceDate, -rng.int(10, 45)),
    purchase_order_number: fill(rng, 'PO-######'),
    sold_goods_description: line.supplier.industry.goods,
    invoice_amount: ctx.amount,
    invoice_purchase_amount: amount(price.invoice_purchase_amount),
    invoice_purchase_duration: declined ? null : price.days,
    invoice_currency: line.currency,
    invoice_date: t.invoiceDate,
    invoice_due_date: t.dueDate,
    invoice_number: ctx.invoiceNumber,
    invoice_ipu_signed: ipuSigned,
    ipu_signature_name: line.signer.name,
    ipu_signature_email: line.signer.email,
    ipu_e_signatureId: funded ? esign() : null,
    offer_notice_e_signatureId: funded ? esign() : null,
    raa_offer_notice_e_signatureId: spvStatus === 'Approved' ? esign() : null,
    cargo_insurance_name: rng.chance(0.5) ? rng.pick(INSURERS) : null,
    bill_of_lading_no: fill(rng, 'AAAU#######'),
    container_no: fill(rng, 'AAAU#######'),
    transactionId_payout: payoutId,
    transactionId_payback: paybackId,
    payout_date: declined ? null : t.payoutDate,
    payback_date: t.paybackDate,
    request_status: status,
    bookkeeping_status_admin: adminStatus,
    bookkeeping_status_spv: spvStatus,
    // Submitted the day after the invoice, unless it was paid out sooner.
    createdAt: createdOn(rng, dayAfter <= t.payoutDate ? dayAfter : t.invoiceDate),
  };
  const transactions: SeedRow[] = [];
  if (payoutId) {
    transactions.push(
      transactionRow({
        id: payoutId,
        account: ctx.accounts.remittance,
        date: t.payoutDate,
        amount: price.invoice_purchase_amount,
        currency: line.currency,
        counterparty: ctx.supplierAccount,
        description: `Purchase of invoice ${ctx.invoiceNumber} (${line.name})`,
        category: 'Transfer',
        parties,
      }),
    );
  }
  if (paybackId && t.paybackDate) {
    transactions.push(
      transactionRow({
        id: paybackId,
        account: ctx.accounts.collection,
        date: t.paybackDate,
        amount: ctx.amount,
        currency: line.currency,
        counterparty: ctx.buyerAccount,
        description: `Payment ${ctx.invoiceNumber} ${line.name}`,
        category: 'Transfer',
        parties,
      }),
    );
  }
  // The platform-fee invoice exists once admin bookkeeping has moved past Open
  // (docs/business-rules.md, “Status moves, guards and effects”).
  const platformInvoice = adminStatus && adminStatus !== 'Open' ? `PF-${id.slice(0, 8).toUpperCase()}` : null;
  const bookkeeping: SeedRow | null =
    funded && adminStatus && spvStatus
      ? {
          ...ownedBy(line.supplier),
          ...parties,
          brokerId: undefined, // Bookkeeping has no broker field
          requestId: id,
          transactionId: payoutId,
          bookkeeping_status_admin: adminStatus,
          bookkeeping_status_spv: spvStatus,
          invoiceId_3party: platformInvoice,
          invoiceurl_3party: platformInvoice && `https://accounting.example/invoices/${platformInvoice}`,
          invoicepdfurl_3party:
            platformInvoice && `https://accounting.example/invoices/${platformInvoice}.pdf`,
          createdAt: `${t.payoutDate}T09:00:00.000Z`,
        }
      : null;
  const utilisedCents = status === 'Approved' ? Math.round(Number(price.invoice_purchase_amount) * 100) : 0;
  return { request, bookkeeping, transactions, utilisedCents };
}
