/**
 * What the `dashboard` query answers (docs/business-rules.md, “Dashboards”): one area's figures
 * per currency, computed by the database from the rows the caller may read, amounts as exact
 * decimal strings in the currency's digits, rates as percent with 2 decimals.
 */

export type DashboardArea = 'admin' | 'supplier' | 'investor' | 'spv' | 'broker';

/** A request's states, in the order the figures list them. */
export const REQUEST_STATUSES = [
  'Under Review',
  'Documents Pending',
  'Approved',
  'Declined',
  'Settled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Days past due of what is outstanding, in the order the aging lists them. */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucketName = (typeof AGING_BUCKETS)[number];

/** The administrators' work queues, in the order the dashboard lists them. */
export const QUEUE_KEYS = [
  'linesAwaitingTerms',
  'linesAwaitingDecision',
  'requestsAwaitingDecision',
  'documentsPending',
  'possibleDuplicates',
  'envelopesWaiting',
  'envelopesExpired',
  'payoutsToExport',
  'unmatchedPayments',
  'kycToReview',
  'insuranceExpiring',
] as const;
export type QueueKey = (typeof QUEUE_KEYS)[number];

/** The most lines the exposure lists per currency, and the most rows of the two short lists. */
export const EXPOSURE_LINES = 20;
export const LIST_ROWS = 10;
/** Approved requests falling due from today to this many days ahead are “due soon”. */
export const DUE_SOON_DAYS = 7;
/** Months of the volume chart, this month included. */
export const VOLUME_MONTHS = 12;

export interface StatusFigure {
  readonly status: RequestStatus;
  readonly count: number;
  readonly volume: string;
}

export interface ApprovalProgress {
  readonly awaiting: number;
  readonly approved: number;
  readonly declined: number;
  readonly settled: number;
  readonly approvedShare: string | null;
}

export interface PastDue {
  readonly count: number;
  readonly amount: string;
  readonly oldestDueDate: string | null;
  readonly maxDays: number | null;
  readonly averageDays: string | null;
}

export interface AgingBucket {
  readonly bucket: AgingBucketName;
  readonly count: number;
  readonly amount: string;
}

export interface BuyerExposure {
  readonly lineId: string;
  readonly buyerName: string;
  readonly limit: string;
  readonly utilisation: string;
  readonly available: string;
  readonly outstanding: string;
  readonly pastDue: string;
}

export interface MonthVolume {
  readonly month: string;
  readonly status: RequestStatus;
  readonly count: number;
  readonly volume: string;
}

export interface DashboardCurrency {
  readonly currency: string;
  readonly approvedLimit: string;
  readonly utilisation: string;
  readonly available: string;
  readonly requestCount: number;
  readonly byStatus: readonly StatusFigure[];
  readonly volume: string;
  readonly approvalProgress: ApprovalProgress;
  readonly averageAdvanceRate: string | null;
  readonly averageSpread: string | null;
  readonly feesEarned: string;
  readonly pastDue: PastDue;
  readonly aging: readonly AgingBucket[];
  readonly exposure: readonly BuyerExposure[];
  readonly volumeByMonth: readonly MonthVolume[];
}

export interface WorkQueue {
  readonly key: QueueKey;
  readonly count: number;
}

export interface DashboardRequest {
  readonly id: string;
  readonly invoiceNumber: string;
  readonly buyerName: string;
  readonly dueDate: string;
  readonly amount: string;
  readonly currency: string;
}

export interface DashboardLine {
  readonly id: string;
  readonly buyerName: string;
  readonly status: string;
  readonly requestedAmount: string | null;
  readonly currency: string | null;
  readonly createdAt: string;
}

/** The caller's organisation as its party record names it (none for administrators). */
export interface DashboardOrganisation {
  readonly name: string;
  readonly status: string;
}

export interface Dashboard {
  readonly area: DashboardArea;
  readonly today: string;
  readonly organisation: DashboardOrganisation | null;
  readonly currencies: readonly DashboardCurrency[];
  readonly months: readonly string[];
  readonly queues: readonly WorkQueue[];
  readonly dueSoon: readonly DashboardRequest[];
  readonly latestLines: readonly DashboardLine[];
  /** When the figures were computed; slow ones are kept a while (docs/architecture.md, “Dashboards”). */
  readonly computedAt: string;
}
