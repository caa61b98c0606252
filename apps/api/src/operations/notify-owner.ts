import { Decimal } from 'decimal.js';
import { minorUnits, REGISTRY, type ModelName } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { statusChangedEmail } from '../mail/templates/status-changed.ts';

/** The e-mail addresses of an organisation's active users. */
export async function organisationEmails(db: Queryable, groupId: string): Promise<string[]> {
  const rows = await db.query<{ user_email: string }>(
    `SELECT DISTINCT "user_email" FROM "usergroup" WHERE "userId" = $1 AND NOT "_deleted" AND "user_email" IS NOT NULL
       AND COALESCE("group_status", 'Active') <> 'Disabled'`,
    [groupId],
  );
  return rows.map((r) => r.user_email);
}

/** An amount as the screens show it: currency code, grouped digits, the currency's minor unit. */
function amount(value: unknown, currency: unknown): string {
  const code = typeof currency === 'string' && currency ? currency : null;
  let digits = 2;
  try {
    if (code) digits = minorUnits(code);
  } catch {
    // an unknown code keeps 2 decimals
  }
  const [int = '0', frac] = new Decimal(String(value)).toFixed(digits, Decimal.ROUND_HALF_UP).split('.');
  return `${code ? `${code} ` : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${frac ? `.${frac}` : ''}`;
}

/** The terms an approved buyer line carries: the approved limit (and what was asked) and the spread. */
function approvedTerms(line: Row): string {
  if (line.buyer_loan_approved_amount === null || line.buyer_loan_approved_amount === undefined) return '';
  const requested =
    line.buyer_loan_request_amount !== null && line.buyer_loan_request_amount !== undefined
      ? ` (requested ${amount(line.buyer_loan_request_amount, line.buyer_currency)})`
      : '';
  const spread =
    line.buyer_loan_discount_fee !== null && line.buyer_loan_discount_fee !== undefined
      ? `; spread ${new Decimal(String(line.buyer_loan_discount_fee)).toString()} % over ${String(line.buyer_loan_rate ?? 'the base rate')}`
      : '';
  return `Approved limit ${amount(line.buyer_loan_approved_amount, line.buyer_currency)}${requested}${spread}.`;
}

/**
 * Tells the owner organisation that one of its records changed status (docs/business-rules.md,
 * “E-mails and dashboard figures”). Mail failures are logged by the caller and never undo the
 * committed change.
 */
export async function notifyStatusChange(
  db: Queryable,
  mailer: Mailer,
  change: { model: ModelName; record: Row; field: string; to: string; comment: string | null; actor: string },
): Promise<void> {
  const owner = change.record.userId;
  if (typeof owner !== 'string') return;
  const entity = REGISTRY[change.model];
  const title = String(change.record[entity.titleField] ?? change.record.id);
  const content = statusChangedEmail({
    record: `${change.model === 'Buyer' ? 'Buyer line' : change.model} ${title}`,
    status: change.to,
    actor: change.actor,
    details: change.model === 'Buyer' && change.to === 'Approved' ? approvedTerms(change.record) : '',
    comment: change.comment,
  });
  for (const to of await organisationEmails(db, owner)) await mailer.send({ to, ...content });
}
