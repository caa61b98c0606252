import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';

/**
 * What the demo's users write when they run an operation or sign (demo-story.ts): the reasons a
 * decline or a reopening requires, and the short notes some approvals carry, as a trade-finance
 * operations team would word them.
 */

const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' && value ? value : fallback;

export const COMPANY_APPROVAL_NOTES: readonly string[] = [
  'KYB complete; register extract and UBO declarations checked',
  'Onboarding checks passed; sanctions and adverse-media screening clear',
];

export const COMPANY_DECLINES: readonly string[] = [
  'Register extract is older than six months; upload a current one',
  'Articles of association missing the latest amendment; upload the consolidated version',
];

export const BANK_DECLINES: readonly string[] = [
  "Bank statement does not show the account holder's name; upload a statement with the full header",
  'Account holder differs from the company name; add a letter from the bank confirming the account',
];

export const PERSON_DECLINES: readonly string[] = [
  'Passport copy is cut off at the machine-readable zone; upload a full scan of the photo page',
  'Proof of address is older than three months; upload a recent utility bill or bank statement',
  'Name on the ID does not match the commercial register extract (middle name missing); upload the extract or a deed poll',
  'Sanctions screening returned a possible name match; send a certified ID copy with date of birth so we can clear it',
  'ID issuer country differs from the nationality given; correct the nationality or upload the matching ID',
];

export const UBO_DECLINES: readonly string[] = [
  'Ownership share does not match the shareholder register (register shows a different split); correct the percentage or upload the current register',
  'Indirect holding through a holding company not shown; add the intermediate entity and its register extract',
  'Source-of-wealth statement missing for a holding above 25 %; upload a signed declaration',
];

export const FINANCIALS_DECLINES: readonly string[] = [
  'Management accounts are unsigned; upload the version signed by a director',
  'Statements cover nine months only; upload the full-year accounts',
  'Balance sheet does not balance against the trial balance; re-export from the accounting system',
];

export const BUYER_DECLINES: readonly string[] = [
  "Buyer's latest audited accounts show negative working capital; revisit with interim figures",
  "Buyer rated B- with a negative outlook; outside the fund's eligibility criteria (minimum BB-)",
  'Credit insurer declined cover on this buyer; no uninsured exposure to this sector this quarter',
  'Concentration: this line would take the buyer group above 20 % of the portfolio',
  'Payment history shows 18 % of invoices more than 60 days past due; resubmit after two clean quarters',
];

export const LINE_REOPENS: readonly string[] = [
  "Investor asked for the buyer's interim accounts before deciding; back to review for updated terms",
  'Requested limit raised by the supplier after the terms went out; terms to be re-priced',
  'Broker fee changed after the offer; terms to be resubmitted',
];

export const LINE_APPROVAL_NOTES: readonly string[] = [
  'Spread as proposed; limit reviewed again in 12 months',
  'Approved on condition that every invoice carries a signed IPU',
  'Approved; cover confirmed by the credit insurer',
];

export const DOCUMENT_ASKS: readonly string[] = [
  'Please upload the signed bill of lading and the packing list',
  'Commercial invoice scan is illegible; upload a clear copy',
  "Upload the buyer's purchase order matching the invoice amount",
  'Proof of delivery missing: upload the CMR or the signed delivery note',
  'Cargo insurance certificate does not name the buyer; upload the corrected certificate',
];

export const DOCUMENTS_RECEIVED: readonly string[] = [
  'Documents received and checked',
  'Corrected copy received; back in review',
];

export const REQUEST_DECLINE_TEMPLATES: readonly ((invoice: string) => string)[] = [
  (invoice) => `Buyer disputes invoice ${invoice}: goods short-shipped; resubmit after the credit note`,
  (invoice) =>
    `Invoice ${invoice} is dated more than 30 days before submission; outside the line's eligibility`,
  () => 'Consignee on the bill of lading differs from the buyer on the line',
  (invoice) => `Invoice ${invoice} was already assigned to another financier according to the buyer`,
  () => 'Buyer did not sign the irrevocable payment undertaking within 10 business days',
];

export const REQUEST_APPROVAL_NOTES: readonly string[] = [
  'IPU confirmed by the buyer',
  'Approved; payout on the planned date',
  'Documents complete',
];

/** Why a buyer's signer declines to sign the IPU (the signing page asks for a reason). */
export const SIGNING_DECLINES: readonly string[] = [
  'The invoice amount differs from our purchase order; we will sign once the supplier sends the corrected invoice',
  'Our agreed payment terms are 60 days, not the due date shown; please correct the schedule and send it again',
  'Undertakings of this kind are signed by our treasurer, not by me; please send it to our treasury',
];

/** Why a funder declines a request whose IPU expired unsigned. */
export const UNSIGNED_DECLINE =
  'The buyer did not sign the irrevocable payment undertaking within 14 days and the envelope expired';

export const requestDecline = (rng: Rng, row: SeedRow): string =>
  rng.pick(REQUEST_DECLINE_TEMPLATES)(text(row.invoice_number, 'the invoice'));
