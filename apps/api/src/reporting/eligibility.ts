import { fromMinor } from '@rf/domain';
import { MoneyDecimal } from '@rf/domain/money';
import type { OpenReceivable } from './open-receivables.ts';
import { groupBy, totalOf } from './portfolio.ts';

/**
 * Eligibility and borrowing base (docs/business-rules.md, “Funder reporting”), in minor units:
 * out go receivables more than 90 days past due; then every other receivable of an obligor with
 * more than half of its outstanding past due; then the part of an obligor above the concentration
 * limit (limit % of the total outstanding, rounded down to the minor unit), taken from its lines
 * with the highest advance rate first. Borrowing base = Σ per line of eligible × the line's
 * advance rate, half-up to the minor unit; a line without an advance rate adds nothing.
 */
export const EXCLUSION_REASONS = [
  { reason: 'over-90', label: 'More than 90 days past due' },
  { reason: 'obligor-past-due', label: 'Obligor with more than 50 % of its outstanding past due' },
  { reason: 'concentration', label: 'Part of an obligor above the concentration limit' },
] as const;

export interface Exclusion {
  readonly reason: string;
  readonly label: string;
  readonly amount: string;
}

export interface EligibilityLine {
  readonly lineId: string | null;
  readonly obligor: string;
  readonly advanceRate: string | null;
  readonly eligible: string;
  readonly borrowingBase: string;
}

export interface Eligibility {
  readonly outstanding: string;
  readonly exclusions: Exclusion[];
  readonly eligible: string;
  readonly borrowingBase: string;
  readonly lines: EligibilityLine[];
}

/** The most one obligor may count as eligible: limit % of the total, rounded down. */
export function concentrationCap(total: bigint, limit: string): bigint {
  const cap = new MoneyDecimal(total.toString()).times(limit).div(100).floor();
  return BigInt(cap.toFixed(0));
}

export function eligibility(rows: readonly OpenReceivable[], currency: string, limit: string): Eligibility {
  const total = totalOf(rows);
  const cap = concentrationCap(total, limit);
  let over90 = 0n;
  let obligorPastDue = 0n;
  let concentration = 0n;
  const lines: { lineId: string | null; obligor: string; rate: string | null; eligible: bigint }[] = [];
  for (const g of groupBy(rows, (r) => r.obligorKey)) {
    const pastDue = totalOf(g.members.filter((r) => r.daysPastDue > 0));
    const young = g.members.filter((r) => r.daysPastDue <= 90);
    over90 += g.amount - totalOf(young);
    if (pastDue * 2n > g.amount) {
      obligorPastDue += totalOf(young);
      continue;
    }
    let excess = totalOf(young) > cap ? totalOf(young) - cap : 0n;
    concentration += excess;
    const byLine = groupBy(young, (r) => r.lineId).map((l) => ({
      lineId: l.key,
      rate: l.members[0]!.advanceRate,
      eligible: l.amount,
    }));
    const rate = (v: string | null) => new MoneyDecimal(v ?? '0');
    byLine.sort(
      (a, b) => rate(b.rate).comparedTo(rate(a.rate)) || String(a.lineId).localeCompare(String(b.lineId)),
    );
    for (const l of byLine) {
      const taken = excess < l.eligible ? excess : l.eligible;
      excess -= taken;
      lines.push({
        lineId: l.lineId,
        obligor: g.members[0]!.obligorName,
        rate: l.rate,
        eligible: l.eligible - taken,
      });
    }
  }
  const m = (v: bigint) => fromMinor(v, currency);
  const views = lines.map((l) => {
    const base = l.rate
      ? BigInt(new MoneyDecimal(l.eligible.toString()).times(l.rate).div(100).toDecimalPlaces(0).toFixed(0))
      : 0n;
    return { ...l, base };
  });
  const amounts = [over90, obligorPastDue, concentration];
  return {
    outstanding: m(total),
    exclusions: EXCLUSION_REASONS.map((e, i) => ({ ...e, amount: m(amounts[i]!) })),
    eligible: m(views.reduce((s, l) => s + l.eligible, 0n)),
    borrowingBase: m(views.reduce((s, l) => s + l.base, 0n)),
    lines: views.map((l) => ({
      lineId: l.lineId,
      obligor: l.obligor,
      advanceRate: l.rate,
      eligible: m(l.eligible),
      borrowingBase: m(l.base),
    })),
  };
}
