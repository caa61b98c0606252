import { roundMoney } from '@rf/domain/money';
import { requireCaller, todayOf, type OperationContext } from '../operations/context.ts';
import { dueSoonRows } from './dashboard-due-soon.ts';
import { currencyFigures, isCurrency, monthsOf } from './dashboard-figures.ts';
import { lineListRows, lineRows } from './dashboard-lines.ts';
import { workQueues } from './dashboard-queues.ts';
import { feeGroups, requestGroups } from './dashboard-requests.ts';
import { AREA_OF_ROLE } from './dashboard-scope.ts';
import type { Dashboard, DashboardLine, DashboardRequest } from './dashboard-types.ts';

/**
 * `dashboard`: the caller's area's figures as of today (docs/business-rules.md, “Dashboards”),
 * computed by the database over exactly the rows the caller may read. The statements are
 * independent, so they run at once on the pool (one after the other on PGlite's single session).
 */
export async function dashboardOf(ctx: OperationContext): Promise<Dashboard> {
  const caller = requireCaller(ctx);
  const area = AREA_OF_ROLE[caller.role];
  const today = todayOf(ctx);
  const { months, firstMonth, nextMonth } = monthsOf(today);
  const db = ctx.db;
  const [requests, fees, lines, lineLists, due, queues] = await Promise.all([
    requestGroups(db, caller, { today, firstMonth, nextMonth }),
    feeGroups(db, caller, area),
    lineRows(db, caller, today),
    lineListRows(db, caller),
    dueSoonRows(db, caller, today),
    area === 'admin' ? workQueues(db, today) : Promise.resolve([]),
  ]);
  const dueSoon = due.map((r): DashboardRequest => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber ?? '',
    buyerName: r.buyerName ?? '',
    dueDate: r.dueDate.slice(0, 10),
    amount:
      isCurrency(r.currency) && r.amount !== null ? roundMoney(r.amount, r.currency) : (r.amount ?? '0'),
    currency: r.currency ?? '',
  }));
  const latestLines = lineLists
    .filter((r) => r.kind === 'latest')
    .map((r): DashboardLine => ({
      id: String(r.id),
      buyerName: r.buyerName ?? '',
      status: r.status ?? '',
      requestedAmount:
        r.requestedAmount !== null && isCurrency(r.currency)
          ? roundMoney(r.requestedAmount, r.currency)
          : r.requestedAmount,
      currency: r.currency,
      createdAt: String(r.createdAt),
    }));
  return {
    area,
    today,
    currencies: currencyFigures({
      today,
      requests,
      fees,
      lines,
      lineCurrencies: lineLists.filter((r) => r.kind === 'currency').map((r) => r.currency),
    }),
    months,
    queues,
    dueSoon,
    latestLines,
  };
}
