import { formatLimitAmount } from '@rf/domain';
import { MoneyDecimal } from '@rf/domain/money';
import type { Queryable, Row } from '../db/database.ts';
import { noticeEmail, SETTINGS_FOOTER } from '../mail/templates/notice.ts';
import { nowOf, type OperationContext } from './context.ts';
import { AREA_BASE } from '../notifications/events.ts';
import { notify } from '../notifications/notify.ts';
import { organisationRecipients, type Recipient } from '../notifications/recipients.ts';

async function nameOf(tx: Queryable, table: 'supplier' | 'buyer', id: unknown): Promise<string> {
  if (typeof id !== 'string' || !id) return `(no ${table})`;
  const [row] = await tx.query<{ name: string | null }>(
    `SELECT "${table}_name" AS name FROM "${table}" WHERE id = $1`,
    [id],
  );
  return row?.name?.trim() || `(${table} without a name)`;
}

/** The organisations funding a buyer line: its investor's and its SPV's. */
async function fundersOf(tx: Queryable, buyerId: unknown): Promise<string[]> {
  const rows = await tx.query<{ group_id: string }>(
    `SELECT p."userId" AS group_id FROM "buyer" b JOIN "investor" p ON p.id = b."investorId" AND NOT p."_deleted"
      WHERE b.id = $1
     UNION
     SELECT p."userId" FROM "buyer" b JOIN "spv" p ON p.id = b."spvId" AND NOT p."_deleted" WHERE b.id = $1`,
    [String(buyerId)],
  );
  return rows.map((r) => r.group_id).filter(Boolean);
}

const money = (row: Row): string => {
  const currency = String(row.invoice_currency ?? '');
  try {
    return formatLimitAmount(new MoneyDecimal(String(row.invoice_amount)), currency);
  } catch {
    return `${currency} ${String(row.invoice_amount)}`.trim();
  }
};

/**
 * Tells the users of the line's investor and SPV of a new request, or of a batch once
 * (docs/business-rules.md, “Notifications”), in the submitting transaction. Returns how many were
 * told.
 */
export async function notifyRequestsSubmitted(
  ctx: OperationContext,
  tx: Queryable,
  requests: readonly Row[],
): Promise<number> {
  const [first] = requests;
  if (!first) return 0;
  const recipients: Recipient[] = [];
  for (const group of await fundersOf(tx, first.buyerId))
    recipients.push(...(await organisationRecipients(tx, group)));
  if (!recipients.length) return 0;
  const supplier = await nameOf(tx, 'supplier', first.supplierId);
  const buyer = await nameOf(tx, 'buyer', first.buyerId);
  const invoices = requests.map((r) => String(r.invoice_number ?? r.id));
  const single = requests.length === 1;
  const title = single
    ? `New request ${invoices[0]} from ${supplier}`
    : `New batch of ${requests.length} requests from ${supplier}`;
  const body = single
    ? `${money(first)} on ${buyer}, due ${String(first.invoice_due_date ?? '').slice(0, 10)}`
    : `${buyer}: invoices ${invoices.join(', ')}`;
  const id = String(first.id);
  return notify(
    tx,
    recipients,
    {
      event: 'request.submitted',
      title,
      body,
      link: (r) => `${AREA_BASE[r.role]}/request/${id}`,
      record: { model: 'Request', id },
      email: ctx.mailer
        ? (r, url) =>
            noticeEmail({
              subject: title,
              name: r.name,
              lines: [
                single
                  ? `${supplier} submitted a request on its line to ${buyer}, which you fund.`
                  : `${supplier} submitted ${requests.length} invoices together on its line to ${buyer}, which you fund.`,
              ],
              facts: requests.map((r) => [
                `Invoice ${String(r.invoice_number ?? '')}`,
                `${money(r)}, due ${String(r.invoice_due_date ?? '').slice(0, 10)}`,
              ]),
              action: url ? { label: single ? 'Open the request' : 'Open the first request', url } : null,
              footer: SETTINGS_FOOTER,
            })
        : null,
    },
    { at: nowOf(ctx), publicUrl: ctx.publicUrl ?? '' },
  );
}
