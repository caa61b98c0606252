import { CURRENCY_CODES } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { ledgerCurrency, ledgerDate } from '../ledger/read-ledger.ts';
import { eligibility, type Eligibility } from './eligibility.ts';
import type { ReportFunder } from './funder-access.ts';
import { openReceivables } from './open-receivables.ts';
import { dilution, periodYield, type Dilution, type Yield } from './performance.ts';
import { aging, groupsOf, obligors, type AgingRow, type GroupRow, type ObligorRow } from './portfolio.ts';
import { rollForward, type RollForward } from './roll-forward.ts';

/** The funder reporting pack of one funder, currency and period (docs/business-rules.md, “Funder reporting”). */
export interface FunderReport {
  readonly funderModel: string;
  readonly funderId: string;
  readonly funderName: string;
  readonly currency: string;
  readonly from: string;
  readonly to: string;
  readonly concentrationLimit: string;
  readonly rollForward: RollForward;
  readonly aging: AgingRow[];
  readonly obligors: ObligorRow[];
  readonly countries: GroupRow[];
  readonly industries: GroupRow[];
  readonly eligibility: Eligibility;
  readonly dilution: Dilution;
  readonly yield: Yield;
}

/** The longest period a report covers: ten years. */
const MAX_DAYS = 3660;

/** The report's parameters checked: a currency code, real days, `from` not after `to`, at most ten years. */
export function reportPeriod(input: { currency: string; from: string; to: string }) {
  const currency = ledgerCurrency(input.currency);
  if (!currency) throw validationError('currency must be a three-letter code such as USD');
  if (!CURRENCY_CODES.has(currency))
    throw validationError(`${currency} is not an ISO 4217 currency code (e.g. USD)`);
  const from = ledgerDate('from', input.from);
  const to = ledgerDate('to', input.to);
  if (from > to) throw validationError('from must not be after to');
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_DAYS) throw validationError('A report covers at most ten years');
  return { currency, from, to };
}

/** Every section of the report, read in one transaction so its figures agree with each other. */
export async function funderReport(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  funder: ReportFunder,
  input: { currency: string; from: string; to: string },
): Promise<FunderReport> {
  const { currency, from, to } = reportPeriod(input);
  return db.transaction(async (tx) => {
    const open = await openReceivables(tx, funder, currency, to);
    const limit = funder.concentrationLimit;
    return {
      funderModel: funder.model,
      funderId: funder.id,
      funderName: funder.name,
      currency,
      from,
      to,
      concentrationLimit: limit,
      rollForward: await rollForward(tx, funder, currency, { from, to }),
      aging: aging(open, currency),
      obligors: obligors(open, currency, limit),
      countries: groupsOf(open, currency, (r) => r.country),
      industries: groupsOf(open, currency, (r) => r.industry),
      eligibility: eligibility(open, currency, limit),
      dilution: await dilution(tx, funder, currency, to),
      yield: await periodYield(tx, funder, currency, { from, to }),
    };
  });
}
