import type { Filter } from '../entity/queries.ts';
import type { PayoutInstruction } from '../entity/payments-api.ts';

/**
 * What the reconciliation screen asks the Transaction list for, and how it picks from lists it has
 * fetched (docs/business-rules.md, “Payments and reconciliation”). Nothing here adds, subtracts
 * or rounds an amount: amounts are compared as the decimal strings the server sent.
 */

/** Money in (credits on collection accounts) or money out (debits on remittance and collection accounts). */
export type PaymentSide = 'in' | 'out';

/** Which reconciliation states a list shows. */
export type ReconciliationView = 'open' | 'Matched' | 'Ignored' | 'all';

export const RECONCILIATION_VIEWS: readonly { readonly value: ReconciliationView; readonly label: string }[] =
  [
    { value: 'open', label: 'To reconcile' },
    { value: 'Matched', label: 'Matched' },
    { value: 'Ignored', label: 'Ignored' },
    { value: 'all', label: 'All' },
  ];

export const isReconciliationView = (v: unknown): v is ReconciliationView =>
  RECONCILIATION_VIEWS.some((x) => x.value === v);

/** The text fields a search looks in: payer or payee, what they wrote, the references. */
export const SEARCHED_FIELDS = [
  'sender_account_name',
  'recipient_account_name',
  'remittance_information',
  'transaction_description',
  'bank_reference',
  'end_to_end_id',
] as const;

/**
 * The amount the admin typed, as the API's decimal filter takes it (`25,100.00` → `25100.00`), or
 * null when the text is no amount. Grouping commas and spaces are dropped; nothing is computed.
 */
export function typedAmount(text: string): string | null {
  const bare = text.trim().replace(/[\s,’']/g, '');
  return /^\d{1,15}(\.\d{1,5})?$/.test(bare) ? bare : null;
}

/**
 * The Transaction list filter of one side of the screen: its accounts, the sign of the amount,
 * the reconciliation states of `view` (a transaction without a state counts as Unmatched, as the
 * server reads it) and the search, in the text fields or, when the text is an amount, as the
 * amount (a debit's amount is negative). No account: a filter that matches nothing.
 */
export function paymentsFilter(input: {
  readonly side: PaymentSide;
  readonly view: ReconciliationView;
  readonly accountIds: readonly string[];
  readonly q: string;
}): Filter {
  const { side, view, accountIds } = input;
  const parts: Filter[] = [
    accountIds.length
      ? { or: accountIds.map((id) => ({ bankId: { eq: id } })) }
      : { id: { attributeExists: false } },
    { transaction_source_amount: side === 'in' ? { gt: '0' } : { lt: '0' } },
  ];
  if (view === 'open')
    parts.push({
      or: [
        { reconciliation_status: { eq: 'Unmatched' } },
        { reconciliation_status: { eq: 'Partially matched' } },
        { reconciliation_status: { attributeExists: false } },
      ],
    });
  else if (view !== 'all') parts.push({ reconciliation_status: { eq: view } });
  const q = input.q.trim();
  if (q) {
    const amount = typedAmount(q);
    parts.push({
      or: [
        ...SEARCHED_FIELDS.map((f) => ({ [f]: { contains: q } })),
        ...(amount ? [{ transaction_source_amount: { eq: side === 'in' ? amount : `-${amount}` } }] : []),
      ],
    });
  }
  return { and: parts };
}

/** A decimal string in one spelling: no sign, no leading or trailing zeros (`-09500.50` → `9500.5`). */
export function magnitudeText(value: string): string | null {
  const m = /^[-+]?0*(\d*?)(?:\.(\d*?)0*)?$/.exec(value.trim());
  if (!m || !/\d/.test(value)) return null;
  const int = m[1] || '0';
  const frac = m[2] ?? '';
  return frac ? `${int}.${frac}` : int;
}

/** Whether two decimal strings name the same amount, whatever their signs (a debit and the payout it is). */
export function sameMagnitude(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const x = magnitudeText(String(a));
  return x !== null && x === magnitudeText(String(b));
}

/**
 * The payout instructions a debit could be: Pending or Exported, in its currency, for its amount
 * (docs/business-rules.md, “Payments and reconciliation”); the server checks the accounts again.
 */
export function instructionsFitting(
  debit: { readonly amount: unknown; readonly currency: unknown },
  instructions: readonly PayoutInstruction[],
): PayoutInstruction[] {
  return instructions.filter(
    (i) =>
      (i.status === 'Pending' || i.status === 'Exported') &&
      i.currency === debit.currency &&
      sameMagnitude(i.amount, debit.amount),
  );
}
