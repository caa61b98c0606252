import { csvRecord } from '../ledger/exports.ts';
import type { FunderReport } from './funder-report.ts';

/** The file name of a report download: funder-report-<currency>-<from>-<to>.<ext>. */
export const reportFileName = (r: FunderReport, ext: 'csv' | 'pdf'): string =>
  `funder-report-${r.currency}-${r.from}-${r.to}.${ext}`;

const yesNo = (v: boolean) => (v ? 'yes' : 'no');

/**
 * The report as CSV (docs/business-rules.md, “Funder reporting”): one block per section, each a
 * header record and its rows, blocks apart by an empty record; amounts as the server computed
 * them, in the currency's digits.
 */
export function reportCsv(r: FunderReport): string {
  const rf = r.rollForward;
  const blocks: (string | null)[][][] = [
    [
      ['Funder report', r.funderName],
      ['Funder', `${r.funderModel} ${r.funderId}`],
      ['Currency', r.currency],
      ['Period', `${r.from} to ${r.to}`],
      ['Concentration limit %', r.concentrationLimit],
    ],
    [
      ['Roll-forward', 'Amount'],
      ['Opening outstanding', rf.opening],
      ['Purchases', rf.purchases],
      ['Bought from the investor', rf.transfersIn],
      ['Sold to the SPV', rf.transfersOut],
      ['Collections', rf.collections],
      ['Dilutions and write-offs', rf.dilutions],
      ['Closing outstanding', rf.closing],
      ['Ledger balance at period end', rf.ledgerBalance],
      ['Agrees with the ledger', yesNo(rf.agreesWithLedger)],
    ],
    [
      ['Aging', 'Requests', 'Amount', 'Share %'],
      ...r.aging.map((a) => [a.label, String(a.count), a.amount, a.share]),
    ],
    [
      ['Obligor', 'Country', 'Industry', 'Requests', 'Amount', 'Share %', 'Above concentration limit'],
      ...r.obligors.map((o) => [
        o.name,
        o.country,
        o.industry,
        String(o.count),
        o.amount,
        o.share,
        yesNo(o.overLimit),
      ]),
    ],
    [['Country', 'Amount', 'Share %'], ...r.countries.map((c) => [c.name ?? 'Not given', c.amount, c.share])],
    [
      ['Industry', 'Amount', 'Share %'],
      ...r.industries.map((c) => [c.name ?? 'Not given', c.amount, c.share]),
    ],
    [
      ['Eligibility', 'Amount'],
      ['Outstanding', r.eligibility.outstanding],
      ...r.eligibility.exclusions.map((e) => [`Excluded: ${e.label}`, e.amount]),
      ['Eligible', r.eligibility.eligible],
      ['Borrowing base', r.eligibility.borrowingBase],
    ],
    [
      ['Line', 'Advance rate %', 'Eligible', 'Borrowing base'],
      ...r.eligibility.lines.map((l) => [l.obligor, l.advanceRate, l.eligible, l.borrowingBase]),
    ],
    [
      ['Dilution (trailing three months)', 'Value'],
      ['From', r.dilution.from],
      ['To', r.dilution.to],
      ['Written off', r.dilution.writtenOff],
      ['Purchases', r.dilution.purchases],
      ['Dilution %', r.dilution.ratio],
    ],
    [
      ['Yield (ACT/360)', 'Value'],
      ['Discount income', r.yield.income],
      ['Average outstanding', r.yield.averageOutstanding],
      ['Days', String(r.yield.days)],
      ['Annualised yield %', r.yield.annualised],
    ],
  ];
  return blocks.map((block) => block.map((row) => csvRecord(row)).join('')).join('\r\n');
}
