import { formatLimitAmount, scopeOf, shiftDate, type Caller, type Role } from '@rf/domain';
import { MoneyDecimal } from '@rf/domain/money';
import type { Database, Queryable } from '../db/database.ts';
import { scopeSql } from '../data/scope-sql.ts';
import { SqlParams } from '../data/sql-params.ts';
import { deliverMail } from '../mail/mail-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { dueDigestEmail, type DigestInvoice } from '../mail/templates/due-digest.ts';
import { AREA_BASE } from './events.ts';
import { notify } from './notify.ts';
import { localTime, platformTimeZone } from './platform-settings.ts';
import { organisationRecipients } from './recipients.ts';

/** The digest goes out at this hour of the platform's time zone. */
export const DIGEST_HOUR = 7;
/** Invoices due up to this many days ahead are listed. */
export const DIGEST_DAYS = 7;
const DAY_MS = 86_400_000;

interface DueRow extends Record<string, unknown> {
  id: string;
  invoice_number: string | null;
  invoice_amount: string;
  invoice_currency: string | null;
  due: string;
  supplier: string | null;
  buyer: string | null;
}

/** The funding organisations: investors' and SPVs' (by their users' role or their memberships). */
async function funders(db: Queryable): Promise<{ groupId: string; role: Role; name: string }[]> {
  const rows = await db.query<{ group_id: string; role: Role; name: string | null }>(
    `SELECT group_id, min(role) AS role, max(name) AS name FROM (
       SELECT ug."userId" AS group_id, ug.group_type AS role, ug.group_name AS name FROM "usergroup" ug
        WHERE ug.group_type IN ('Investor', 'Spv') AND NOT ug."_deleted" AND coalesce(ug.group_status, 'Active') = 'Active'
       UNION ALL
       SELECT u.group_id, u.groups[1], NULL FROM auth_users u
        WHERE NOT u.disabled AND u.group_id IS NOT NULL AND u.groups[1] IN ('Investor', 'Spv')
     ) f GROUP BY group_id ORDER BY group_id`,
  );
  return rows.map((r) => ({
    groupId: r.group_id,
    role: r.role,
    name: r.name?.trim() || 'your organisation',
  }));
}

/** Approved (funded, not settled) requests the organisation reads, due by `until`, soonest first. */
async function dueRequests(db: Queryable, funder: { groupId: string; role: Role }, until: string) {
  const caller: Caller = { sub: `digest:${funder.groupId}`, groupId: funder.groupId, role: funder.role };
  const params = new SqlParams();
  const scope = scopeSql(scopeOf(funder.role, 'Request', 'read'), caller, params);
  const last = params.add(until);
  return db.query<DueRow>(
    `SELECT r.id, r.invoice_number, r.invoice_amount::text AS invoice_amount, r.invoice_currency,
            r.invoice_due_date::text AS due, s.supplier_name AS supplier, b.buyer_name AS buyer
       FROM "request" r LEFT JOIN "supplier" s ON s.id = r."supplierId" LEFT JOIN "buyer" b ON b.id = r."buyerId"
      WHERE NOT r."_deleted" AND r.request_status = 'Approved' AND r.invoice_due_date <= ${last}::date
        AND r.id IN (SELECT id FROM "request" WHERE ${scope})
      ORDER BY r.invoice_due_date, r.invoice_number, r.id`,
    params.values,
  );
}

/**
 * The daily digest (docs/business-rules.md, “Notifications”): at the first run at or after 07:00
 * in the platform's time zone, each investor's and SPV's users are told of the invoices past due
 * and due in the next 7 days that they fund, in the app and by e-mail (unless turned off); an
 * organisation with none is skipped. The day is claimed in the transaction that writes the
 * notifications, so a rerun, a retry or a second replica sends it once. Returns the day sent and
 * how many people were told, or null when it is not time or already done.
 */
export async function sendDueDigest(deps: {
  readonly db: Database;
  readonly publicUrl: string;
  readonly mailer?: Mailer | undefined;
  readonly clock?: { now(): Date } | undefined;
}): Promise<{ date: string; told: number } | null> {
  const at = deps.clock?.now() ?? new Date();
  const timeZone = await platformTimeZone(deps.db);
  const local = localTime(at, timeZone);
  if (local.hour < DIGEST_HOUR) return null;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const result = await deps.db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO notification_digest_run (digest_date, sent_at, recipients) VALUES ($1, $2, 0)
       ON CONFLICT (digest_date) DO NOTHING RETURNING digest_date`,
      [local.date, at.toISOString()],
    );
    if (!claimed.length) return null;
    let told = 0;
    for (const funder of await funders(tx)) {
      const rows = await dueRequests(tx, funder, shiftDate(local.date, DIGEST_DAYS));
      if (!rows.length) continue;
      const area = AREA_BASE[funder.role];
      const invoices: DigestInvoice[] = rows.map((r) => ({
        invoice: r.invoice_number ?? r.id,
        supplier: r.supplier?.trim() || '(no supplier)',
        buyer: r.buyer?.trim() || '(no buyer)',
        amount: formatLimitAmount(new MoneyDecimal(r.invoice_amount), r.invoice_currency ?? ''),
        dueDate: r.due,
        days: Math.round((Date.parse(`${r.due}T00:00:00Z`) - Date.parse(`${local.date}T00:00:00Z`)) / DAY_MS),
        url: `${base}${area}/request/${r.id}`,
      }));
      const pastDue = invoices.filter((i) => i.days < 0);
      const dueSoon = invoices.filter((i) => i.days >= 0);
      const title = [
        pastDue.length ? `${pastDue.length} invoice${pastDue.length === 1 ? '' : 's'} past due` : '',
        dueSoon.length ? `${dueSoon.length} due in the next ${DIGEST_DAYS} days` : '',
      ]
        .filter(Boolean)
        .join(', ');
      const recipients = (await organisationRecipients(tx, funder.groupId)).filter(
        (r) => r.role === funder.role,
      );
      told += await notify(
        tx,
        recipients,
        {
          event: 'digest.due',
          title,
          body: `As of ${local.date}: ${invoices
            .slice(0, 3)
            .map((i) => i.invoice)
            .join(', ')}${invoices.length > 3 ? '…' : ''}`,
          link: () => `${area}/requests`,
          record: null,
          email: deps.mailer
            ? (r, url) =>
                dueDigestEmail({
                  name: r.name,
                  organisation: funder.name,
                  date: local.date,
                  timeZone,
                  pastDue,
                  dueSoon,
                  listUrl: url ?? `${base}${area}/requests`,
                })
            : null,
        },
        { at, publicUrl: deps.publicUrl },
      );
    }
    await tx.query('UPDATE notification_digest_run SET recipients = $2 WHERE digest_date = $1', [
      local.date,
      told,
    ]);
    return { date: local.date, told };
  });
  await deliverMail(deps);
  return result;
}
