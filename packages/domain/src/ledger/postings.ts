import type { AccountKindName, AccountRef, PartyModel } from './accounts.ts';
import { toMinor } from './minor-units.ts';

/**
 * The posting rules (docs/business-rules.md, “The ledger”): what each money event debits and
 * credits. Pure functions from a request's stored amounts to balanced legs; the server writes
 * them in the operation's transaction and the database checks again that they balance.
 *
 * A leg's amount is in minor units, debit positive, credit negative. A pending leg holds limit
 * (a request awaiting a decision); the legs of one posting balance per phase and per currency.
 */
export interface Leg {
  readonly account: AccountRef;
  readonly amount: bigint;
  readonly phase: 'posted' | 'pending';
}

/** The parties of a request as its line names them. */
export interface RequestParties {
  /** The buyer line (a Buyer record). */
  readonly lineId: string;
  readonly supplierId: string;
  readonly investorId: string | null;
  readonly spvId: string | null;
  readonly brokerId: string | null;
  /**
   * The SPV has bought the receivable from the investor (its purchase was booked): collections
   * and write-offs then reduce the SPV's receivable, not the investor's.
   */
  readonly purchasedBySpv?: boolean;
}

/** A request's amounts as stored at approval (decimal strings in the currency's digits). */
export interface RequestAmounts {
  readonly currency: string;
  /** invoice_amount */
  readonly face: string;
  /** invoice_purchase_amount */
  readonly purchase: string;
  /** discount_fee_amount */
  readonly discount: string;
  readonly transactionFee: string;
  readonly brokerFee: string;
  readonly spvFee: string;
}

export type PricedRequest = RequestParties & RequestAmounts;

const account = (
  kind: AccountKindName,
  currency: string,
  party: { model: PartyModel; id: string } | null = null,
): AccountRef => ({ kind, currency, party });

const posted = (a: AccountRef, amount: bigint): Leg => ({ account: a, amount, phase: 'posted' });
const pending = (a: AccountRef, amount: bigint): Leg => ({ account: a, amount, phase: 'pending' });
const dr = posted;
const cr = (a: AccountRef, amount: bigint): Leg => posted(a, -amount);

/**
 * Who funds the request: its line's investor, or its SPV when the line names no investor. The
 * receivable, and the cash that pays for it, are on that party's accounts.
 */
export function funderOf(r: RequestParties): { model: PartyModel; id: string } {
  if (r.investorId) return { model: 'Investor', id: r.investorId };
  if (r.spvId) return { model: 'Spv', id: r.spvId };
  throw new Error('The request’s line names no investor and no SPV: nobody funds it');
}

/** Who holds the receivable now: the SPV once it bought it, else the funder. */
export function holderOf(r: RequestParties): { model: PartyModel; id: string } {
  return r.purchasedBySpv && r.spvId ? { model: 'Spv', id: r.spvId } : funderOf(r);
}

const supplier = (r: RequestParties) => ({ model: 'Supplier' as const, id: r.supplierId });
const line = (lineId: string) => ({ model: 'Buyer' as const, id: lineId });

/** The request's amounts in minor units; the reserve is what the face leaves once advanced. */
export function minorAmounts(r: RequestAmounts) {
  const m = (v: string) => toMinor(v, r.currency);
  const face = m(r.face);
  const purchase = m(r.purchase);
  const discount = m(r.discount);
  const transactionFee = m(r.transactionFee);
  const brokerFee = m(r.brokerFee);
  const spvFee = m(r.spvFee);
  // adv = purchase + disc exactly (the purchase is derived from the stored discount), so
  // reserve = face − adv leaves no cent unassigned.
  const reserve = face - purchase - discount;
  return { face, purchase, discount, transactionFee, brokerFee, spvFee, reserve };
}

/** Approval: Dr receivables face / Cr supplier payable purchase, unearned discount, supplier reserve. */
export function approvalLegs(r: PricedRequest): Leg[] {
  const a = minorAmounts(r);
  return [
    dr(account('receivables_purchased', r.currency, funderOf(r)), a.face),
    cr(account('supplier_payable', r.currency, supplier(r)), a.purchase),
    cr(account('unearned_discount', r.currency), a.discount),
    cr(account('supplier_reserve', r.currency, supplier(r)), a.reserve),
  ];
}

/** Payout confirmed: Dr supplier payable / Cr the funder's remittance cash, the purchase amount. */
export function payoutLegs(r: PricedRequest): Leg[] {
  const { purchase } = minorAmounts(r);
  return [
    dr(account('supplier_payable', r.currency, supplier(r)), purchase),
    cr(account('funder_remittance_cash', r.currency, funderOf(r)), purchase),
  ];
}

/**
 * A collection allocated to the request: Dr the collection cash of the account's owner / Cr the
 * receivable's holder's receivables (the funder's, or the SPV's once it bought it), the allocated
 * amount (minor units).
 */
export function collectionLegs(
  r: PricedRequest,
  collectedBy: { model: PartyModel; id: string },
  allocated: bigint,
): Leg[] {
  if (allocated <= 0n) throw new Error('An allocation is a positive amount');
  return [
    dr(account('funder_collection_cash', r.currency, collectedBy), allocated),
    cr(account('receivables_purchased', r.currency, holderOf(r)), allocated),
  ];
}

/** A payment no request takes (yet): Dr collection cash / Cr unapplied cash. */
export function unappliedCashLegs(
  currency: string,
  collectedBy: { model: PartyModel; id: string },
  amount: bigint,
): Leg[] {
  if (amount <= 0n) throw new Error('Unapplied cash is a positive amount');
  return [
    dr(account('funder_collection_cash', currency, collectedBy), amount),
    cr(account('unapplied_cash', currency), amount),
  ];
}

/** Unapplied cash later allocated to a request: Dr unapplied cash / Cr the funder's receivables. */
export function unappliedAppliedLegs(r: PricedRequest, amount: bigint): Leg[] {
  if (amount <= 0n) throw new Error('An allocation is a positive amount');
  return [
    dr(account('unapplied_cash', r.currency), amount),
    cr(account('receivables_purchased', r.currency, holderOf(r)), amount),
  ];
}

/**
 * The fees the administrator books (bookkeeping Open → Under Review): the platform's transaction
 * fee less the broker's commission, and the commission, out of the unearned discount.
 */
export function feesLegs(r: PricedRequest): Leg[] {
  const a = minorAmounts(r);
  const legs = [
    dr(account('unearned_discount', r.currency), a.transactionFee),
    cr(account('platform_fee_revenue', r.currency), a.transactionFee - a.brokerFee),
  ];
  if (a.brokerFee !== 0n) {
    if (!r.brokerId) throw new Error('The request has a broker fee but its line names no broker');
    legs.push(
      cr(account('broker_commission_payable', r.currency, { model: 'Broker', id: r.brokerId }), a.brokerFee),
    );
  }
  return legs.filter((l) => l.amount !== 0n);
}

/**
 * A shortfall written off (dilution): Dr dilution and write-offs / Cr the funder's receivables.
 */
export function writeOffLegs(r: PricedRequest, shortfall: bigint): Leg[] {
  if (shortfall <= 0n) throw new Error('A write-off is a positive amount');
  return [
    dr(account('dilution_writeoffs', r.currency), shortfall),
    cr(account('receivables_purchased', r.currency, holderOf(r)), shortfall),
  ];
}

/**
 * Settlement: the discount is earned and split (investor income = disc − tx − spv, platform fee
 * = tx − bro, broker commission = bro, SPV fee = spv; together exactly the discount), leaving out
 * the platform's and broker's parts when the fees were booked already; and the reserve moves to
 * the supplier's payable less the shortfall written off, which the reserve recovers for dilution.
 */
export function settlementLegs(r: PricedRequest, opts: { feesBooked: boolean; shortfall: bigint }): Leg[] {
  const a = minorAmounts(r);
  if (opts.shortfall < 0n) throw new Error('A shortfall is not negative');
  const funder = funderOf(r);
  const investorIncome = a.discount - a.transactionFee - a.spvFee;
  const earned = opts.feesBooked ? a.discount - a.transactionFee : a.discount;
  const legs: Leg[] = [
    dr(account('unearned_discount', r.currency), earned),
    cr(account('investor_discount_income', r.currency, funder), investorIncome),
  ];
  if (!opts.feesBooked) legs.push(...feesLegs(r).filter((l) => l.account.kind !== 'unearned_discount'));
  if (a.spvFee !== 0n) {
    if (!r.spvId) throw new Error('The request has an SPV fee but its line names no SPV');
    legs.push(cr(account('spv_fee_payable', r.currency, { model: 'Spv', id: r.spvId }), a.spvFee));
  }
  const recovered = opts.shortfall < a.reserve ? opts.shortfall : a.reserve;
  legs.push(
    dr(account('supplier_reserve', r.currency, supplier(r)), a.reserve),
    cr(account('supplier_payable', r.currency, supplier(r)), a.reserve - recovered),
  );
  if (recovered !== 0n) legs.push(cr(account('dilution_writeoffs', r.currency), recovered));
  return legs.filter((l) => l.amount !== 0n);
}

/** The reserve rebated to the supplier: Dr supplier payable / Cr the collection cash it is paid from. */
export function rebateLegs(
  r: PricedRequest,
  paidFrom: { model: PartyModel; id: string },
  amount: bigint,
): Leg[] {
  if (amount <= 0n) throw new Error('A rebate is a positive amount');
  return [
    dr(account('supplier_payable', r.currency, supplier(r)), amount),
    cr(account('funder_collection_cash', r.currency, paidFrom), amount),
  ];
}

/**
 * The SPV's purchase of a funded receivable (SPV bookkeeping Open → Approved): the open face value
 * moves from the investor's receivables to the SPV's. Nothing moves when the SPV is the funder.
 */
export function spvPurchaseLegs(r: PricedRequest, openFace: bigint): Leg[] {
  const funder = funderOf(r);
  if (!r.spvId || funder.model === 'Spv' || openFace <= 0n) return [];
  return [
    dr(account('receivables_purchased', r.currency, { model: 'Spv', id: r.spvId }), openFace),
    cr(account('receivables_purchased', r.currency, funder), openFace),
  ];
}

// --- The line's limit, in memo accounts (two-phase: reserve, then post or void) ---

/** A line's approved limit changes by `delta` (positive: granted; negative: taken back). */
export function limitChangeLegs(lineId: string, currency: string, delta: bigint): Leg[] {
  if (delta === 0n) return [];
  return [
    dr(account('limits_granted', currency), delta),
    cr(account('line_limit_free', currency, line(lineId)), delta),
  ];
}

/** A submitted request reserves its advance (pending). */
export function reserveLegs(lineId: string, currency: string, advance: bigint): Leg[] {
  return [
    pending(account('line_limit_free', currency, line(lineId)), advance),
    pending(account('line_limit_reserved', currency, line(lineId)), -advance),
  ];
}

/** A decision ends the reservation: the pending legs are taken back. */
export function voidReservationLegs(lineId: string, currency: string, advance: bigint): Leg[] {
  return reserveLegs(lineId, currency, -advance);
}

/**
 * Approval posts the reservation at the purchase amount. A purchase above what was reserved (the
 * line's advance rate raised during review) takes the difference from the free limit, which the
 * database refuses to overdraw.
 */
export function postReservationLegs(
  lineId: string,
  currency: string,
  advance: bigint,
  purchase: bigint,
): Leg[] {
  return [
    ...voidReservationLegs(lineId, currency, advance),
    dr(account('line_limit_free', currency, line(lineId)), purchase),
    cr(account('line_limit_used', currency, line(lineId)), purchase),
  ].filter((l) => l.amount !== 0n);
}

/** Settlement releases what the request used. */
export function releaseLegs(lineId: string, currency: string, purchase: bigint): Leg[] {
  if (purchase === 0n) return [];
  return [
    dr(account('line_limit_used', currency, line(lineId)), purchase),
    cr(account('line_limit_free', currency, line(lineId)), purchase),
  ];
}

/** Σ of the legs per phase and currency: all zero when the posting balances. */
export function imbalances(legs: readonly Leg[]): { phase: string; currency: string; sum: bigint }[] {
  const sums = new Map<string, bigint>();
  for (const l of legs) {
    const key = `${l.phase} ${l.account.currency}`;
    sums.set(key, (sums.get(key) ?? 0n) + l.amount);
  }
  return [...sums]
    .filter(([, s]) => s !== 0n)
    .map(([key, sum]) => {
      const [phase = '', currency = ''] = key.split(' ');
      return { phase, currency, sum };
    });
}
