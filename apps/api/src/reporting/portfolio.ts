import { fromMinor } from '@rf/domain';
import { MoneyDecimal, roundHalfUp } from '@rf/domain/money';
import type { OpenReceivable } from './open-receivables.ts';

/**
 * Aging and concentration of the open receivables (docs/business-rules.md, “Funder reporting”):
 * pure functions of the per-request amounts the server read, summed in minor units; shares are
 * percentages of the total outstanding, half-up to two places.
 */

export const AGING_BUCKETS = [
  { key: 'current', label: 'Not yet due', min: 0, max: 0 },
  { key: '1-30', label: '1–30 days past due', min: 1, max: 30 },
  { key: '31-60', label: '31–60 days past due', min: 31, max: 60 },
  { key: '61-90', label: '61–90 days past due', min: 61, max: 90 },
  { key: 'over-90', label: 'Over 90 days past due', min: 91, max: Infinity },
] as const;

export interface AmountShare {
  readonly amount: string;
  /** Percent of the total outstanding. */
  readonly share: string;
}

export interface AgingRow extends AmountShare {
  readonly bucket: string;
  readonly label: string;
  readonly count: number;
}

export interface ObligorRow extends AmountShare {
  readonly key: string;
  readonly name: string;
  readonly country: string | null;
  readonly industry: string | null;
  readonly count: number;
  /** Its share is above the funder's concentration limit. */
  readonly overLimit: boolean;
}

export interface GroupRow extends AmountShare {
  /** A country code or an industry; null when the lines do not say. */
  readonly name: string | null;
}

/** `part` as a percentage of `whole`, half-up to two places ("0.00" of nothing). */
export function shareOf(part: bigint, whole: bigint): string {
  if (whole === 0n) return '0.00';
  return roundHalfUp(new MoneyDecimal(part.toString()).times(100).div(whole.toString()), 2);
}

export const totalOf = (rows: readonly { amount: bigint }[]): bigint =>
  rows.reduce((s, r) => s + r.amount, 0n);

export function aging(rows: readonly OpenReceivable[], currency: string): AgingRow[] {
  const total = totalOf(rows);
  return AGING_BUCKETS.map((b) => {
    const inside = rows.filter((r) => r.daysPastDue >= b.min && r.daysPastDue <= b.max);
    const amount = totalOf(inside);
    return {
      bucket: b.key,
      label: b.label,
      count: inside.length,
      amount: fromMinor(amount, currency),
      share: shareOf(amount, total),
    };
  });
}

/** Rows grouped by `keyOf`, largest amount first (then by key). */
export function groupBy<K>(rows: readonly OpenReceivable[], keyOf: (r: OpenReceivable) => K) {
  const groups = new Map<K, OpenReceivable[]>();
  for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
  return [...groups]
    .map(([key, members]) => ({ key, members, amount: totalOf(members) }))
    .sort((a, b) =>
      a.amount === b.amount ? String(a.key).localeCompare(String(b.key)) : a.amount > b.amount ? -1 : 1,
    );
}

/** Whether `amount` is more than `limit` percent of `total` (exactly, in minor units). */
export const aboveLimit = (amount: bigint, total: bigint, limit: string): boolean =>
  total > 0n &&
  new MoneyDecimal(amount.toString()).times(100).gt(new MoneyDecimal(limit).times(total.toString()));

export function obligors(rows: readonly OpenReceivable[], currency: string, limit: string): ObligorRow[] {
  const total = totalOf(rows);
  return groupBy(rows, (r) => r.obligorKey).map((g) => {
    const first = g.members[0]!;
    return {
      key: g.key,
      name: first.obligorName,
      country: first.country,
      industry: first.industry,
      count: g.members.length,
      amount: fromMinor(g.amount, currency),
      share: shareOf(g.amount, total),
      overLimit: aboveLimit(g.amount, total, limit),
    };
  });
}

export function groupsOf(
  rows: readonly OpenReceivable[],
  currency: string,
  keyOf: (r: OpenReceivable) => string | null,
): GroupRow[] {
  const total = totalOf(rows);
  return groupBy(rows, keyOf).map((g) => ({
    name: g.key,
    amount: fromMinor(g.amount, currency),
    share: shareOf(g.amount, total),
  }));
}
