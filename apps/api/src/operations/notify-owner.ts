import { Decimal } from 'decimal.js';
import { minorUnits, REGISTRY, statusFieldsOf, type Caller, type ModelName } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { statusChangedEmail } from '../mail/templates/status-changed.ts';
import { AREA_BASE, type NotificationEvent } from '../notifications/events.ts';
import { notify } from '../notifications/notify.ts';
import { organisationRecipients, type Recipient } from '../notifications/recipients.ts';
import { nowOf, type OperationContext } from './context.ts';

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

/** The event a status move of `model` is told as. */
const eventOf = (model: ModelName): NotificationEvent =>
  model === 'Request' ? 'request.status' : model === 'Buyer' ? 'line.status' : 'record.status';

/** The record's page in the recipient's area, for the records that have one there. */
function linkOf(model: ModelName, id: string) {
  return (r: Recipient): string | null =>
    model === 'Request'
      ? `${AREA_BASE[r.role]}/request/${id}`
      : model === 'Buyer' && r.role !== 'Broker'
        ? `${AREA_BASE[r.role]}/buyer/${id}`
        : null;
}

/**
 * Tells the owner organisation that one of its records changed status
 * (docs/business-rules.md, “Notifications”), inside the move's transaction: every user of the
 * organisation gets it in the app, and by e-mail unless they turned it off, when the context sends
 * mail (the demo's load does not). A move made by the owner itself, and an organisation's own
 * approval (which has its own e-mail), tell nobody.
 */
export async function notifyStatusChange(
  ctx: OperationContext,
  tx: Queryable,
  change: {
    model: ModelName;
    record: Row;
    field: string;
    to: string;
    comment: string | null;
    caller: Caller;
  },
): Promise<number> {
  const owner = change.record.userId;
  if (typeof owner !== 'string' || change.model === 'Usergroup' || change.caller.groupId === owner) return 0;
  const entity = REGISTRY[change.model];
  const id = String(change.record.id);
  const record = `${change.model === 'Buyer' ? 'Buyer line' : change.model} ${String(change.record[entity.titleField] ?? id)}`;
  const actor = `${change.caller.name ?? change.caller.email ?? 'a user'}, ${change.caller.role}`;
  const details = change.model === 'Buyer' && change.to === 'Approved' ? approvedTerms(change.record) : '';
  // A record with several statuses (a request's bookkeeping) says which one moved.
  const which =
    statusFieldsOf(change.model).length > 1 ? (entity.fieldsByName.get(change.field)?.label ?? '') : '';
  return notify(
    tx,
    await organisationRecipients(tx, owner),
    {
      event: eventOf(change.model),
      title: `${record}${which ? ` (${which})` : ''} is now ${change.to}`,
      body: [details, change.comment ? `Comment: ${change.comment}` : ''].filter(Boolean).join(' ') || null,
      link: linkOf(change.model, id),
      record: { model: change.model, id },
      email: ctx.mailer
        ? (_r, url) =>
            statusChangedEmail({ record, status: change.to, actor, details, comment: change.comment, url })
        : null,
    },
    { at: nowOf(ctx), publicUrl: ctx.publicUrl ?? '' },
  );
}
