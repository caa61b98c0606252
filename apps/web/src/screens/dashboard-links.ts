import { AREAS, type AreaKey } from '../shared/areas.ts';
import { envelopesLink } from './envelope-list-views.ts';

/**
 * Where each dashboard figure leads (docs/business-rules.md, “Dashboards”): the
 * list it summarises, with its filter in the address (`status`, `currency`, `due=past`,
 * `flag=duplicate`, `expiry=soon`, read by the list screen and sent to the server as filter input;
 * the envelopes list's `view`, the server's own queue), so the list shows the records the figure counts.
 */

/** A figure card of the dashboard. */
export type CardKey =
  | 'approvedLimit'
  | 'utilisation'
  | 'available'
  | 'requests'
  | 'volume'
  | 'approvalProgress'
  | 'rates'
  | 'fees'
  | 'pastDue';

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
};

/** The requests list of the area, filtered to `currency` and, when given, `status`. */
export function requestsLink(area: AreaKey, currency: string, status?: string): string {
  return withQuery(`${AREAS[area].base}/requests`, { status, currency });
}

/**
 * The list of the approved lines the limit figures sum: the administrator's buyers list filtered
 * to Approved lines of the currency, the funders' and broker's obligors, the supplier's buyers.
 */
export function linesLink(area: AreaKey, currency: string): string {
  const base = AREAS[area].base;
  if (area === 'admin') return withQuery(`${base}/buyers`, { status: 'Approved', currency });
  if (area === 'supplier') return `${base}/buyers`;
  return `${base}/obligors`;
}

/** Where a figure card leads, for the currency shown. */
export function cardLink(area: AreaKey, card: CardKey, currency: string): string {
  switch (card) {
    case 'approvedLimit':
    case 'utilisation':
    case 'available':
      return linesLink(area, currency);
    case 'pastDue':
      return withQuery(`${AREAS[area].base}/requests`, { due: 'past', currency });
    case 'requests':
    case 'volume':
    case 'approvalProgress':
    case 'rates':
    case 'fees':
      return requestsLink(area, currency);
  }
}

/** A buyer line's page in the area. */
export function lineLink(area: AreaKey, lineId: string): string {
  return `${AREAS[area].base}/buyer/${lineId}`;
}

/** A request's page in the area; the broker's area shows a request over its list. */
export function requestLink(area: AreaKey, requestId: string): string {
  const base = AREAS[area].base;
  return area === 'broker'
    ? withQuery(`${base}/requests`, { open: requestId })
    : `${base}/request/${requestId}`;
}

/** An administrator's work queue: its label and the screen that holds its items. */
export interface QueueDef {
  readonly label: string;
  /** The screen that lists its items; null when no screen lists them together. */
  readonly to: string | null;
  /** Where its items are when no one screen lists them, or what else holds some. */
  readonly note?: string;
  /** The screens holding its items when they are on several. */
  readonly more?: readonly { readonly label: string; readonly to: string }[];
}

const ADMIN = AREAS.admin.base;
const underReview = (path: string) => withQuery(`${ADMIN}/${path}`, { status: 'Under Review' });

/** The administrator's work queues by the server's key (the server's order is kept). */
export const QUEUES: Readonly<Record<string, QueueDef>> = {
  linesAwaitingTerms: { label: 'Lines awaiting terms', to: underReview('buyers') },
  linesAwaitingDecision: {
    label: 'Lines awaiting the funder’s decision',
    to: withQuery(`${ADMIN}/buyers`, { status: 'Investor Offer Pending' }),
  },
  requestsAwaitingDecision: { label: 'Requests awaiting a decision', to: underReview('requests') },
  documentsPending: {
    label: 'Requests with documents pending',
    to: withQuery(`${ADMIN}/requests`, { status: 'Documents Pending' }),
  },
  possibleDuplicates: {
    label: 'Possible duplicate invoices',
    to: withQuery(`${ADMIN}/requests`, { flag: 'duplicate' }),
  },
  envelopesWaiting: { label: 'Envelopes out for signature', to: envelopesLink('waiting') },
  envelopesExpired: { label: 'Expired envelopes to send again', to: envelopesLink('expired') },
  payoutsToExport: { label: 'Payouts to export', to: withQuery(`${ADMIN}/payouts`, { status: 'Pending' }) },
  unmatchedPayments: {
    label: 'Payments to reconcile',
    to: withQuery(`${ADMIN}/reconciliation`, { side: 'in', view: 'open' }),
  },
  kycToReview: {
    label: 'Companies and people to review',
    to: null,
    note: 'Directors and beneficial owners show on their company’s page.',
    more: [
      { label: 'Suppliers', to: underReview('suppliers') },
      { label: 'Investors', to: underReview('investors') },
      { label: 'SPVs', to: underReview('spvs') },
      { label: 'Brokers', to: underReview('brokers') },
    ],
  },
  insuranceExpiring: {
    label: 'Insurance policies expiring within 30 days',
    to: withQuery(`${ADMIN}/newinsurance`, { tab: 'policies', expiry: 'soon' }),
  },
};

/** A queue's label and screen; a key the web does not know is shown by its key, without a link. */
export function queueOf(key: string): QueueDef {
  return QUEUES[key] ?? { label: key, to: null };
}

/** The currency shown: the one the address names when the caller has it, else the first. */
export function chosenCurrency(
  currencies: readonly string[],
  param: string | null,
  withRequests: readonly string[] = [],
): string | null {
  if (param && currencies.includes(param)) return param;
  return currencies.find((c) => withRequests.includes(c)) ?? currencies[0] ?? null;
}
