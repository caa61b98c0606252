import type { PayoutInstruction, PayoutStatus } from '../entity/payments-api.ts';

/**
 * What the payouts screen says and which rows it lets the administrator choose
 * (docs/business-rules.md, “Payments and reconciliation”): pending instructions without problems
 * can be exported; the others wait for their accounts.
 */

export const PAYOUT_TABS: readonly {
  readonly status: PayoutStatus;
  readonly label: string;
  /** What the tab holds, said when it holds nothing. */
  readonly empty: string;
  /** What its rows wait for, said above them. */
  readonly note?: string;
}[] = [
  {
    status: 'Pending',
    label: 'Pending',
    empty:
      'No payouts wait to be exported. Approving a request instructs its advance to the supplier, settling it instructs the rebate of its reserve; they show here until they are exported.',
  },
  {
    status: 'Exported',
    label: 'Exported',
    empty:
      'No exported payouts are waiting for the bank. An exported payout stays here until a statement of the funder’s account shows the debit carrying its reference.',
    note: 'Sent to the banks and awaiting their debit: a statement of the funder’s account showing the debit with the payout’s reference confirms it.',
  },
  {
    status: 'Confirmed',
    label: 'Confirmed',
    empty:
      'No payouts are confirmed yet. A payout is confirmed when a statement of the funder’s account shows the debit that paid it; it links to that transaction.',
    note: 'Paid: each links to the debit on the funder’s account that confirmed it.',
  },
];

export function payoutTabOf(value: string | null): PayoutStatus {
  return PAYOUT_TABS.find((t) => t.status.toLowerCase() === value?.toLowerCase())?.status ?? 'Pending';
}

export const kindLabel = (kind: PayoutInstruction['kind']): string =>
  kind === 'advance' ? 'Advance' : 'Reserve rebate';

/** A pending instruction with both accounts known: the export takes it. */
export const isExportable = (i: PayoutInstruction): boolean =>
  i.status === 'Pending' && i.problems.length === 0;

/** The chosen ids still on the list and exportable, in the list's order. */
export function chosenOf(rows: readonly PayoutInstruction[], chosen: ReadonlySet<string>): string[] {
  return rows.filter((r) => isExportable(r) && chosen.has(r.id)).map((r) => r.id);
}

/** The header checkbox: all exportable rows chosen, or none when they all were. */
export function toggleAll(rows: readonly PayoutInstruction[], chosen: ReadonlySet<string>): Set<string> {
  const exportable = rows.filter(isExportable).map((r) => r.id);
  const all = exportable.length > 0 && exportable.every((id) => chosen.has(id));
  return new Set(all ? [] : exportable);
}

export function toggleOne(chosen: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(chosen);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

const dayOf = (d: Date, utc: boolean): string => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return utc
    ? `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
    : `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * Today for the execution date: the local day, or the platform's (UTC) day when that is already
 * later, since the server refuses a date before its own today.
 */
export function defaultExecutionDate(now: Date = new Date()): string {
  const local = dayOf(now, false);
  const platform = dayOf(now, true);
  return platform > local ? platform : local;
}

/** The file's content type, for the download. */
export const contentTypeOf = (fileName: string): string =>
  fileName.toLowerCase().endsWith('.csv') ? 'text/csv;charset=utf-8' : 'application/xml;charset=utf-8';
