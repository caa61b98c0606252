import { queryOptions } from '@tanstack/react-query';
import { gql } from '../entity/graphql-client.ts';

/**
 * The `dashboard` query (docs/business-rules.md, “Dashboards”): every figure of an area's dashboard
 * as the server computes it for the caller, per currency. Money and rates are decimal strings the
 * browser only formats: it never adds, averages or rounds them.
 */

export interface StatusFigure {
  readonly status: string;
  readonly count: number;
  readonly volume: string;
}

export interface ApprovalProgress {
  readonly awaiting: number;
  readonly approved: number;
  readonly declined: number;
  readonly settled: number;
  /** (approved + settled) / all, percent with 1 decimal; null without requests. */
  readonly approvedShare: string | null;
}

export interface PastDue {
  readonly count: number;
  readonly amount: string;
  readonly oldestDueDate: string | null;
  readonly maxDays: number | null;
  /** Weighted by amount, 1 decimal; null when nothing is past due. */
  readonly averageDays: string | null;
}

export interface AgingBucket {
  /** 'current', '1-30', '31-60', '61-90', '90+'. */
  readonly bucket: string;
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
  /** 'YYYY-MM'. */
  readonly month: string;
  readonly status: string;
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
  readonly key: string;
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
  /** Null for a line without a currency yet. */
  readonly currency: string | null;
  readonly createdAt: string;
}

export interface Dashboard {
  readonly area: string;
  readonly today: string;
  readonly currencies: readonly DashboardCurrency[];
  /** The 12 months of volumeByMonth, oldest first ('YYYY-MM'). */
  readonly months: readonly string[];
  readonly queues: readonly WorkQueue[];
  readonly dueSoon: readonly DashboardRequest[];
  readonly latestLines: readonly DashboardLine[];
}

export const DASHBOARD = `query Dashboard {
  dashboard {
    area today months
    currencies {
      currency approvedLimit utilisation available requestCount volume
      byStatus { status count volume }
      approvalProgress { awaiting approved declined settled approvedShare }
      averageAdvanceRate averageSpread feesEarned
      pastDue { count amount oldestDueDate maxDays averageDays }
      aging { bucket count amount }
      exposure { lineId buyerName limit utilisation available outstanding pastDue }
      volumeByMonth { month status count volume }
    }
    queues { key count }
    dueSoon { id invoiceNumber buyerName dueDate amount currency }
    latestLines { id buyerName status requestedAmount currency createdAt }
  }
}`;

/**
 * The dashboard's query. Keyed under Request, so a request's change (heard by the live updates)
 * reads the figures again.
 */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['Request', 'dashboard'],
    queryFn: async () => (await gql<{ dashboard: Dashboard }>(DASHBOARD)).dashboard,
  });
