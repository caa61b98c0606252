import { BASE_RATE_SERIES, ENTITY_TYPES, PAYMENT_TERMS, type BaseRateSeries } from '@rf/domain';
import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import { COUNTRY_PROFILES, type CountryProfile } from './fake-countries.ts';
import { CREDIT_RATINGS, INCOTERMS, INDUSTRIES, INSURERS, JOB_TITLES, type Industry } from './fake-words.ts';
import { address, companyName, domainOf, dunsNumber, person, phone } from './fake.ts';
import { addDays, daysBetween } from './dates.ts';
import { ownedBy, type Organisation } from './organisations.ts';
import { paidOnTimeBand, pastDue30Band, pastDue60Band, yearsInBusinessBand } from './risk-bands.ts';

/** A Buyer record is one supplier's credit line with one buyer company (docs/architecture.md, “Identity of records”). */

export type BuyerStatus = 'Under Review' | 'Investor Offer Pending' | 'Approved' | 'Declined';
export const BUYER_STATUSES: readonly BuyerStatus[] = [
  'Under Review',
  'Investor Offer Pending',
  'Approved',
  'Declined',
];

/** The line as the request generator needs it; terms are null until admin or broker submits them. */
export interface BuyerLine {
  readonly id: string;
  readonly supplier: Organisation;
  readonly investor: Organisation;
  readonly spv: Organisation;
  readonly broker: Organisation | null;
  readonly status: BuyerStatus;
  readonly name: string;
  readonly profile: CountryProfile;
  readonly industry: Industry;
  readonly currency: string;
  readonly paymentTerms: number;
  readonly series: BaseRateSeries;
  readonly advanceRate: string;
  readonly spread: string;
  readonly transactionFeeRate: string;
  readonly brokerFeeRate: string | null;
  readonly spvFeeRate: string;
  /** Requested limit in whole currency units. */
  readonly requestedAmount: number;
  readonly signer: { readonly name: string; readonly email: string };
  readonly createdOn: string;
}

export interface LineSpec {
  readonly supplier: Organisation;
  readonly investor: Organisation;
  readonly spv: Organisation;
  readonly broker: Organisation | null;
  readonly status: BuyerStatus;
  readonly today: string;
  readonly serial: number;
  readonly currency?: string;
}

const CURRENCY_WEIGHTS: readonly (readonly [string, number])[] = [
  ['USD', 55],
  ['EUR', 25],
  ['GBP', 10],
  ['CHF', 10],
];

export function makeBuyerLine(rng: Rng, spec: LineSpec): BuyerLine {
  const profile = rng.pick(COUNTRY_PROFILES);
  const industry = rng.pick(INDUSTRIES);
  const name = companyName(rng, industry, profile, spec.serial);
  return {
    id: rng.uuid(),
    supplier: spec.supplier,
    investor: spec.investor,
    spv: spec.spv,
    broker: spec.broker,
    status: spec.status,
    name,
    profile,
    industry,
    currency: spec.currency ?? rng.weighted(CURRENCY_WEIGHTS),
    paymentTerms: Number(
      rng.weighted(PAYMENT_TERMS.map((t) => [t, t === '60' || t === '90' ? 4 : 1] as const)),
    ),
    series: rng.weighted(
      BASE_RATE_SERIES.map((s) => [s, s === 'SOFR(3M)' ? 5 : s === 'SOFR(12M)' ? 1 : 2] as const),
    ),
    advanceRate: rng.pick(['80', '85', '90', '90', '95', '100']),
    spread: rng.decimal(2.5, 7.5, 2),
    transactionFeeRate: rng.pick(['15', '20', '25', '25', '30']),
    brokerFeeRate: spec.broker ? rng.pick(['10', '15', '20', '25']) : null,
    spvFeeRate: rng.pick(['0.25', '0.5', '0.5', '0.75', '1']),
    requestedAmount: rng.int(5, 100) * 50_000,
    signer: person(rng, domainOf(name)),
    createdOn: addDays(spec.today, -rng.int(120, 720)),
  };
}

/** Terms are stored once submitted: lines still Under Review only carry the requested amount. */
const hasTerms = (status: BuyerStatus): boolean => status !== 'Under Review';

/** The Buyer row; `approvedAmount` (whole units) is decided after the line's requests are drawn. */
export function buyerRow(rng: Rng, line: BuyerLine, approvedAmount: number | null, today: string): SeedRow {
  const at = address(rng, line.profile);
  const domain = domainOf(line.name);
  const contact = person(rng, domain);
  const incorporated = addDays(today, -rng.int(3 * 365, 80 * 365));
  const years = Math.floor(daysBetween(incorporated, today) / 365);
  const relationStart = Number(today.slice(0, 4)) - rng.int(0, 12);
  const paidOnTime = rng.weighted([
    ['100', 3],
    [rng.decimal(90, 99.5, 1), 5],
    [rng.decimal(75, 89.9, 1), 2],
  ]);
  const due30 = rng.decimal(0, 6, 1);
  const due60 = rng.decimal(0, Math.min(3, Number(due30)), 1);
  const due90 = rng.decimal(0, Math.min(1.5, Number(due60)), 1);
  const insured = rng.chance(0.6);
  const insurance = insured
    ? rng.pick(['insurable-avg-price', 'insurable-above-avg-price'])
    : 'not-insurable';
  const volume = rng.int(10, 200) * 50_000;
  const terms = hasTerms(line.status);
  const approved = line.status === 'Declined' ? 0 : line.status === 'Approved' ? approvedAmount : null;
  const downgrade = rng.chance(0.4) ? rng.int(2008, Number(today.slice(0, 4)) - 1) : null;
  return {
    ...ownedBy(line.supplier),
    id: line.id,
    supplierId: line.supplier.partyId,
    investorId: line.investor.partyId,
    spvId: line.spv.partyId,
    brokerId: line.broker?.partyId ?? null,
    buyer_name: line.name,
    buyer_trading_name: line.name.split(' ').slice(0, 2).join(' '),
    buyer_country: line.profile.code,
    buyer_address_street: at.street,
    buyer_address_number: at.number,
    buyer_address_city: at.city,
    buyer_address_postalcode: at.postalcode,
    buyer_address_refinment: at.refinment,
    buyer_contact_name: contact.name,
    buyer_contact_email: contact.email,
    buyer_contact_phone: phone(rng, line.profile),
    buyer_contact_position: rng.pick(JOB_TITLES),
    buyer_website: `https://www.${domain}`,
    buyer_currency: line.currency,
    buyer_description: `${line.name} buys ${line.industry.goods} for its ${line.industry.label.toLowerCase()} business.`,
    buyer_duns_number: dunsNumber(rng),
    buyer_country_year_of_rating_downgrade: downgrade,
    buyer_country_year_of_rating_downgrade_risk:
      downgrade && downgrade > Number(today.slice(0, 4)) - 5 ? 'Medium' : 'Low',
    buyer_date_of_incorporation: incorporated,
    buyer_date_of_incorporation_risk: yearsInBusinessBand(years),
    buyer_existing_disputes: false,
    buyer_existing_disputes_risk: 'Low',
    buyer_existing_disputes_source: 'Supplier confirmation and credit report',
    buyer_insurance_name: insured ? rng.pick(INSURERS) : null,
    buyer_insurance_rating: insured ? rng.pick(CREDIT_RATINGS) : null,
    buyer_insurance_status: insurance,
    buyer_insurance_status_risk: insurance === 'insurable-avg-price' ? 'Low' : insured ? 'Medium' : 'High',
    buyer_finance_department_contact_exists: true,
    buyer_finance_department_contact_email: `accounts.payable@${domain}`,
    buyer_field_visit_conducted: rng.chance(0.3),
    buyer_incoterms: rng.pick(INCOTERMS),
    buyer_industry: line.industry.label,
    buyer_industry_code: line.industry.code,
    buyer_payment_terms: String(line.paymentTerms),
    buyer_sold_goods_description: line.supplier.industry.goods,
    buyer_use_of_goods_purchased: rng.pick(['direct-resale', 'incorporation-into-product', 'other']),
    buyer_use_of_goods_purchased_risk: rng.pick(['Low', 'Low', 'Medium']),
    buyer_supplier_year_business_relation_started: relationStart,
    buyer_supplier_year_business_relation_started_risk: yearsInBusinessBand(
      Number(today.slice(0, 4)) - relationStart,
    ),
    buyer_invoices_paid_on_time: paidOnTime,
    buyer_invoices_paid_on_time_risk: paidOnTimeBand(Number(paidOnTime)),
    buyer_invoices_past_due: due30,
    buyer_invoices_past_due_30_days: due30,
    buyer_invoices_past_due_30_days_risk: pastDue30Band(Number(due30)),
    buyer_invoices_past_due_60_days: due60,
    buyer_invoices_past_due_60_days_risk: pastDue60Band(Number(due60)),
    buyer_invoices_past_due_90_days: due90,
    // The approved limit never exceeds what was asked for.
    buyer_loan_request_amount: `${Math.max(line.requestedAmount, approved ?? 0)}.00`,
    buyer_loan_approved_amount: approved === null ? null : `${approved}.00`,
    buyer_loan_advance_rate: terms ? line.advanceRate : null,
    buyer_loan_collateral: terms ? 'Assignment of receivables; buyer IPU' : null,
    buyer_loan_covenants: terms
      ? 'Concentration below 35 % of the portfolio; no overdue above 60 days'
      : null,
    buyer_loan_transaction_fee: terms ? line.transactionFeeRate : null,
    buyer_loan_discount_fee: terms ? line.spread : null,
    buyer_loan_spv_fee: terms ? line.spvFeeRate : null,
    buyer_loan_broker_fee: terms ? line.brokerFeeRate : null,
    buyer_loan_purpose: 'Working capital against receivables from this buyer',
    buyer_loan_rate: terms ? line.series : null,
    buyer_loan_type: 'Receivables purchase',
    buyer_next_year_projected_transaction_amount: `${Math.round(volume * 1.1)}.00`,
    buyer_next_year_projected_number_invoices: rng.int(12, 120),
    buyer_previous_year_transaction_amount: `${Math.round(volume * 0.9)}.00`,
    buyer_previous_year_number_invoices: rng.int(10, 100),
    buyer_reporting_year: Number(today.slice(0, 4)) - 1,
    buyer_reporting_year_transaction_amount: `${volume}.00`,
    buyer_reporting_year_number_invoices: rng.int(10, 100),
    buyer_reporting_year_number_invoices_risk: rng.pick(['Low', 'Medium']),
    buyer_status: line.status,
    buyer_type: rng.pick(ENTITY_TYPES.slice(0, 2)),
    createdAt: `${line.createdOn}T10:00:00.000Z`,
  };
}
