import { fromMinor } from '@rf/domain';
import { MoneyDecimal, roundHalfUp } from '@rf/domain/money';
import type { Queryable } from '../db/database.ts';
import type { ReportFunder } from './funder-access.ts';
import { RECEIVABLE_MOVES_SQL } from './roll-forward.ts';

/** Dilution over the three months ending on the report's last day (docs/business-rules.md, “Funder reporting”). */
export interface Dilution {
  readonly from: string;
  readonly to: string;
  /** Shortfalls written off in the window. */
  readonly writtenOff: string;
  /** Receivables bought in the window (approvals, and an SPV's purchases from the investor). */
  readonly purchases: string;
  /** writtenOff ÷ purchases in percent, two places; null without purchases. */
  readonly ratio: string | null;
}

/** Yield of the period: discount income over the average outstanding, annualised ACT/360. */
export interface Yield {
  readonly income: string;
  /** The mean of each day's closing outstanding over the period's days. */
  readonly averageOutstanding: string;
  readonly days: number;
  /** income ÷ average outstanding × 360 ÷ days, in percent, two places; null without outstanding. */
  readonly annualised: string | null;
}

const lastDayOf = (year: number, monthIndex: number): number =>
  new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/**
 * The first day of the three months ending on `to`: the day after `to` less three calendar
 * months, a month's last day going to the last day (30 June → 1 April, 15 November → 16 August).
 */
export function trailingThreeMonthsFrom(to: string): string {
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y, m - 4, 1));
  const last = lastDayOf(back.getUTCFullYear(), back.getUTCMonth());
  back.setUTCDate((d === lastDayOf(y, m - 1) ? last : Math.min(d, last)) + 1);
  return back.toISOString().slice(0, 10);
}

export async function dilution(
  tx: Queryable,
  funder: ReportFunder,
  currency: string,
  to: string,
): Promise<Dilution> {
  const from = trailingThreeMonthsFrom(to);
  const [row] = await tx.query<{ written: string; bought: string }>(
    `WITH m AS (${RECEIVABLE_MOVES_SQL} AND t.effective_date BETWEEN $4::date AND $5::date)
     SELECT (SELECT coalesce(-sum(amount), 0) FROM m WHERE kind = 'write_off')::text AS written,
            (SELECT coalesce(sum(amount), 0) FROM m WHERE kind = 'approval' OR (kind = 'spv_purchase' AND amount > 0))::text AS bought`,
    [funder.model, funder.id, currency, from, to],
  );
  const written = BigInt(row?.written ?? '0');
  const bought = BigInt(row?.bought ?? '0');
  return {
    from,
    to,
    writtenOff: fromMinor(written, currency),
    purchases: fromMinor(bought, currency),
    ratio:
      bought > 0n
        ? roundHalfUp(new MoneyDecimal(written.toString()).times(100).div(bought.toString()), 2)
        : null,
  };
}

/**
 * The yield of [from, to]: the discount income credited to the funder in the period, over the
 * mean daily outstanding. Σ of each day's balance is Σ over the receivable entries of
 * amount × the days of the period on or after the entry's day, so it is one SQL sum.
 */
export async function periodYield(
  tx: Queryable,
  funder: ReportFunder,
  currency: string,
  period: { from: string; to: string },
): Promise<Yield> {
  const [row] = await tx.query<{ income: string; balance_days: string; days: number }>(
    `SELECT (SELECT coalesce(-sum(e.amount), 0)
               FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
               JOIN ledger_transaction t ON t.id = e.transaction_id
              WHERE a.kind = 'investor_discount_income' AND a.party_model = $1 AND a.party_id = $2::uuid
                AND a.currency = $3 AND e.phase = 'posted' AND t.effective_date BETWEEN $4::date AND $5::date)::text AS income,
            (SELECT coalesce(sum(m.amount * ($5::date - greatest(m.effective_date, $4::date) + 1)), 0)
               FROM (${RECEIVABLE_MOVES_SQL} AND t.effective_date <= $5::date) m)::text AS balance_days,
            ($5::date - $4::date + 1) AS days`,
    [funder.model, funder.id, currency, period.from, period.to],
  );
  const income = BigInt(row?.income ?? '0');
  const balanceDays = BigInt(row?.balance_days ?? '0');
  const days = Number(row?.days ?? 1);
  const average = new MoneyDecimal(balanceDays.toString()).div(days).toDecimalPlaces(0);
  return {
    income: fromMinor(income, currency),
    averageOutstanding: fromMinor(BigInt(average.toFixed(0)), currency),
    days,
    annualised:
      balanceDays > 0n
        ? roundHalfUp(new MoneyDecimal(income.toString()).times(360 * 100).div(balanceDays.toString()), 2)
        : null,
  };
}
