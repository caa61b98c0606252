import {
  fromMinor,
  PREFERRED_CURRENCIES,
  AGING_BUCKETS,
  REQUEST_STATUSES,
  VOLUME_MONTHS,
  type AgingBucket,
  type BuyerExposure,
  type DashboardCurrency,
  type MonthVolume,
  type RequestStatus,
} from '@rf/domain';
import { minorUnitsOf, MoneyDecimal, roundHalfUp, roundMoney } from '@rf/domain/money';
import type { FeeGroup, RequestGroup } from './dashboard-requests.ts';
import type { LineRow } from './dashboard-lines.ts';

/**
 * Puts a dashboard's figures together from the database's exact sums
 * (docs/business-rules.md, “Dashboards”): per currency, never across currencies; sums of sums in
 * decimal.js, divisions (averages, shares) once at the end, rounded half-up; amounts in the
 * currency's digits.
 */

type Dec = InstanceType<typeof MoneyDecimal>;
const ZERO = new MoneyDecimal(0);
const dec = (v: string | null | undefined): Dec =>
  v === null || v === undefined ? ZERO : new MoneyDecimal(v);

/** An ISO 4217 code the platform formats amounts in (lines kept from before the checks may name another). */
export function isCurrency(code: string | null | undefined): code is string {
  if (!code) return false;
  try {
    minorUnitsOf(code);
    return true;
  } catch {
    return false;
  }
}

/** CHF, EUR, GBP and USD first (those present), then the others A–Z. */
export function orderCurrencies(codes: Iterable<string>): string[] {
  const preferred = PREFERRED_CURRENCIES as readonly string[];
  const rank = (c: string) => (preferred.includes(c) ? preferred.indexOf(c) : preferred.length);
  return [...new Set(codes)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The chart's months ending with today's ('YYYY-MM', oldest first), with the window's bounds. */
export function monthsOf(today: string): { months: string[]; firstMonth: string; nextMonth: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const ym = (offset: number) => {
    const d = new Date(Date.UTC(year, month + offset, 1));
    return d.toISOString().slice(0, 7);
  };
  const months = Array.from({ length: VOLUME_MONTHS }, (_, i) => ym(i - VOLUME_MONTHS + 1));
  return { months, firstMonth: `${months[0]}-01`, nextMonth: `${ym(1)}-01` };
}

/** Calendar days from `from` to `to` (YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** weighted / weight as a percent with `digits` decimals; null without weight. */
function ratio(weighted: Dec, weight: Dec, digits: number, times = 1): string | null {
  return weight.isZero() ? null : roundHalfUp(weighted.times(times).dividedBy(weight), digits);
}

const isStatus = (s: string | null): s is RequestStatus => REQUEST_STATUSES.includes(s as RequestStatus);

/** The request figures of one currency from its groups (all of the same currency). */
function requestFigures(currency: string, groups: readonly RequestGroup[], today: string) {
  const money = (v: Dec) => roundMoney(v.toFixed(), currency);
  const byStatus = new Map(REQUEST_STATUSES.map((s) => [s, { count: 0, volume: ZERO }]));
  const buckets = new Map(AGING_BUCKETS.map((b) => [b as string, { count: 0, amount: ZERO }]));
  const months = new Map<string, { month: string; status: RequestStatus; count: number; volume: Dec }>();
  const rates = { advW: ZERO, advD: ZERO, sprW: ZERO, sprD: ZERO };
  const late = { count: 0, amount: ZERO, days: ZERO, oldest: null as string | null };
  let all = 0;
  for (const g of groups) {
    all += g.n;
    if (!isStatus(g.status)) continue;
    const s = byStatus.get(g.status)!;
    s.count += g.n;
    s.volume = s.volume.plus(dec(g.volume));
    if (g.month) {
      const key = `${g.month} ${g.status}`;
      const m = months.get(key) ?? { month: g.month, status: g.status, count: 0, volume: ZERO };
      m.count += g.n;
      m.volume = m.volume.plus(dec(g.volume));
      months.set(key, m);
    }
    if (g.status !== 'Declined') {
      rates.advW = rates.advW.plus(dec(g.advanceWeighted));
      rates.advD = rates.advD.plus(dec(g.advanceWeight));
      rates.sprW = rates.sprW.plus(dec(g.spreadWeighted));
      rates.sprD = rates.sprD.plus(dec(g.spreadWeight));
    }
    const bucket = g.bucket ? buckets.get(g.bucket) : undefined;
    if (!bucket) continue;
    bucket.count += g.n;
    bucket.amount = bucket.amount.plus(dec(g.open));
    if (g.bucket !== 'current') {
      late.count += g.n;
      late.amount = late.amount.plus(dec(g.open));
      late.days = late.days.plus(dec(g.openDays));
      if (g.oldestDue && (!late.oldest || g.oldestDue < late.oldest)) late.oldest = g.oldestDue;
    }
  }
  const count = (s: RequestStatus) => byStatus.get(s)!.count;
  const settledOrApproved = count('Approved') + count('Settled');
  const oldest = late.oldest?.slice(0, 10) ?? null;
  return {
    requestCount: all,
    byStatus: REQUEST_STATUSES.map((status) => ({
      status,
      count: count(status),
      volume: money(byStatus.get(status)!.volume),
    })),
    volume: money(
      REQUEST_STATUSES.filter((s) => s !== 'Declined').reduce(
        (t, s) => t.plus(byStatus.get(s)!.volume),
        ZERO,
      ),
    ),
    approvalProgress: {
      awaiting: count('Under Review') + count('Documents Pending'),
      approved: count('Approved'),
      declined: count('Declined'),
      settled: count('Settled'),
      approvedShare: ratio(new MoneyDecimal(settledOrApproved), new MoneyDecimal(all), 1, 100),
    },
    averageAdvanceRate: ratio(rates.advW, rates.advD, 2),
    averageSpread: ratio(rates.sprW, rates.sprD, 2),
    pastDue: {
      count: late.count,
      amount: money(late.amount),
      oldestDueDate: oldest,
      maxDays: oldest ? daysBetween(oldest, today) : null,
      averageDays: late.count ? ratio(late.days, late.amount, 1) : null,
    },
    aging: AGING_BUCKETS.map((bucket): AgingBucket => ({
      bucket,
      count: buckets.get(bucket)!.count,
      amount: money(buckets.get(bucket)!.amount),
    })),
    volumeByMonth: [...months.values()]
      .filter((m) => m.count > 0)
      .sort(
        (a, b) =>
          a.month.localeCompare(b.month) ||
          REQUEST_STATUSES.indexOf(a.status) - REQUEST_STATUSES.indexOf(b.status),
      )
      .map((m): MonthVolume => ({
        month: m.month,
        status: m.status,
        count: m.count,
        volume: money(m.volume),
      })),
  };
}

/** The line figures of one currency: totals over every line, the listed lines' exposure. */
function lineFigures(currency: string, rows: readonly LineRow[]) {
  const minor = (v: string) => fromMinor(BigInt(v), currency);
  const sum = (...vs: string[]) =>
    fromMinor(
      vs.reduce((t, v) => t + BigInt(v), 0n),
      currency,
    );
  const first = rows[0];
  return {
    approvedLimit: first
      ? sum(first.totalFree, first.totalReserved, first.totalUsed)
      : fromMinor(0n, currency),
    utilisation: first ? minor(first.totalUsed) : fromMinor(0n, currency),
    available: first ? sum(first.totalFree, first.totalReserved) : fromMinor(0n, currency),
    exposure: rows.map((r): BuyerExposure => ({
      lineId: r.lineId,
      buyerName: r.buyerName ?? '',
      limit: sum(r.free, r.reserved, r.used),
      utilisation: minor(r.used),
      available: sum(r.free, r.reserved),
      outstanding: roundMoney(r.outstanding, currency),
      pastDue: roundMoney(r.pastDue, currency),
    })),
  };
}

/**
 * Fees of one currency: the stored fees of its Approved and Settled requests, with the ledger's
 * amount (minor units) in place of the stored one for the requests the ledger booked fees for.
 */
function feesOf(currency: string, requests: readonly RequestGroup[], booked: readonly FeeGroup[]): string {
  const stored = requests
    .filter((g) => g.status === 'Approved' || g.status === 'Settled')
    .reduce((t, g) => t.plus(dec(g.fee)), ZERO);
  const total = booked.reduce(
    (t, g) => t.minus(dec(g.storedOfBooked)).plus(new MoneyDecimal(fromMinor(BigInt(g.booked), currency))),
    stored,
  );
  return roundMoney(total.toFixed(), currency);
}

const byCurrency = <T extends { readonly currency: string | null }>(rows: readonly T[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows) {
    if (!isCurrency(r.currency)) continue;
    map.set(r.currency, [...(map.get(r.currency) ?? []), r]);
  }
  return map;
};

/**
 * Each currency's figures, for every currency in `lineCurrencies` (the caller's lines of any
 * state) or among its requests, in the dashboard's order.
 */
export function currencyFigures(input: {
  readonly today: string;
  readonly requests: readonly RequestGroup[];
  readonly fees: readonly FeeGroup[];
  readonly lines: readonly LineRow[];
  readonly lineCurrencies: readonly (string | null)[];
}): DashboardCurrency[] {
  const requests = byCurrency(input.requests);
  const fees = byCurrency(input.fees);
  const lines = byCurrency(input.lines);
  const codes = orderCurrencies(
    [...input.lineCurrencies, ...requests.keys(), ...lines.keys()].filter(isCurrency),
  );
  return codes.map((currency) => {
    const r = requestFigures(currency, requests.get(currency) ?? [], input.today);
    const l = lineFigures(currency, lines.get(currency) ?? []);
    return {
      currency,
      approvedLimit: l.approvedLimit,
      utilisation: l.utilisation,
      available: l.available,
      requestCount: r.requestCount,
      byStatus: r.byStatus,
      volume: r.volume,
      approvalProgress: r.approvalProgress,
      averageAdvanceRate: r.averageAdvanceRate,
      averageSpread: r.averageSpread,
      feesEarned: feesOf(currency, requests.get(currency) ?? [], fees.get(currency) ?? []),
      pastDue: r.pastDue,
      aging: r.aging,
      exposure: l.exposure,
      volumeByMonth: r.volumeByMonth,
    };
  });
}
