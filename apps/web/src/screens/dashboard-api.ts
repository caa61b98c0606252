import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '@rf/domain';
import { gql } from '../entity/graphql-client.ts';

/**
 * The `dashboard` query (docs/business-rules.md, “Dashboards”): every figure of an area's dashboard
 * as the server computes it for the caller, per currency. Money and rates are decimal strings the
 * browser only formats: it never adds, averages or rounds them. The answer's types are the
 * server's own (`@rf/domain`).
 */

export const DASHBOARD = `query Dashboard {
  dashboard {
    area today months computedAt
    organisation { name status }
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
