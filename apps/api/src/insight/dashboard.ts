import {
  type Caller,
  type Dashboard,
  type DashboardArea,
  type DashboardLine,
  type DashboardRequest,
} from '@rf/domain';
import { roundMoney } from '@rf/domain/money';
import type { Database, Queryable } from '../db/database.ts';
import { nowOf, requireCaller, todayOf, type OperationContext } from '../operations/context.ts';
import { SlowResultCache } from './dashboard-cache.ts';
import { dueSoonRows } from './dashboard-due-soon.ts';
import { currencyFigures, isCurrency, monthsOf } from './dashboard-figures.ts';
import { lineListRows, lineRows } from './dashboard-lines.ts';
import { organisationOf } from './dashboard-organisation.ts';
import { workQueues } from './dashboard-queues.ts';
import { feeGroups, requestGroups } from './dashboard-requests.ts';
import { AREA_OF_ROLE, readsEveryRequest } from './dashboard-scope.ts';
import { foldSummary, summaryGroups } from './dashboard-summary.ts';

/** How long one dashboard statement may run: an administrator's sums over every request take a while. */
const STATEMENT_TIMEOUT = '60s';

/**
 * The database as the dashboard's statements run on it: each alone in a transaction without
 * just-in-time compilation (PostgreSQL would compile these aggregates, whose estimated cost is
 * high, and spend seconds on it for a statement that runs in a fraction of that) and with a longer
 * statement timeout.
 */
function dashboardDb(db: Database, settings = ''): Queryable {
  if (db.kind !== 'postgres') return db;
  return {
    query: (sql, params) =>
      db.transaction(async (tx) => {
        await tx.query(
          `SET LOCAL jit = off; SET LOCAL statement_timeout = '${STATEMENT_TIMEOUT}'; ${settings}`,
        );
        return tx.query(sql, params);
      }),
  };
}

/**
 * The request sums group a handful of rows per currency, which the planner cannot know from the
 * grouping expressions: hashed, not sorted.
 */
const GROUPED = 'SET LOCAL enable_sort = off;';

type Figures = Pick<Dashboard, 'currencies' | 'dueSoon' | 'latestLines' | 'computedAt'>;

/** The kept figures of each database (a process may serve several, as the tests do). */
const caches = new WeakMap<Database, SlowResultCache<Figures>>();

/**
 * Forgets the kept figures of a database: for tests that change rows behind the operations' back
 * and read the figures again at once.
 */
export function forgetDashboards(db: Database): void {
  caches.delete(db);
}

/** The figures of an area over what the caller may read, as of `today`. */
async function figuresOf(
  database: Database,
  caller: Caller,
  area: DashboardArea,
  today: string,
  computedAt: Date,
): Promise<Figures> {
  const { firstMonth, nextMonth } = monthsOf(today);
  const db = dashboardDb(database);
  const window = { today, firstMonth, nextMonth };
  const sums = async () => {
    if (area !== 'admin' || !readsEveryRequest(caller)) {
      return Promise.all([
        requestGroups(dashboardDb(database, GROUPED), caller, area, window),
        feeGroups(db, caller, area),
      ]);
    }
    await foldSummary(db);
    const { requests, fees } = await summaryGroups(db, window);
    return [requests, fees] as const;
  };
  const [[requests, fees], lines, lineLists, due] = await Promise.all([
    sums(),
    lineRows(db, caller, today),
    lineListRows(db, caller),
    dueSoonRows(db, caller, today),
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
  const currencies = currencyFigures({
    today,
    requests,
    fees,
    lines,
    lineCurrencies: lineLists.filter((r) => r.kind === 'currency').map((r) => r.currency),
  });
  return { currencies, dueSoon, latestLines, computedAt: computedAt.toISOString() };
}

/**
 * `dashboard`: the caller's area's figures as of today (docs/business-rules.md, “Dashboards”),
 * computed by the database over exactly the rows the caller may read. The statements are
 * independent, so they run at once on the pool (one after the other on PGlite's single session).
 * Everyone who reads the same rows shares one key of the cache: an administrator's figures are the
 * same for every administrator, an organisation's for its users. The work queues and the
 * organisation's name and status are always read afresh.
 */
export async function dashboardOf(ctx: OperationContext): Promise<Dashboard> {
  const caller = requireCaller(ctx);
  const area = AREA_OF_ROLE[caller.role];
  const today = todayOf(ctx);
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new SlowResultCache<Figures>()));
  const key = `${caller.role} ${caller.role === 'Admin' ? '' : (caller.groupId ?? '')} ${today}`;
  const [figures, queues, organisation] = await Promise.all([
    cache.get(key, () => figuresOf(ctx.db, caller, area, today, nowOf(ctx))),
    area === 'admin' ? workQueues(dashboardDb(ctx.db), today) : Promise.resolve([]),
    organisationOf(ctx.db, caller),
  ]);
  return { area, today, organisation, months: monthsOf(today).months, queues, ...figures };
}
