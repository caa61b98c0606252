/** Status chip colours, the same everywhere (docs/architecture.md, “Loading, session and errors”). */
export type ChipTone = 'grey' | 'blue' | 'amber' | 'green' | 'red' | 'navy';

const TONES: Record<string, ChipTone> = {
  Draft: 'grey',
  'Under Review': 'blue',
  'Documents Pending': 'amber',
  'Investor Offer Pending': 'amber',
  Open: 'amber',
  Approved: 'green',
  Declined: 'red',
  Settled: 'navy',
  Pending: 'amber',
  Disabled: 'grey',
  Active: 'green',
  Posted: 'navy',
  Low: 'green',
  Medium: 'amber',
  High: 'red',
  // Envelopes and their signers (docs/business-rules.md, “Signing the financing documents”).
  Sent: 'blue',
  Completed: 'green',
  Signed: 'green',
  Waiting: 'grey',
  Voided: 'grey',
  Expired: 'grey',
  // Reconciliation of bank transactions and payout instructions
  // (docs/business-rules.md, “Payments and reconciliation”).
  Unmatched: 'amber',
  'Partially matched': 'blue',
  Matched: 'green',
  Ignored: 'grey',
  Exported: 'blue',
  Confirmed: 'green',
  // Credit-insurance policies (docs/business-rules.md, “Credit insurance”).
  Suspended: 'amber',
  Cancelled: 'grey',
  // Leads (docs/business-rules.md, “CRM leads”).
  New: 'blue',
  Contacted: 'amber',
  Invited: 'navy',
  Onboarded: 'green',
  Lost: 'red',
};

export const TONE_COLOURS: Record<ChipTone, { bg: string; fg: string }> = {
  grey: { bg: '#e6e8ec', fg: '#3c4250' },
  blue: { bg: '#dbe8fb', fg: '#1c4f9c' },
  amber: { bg: '#fdefd0', fg: '#8a5a00' },
  green: { bg: '#d9f2e1', fg: '#1d6b37' },
  red: { bg: '#fbdcdc', fg: '#a11c1c' },
  navy: { bg: '#1a2746', fg: '#ffffff' },
};

export function toneOf(status: string | null | undefined): ChipTone {
  return (status && TONES[status]) || 'grey';
}
