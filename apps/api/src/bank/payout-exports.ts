import { randomUUID } from 'node:crypto';
import { isUuid } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { validationError } from '../http/errors.ts';
import { nowOf, todayOf, type OperationContext } from '../operations/context.ts';
import { idempotencyKeyOf, once } from '../operations/idempotency.ts';
import { requireAdmin } from './accounts.ts';
import { pain001Xml } from './payout-files/pain001.ts';
import { payoutCsv } from './payout-files/payout-csv.ts';
import type { PayoutAccount, PayoutFileInput } from './payout-files/types.ts';

export type PayoutFormat = 'pain.001.001.03' | 'csv';

interface AccountView {
  readonly id: string;
  readonly name: string;
  readonly iban: string | null;
  readonly number: string | null;
}

export interface PayoutInstructionView {
  readonly id: string;
  readonly reference: string;
  readonly kind: 'advance' | 'rebate';
  readonly status: 'Pending' | 'Exported' | 'Confirmed';
  readonly requestId: string;
  readonly invoiceNumber: string | null;
  readonly supplierName: string | null;
  readonly payerModel: 'Investor' | 'Spv';
  readonly payerId: string;
  readonly payerName: string | null;
  readonly amount: string;
  readonly currency: string;
  readonly createdAt: string;
  readonly exportedAt: string | null;
  readonly confirmedAt: string | null;
  readonly transactionId: string | null;
  readonly debtorAccount: AccountView | null;
  readonly creditorAccount: AccountView | null;
  /** What stops the instruction from being exported (no approved account …); empty when ready. */
  readonly problems: readonly string[];
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * The instructions with their accounts: the payer's Approved account of the purpose the payment
 * leaves from (remittance for an advance, collection for a rebate) and the supplier's Approved
 * payout account, both in the instruction's currency, the newest when there are several.
 */
async function instructionRows(tx: Queryable, where: string, params: unknown[]): Promise<Row[]> {
  return tx.query(
    `SELECT i.*, r.invoice_number, r."supplierId", s.supplier_name,
            coalesce(inv.investor_name, spv.spv_name) AS payer_name,
            d.id AS d_id, d.bank_account_name AS d_name, d.iban AS d_iban, d.bic_swift_code AS d_bic,
            d.bank_account_number AS d_number, d.bank_account_sortcode AS d_sortcode,
            d.bank_routing_number AS d_routing, d.bank_country AS d_country,
            c.id AS c_id, c.bank_account_name AS c_name, c.iban AS c_iban, c.bic_swift_code AS c_bic,
            c.bank_account_number AS c_number, c.bank_account_sortcode AS c_sortcode,
            c.bank_routing_number AS c_routing, c.bank_country AS c_country
       FROM payout_instruction i
       JOIN "request" r ON r.id = i.request_id
       LEFT JOIN "supplier" s ON s.id = r."supplierId"
       LEFT JOIN "investor" inv ON i.payer_model = 'Investor' AND inv.id = i.payer_id
       LEFT JOIN "spv" spv ON i.payer_model = 'Spv' AND spv.id = i.payer_id
       LEFT JOIN LATERAL (
         SELECT * FROM "bank" b
          WHERE NOT b."_deleted" AND b.bank_status = 'Approved' AND b.iso_currency_code = i.currency
            AND b.bank_account_purpose = CASE i.kind WHEN 'advance' THEN 'remittance' ELSE 'collection' END
            AND (CASE i.payer_model WHEN 'Investor' THEN b."investorId" ELSE b."spvId" END) = i.payer_id
          ORDER BY b."createdAt" DESC, b.id LIMIT 1) d ON true
       LEFT JOIN LATERAL (
         SELECT * FROM "bank" b
          WHERE NOT b."_deleted" AND b.bank_status = 'Approved' AND b.iso_currency_code = i.currency
            AND b.bank_account_purpose = 'payout' AND b."supplierId" = r."supplierId"
          ORDER BY b."createdAt" DESC, b.id LIMIT 1) c ON true
      WHERE ${where}
      ORDER BY i.created_at, i.id`,
    params as never[],
  );
}

function viewOf(r: Row): PayoutInstructionView {
  const account = (p: 'd' | 'c'): AccountView | null =>
    r[`${p}_id`]
      ? {
          id: String(r[`${p}_id`]),
          name: String(r[`${p}_name`] ?? ''),
          iban: text(r[`${p}_iban`]),
          number: text(r[`${p}_number`]),
        }
      : null;
  const problems: string[] = [];
  if (!r.d_id)
    problems.push(
      `${text(r.payer_name) ?? 'The payer'} has no approved ${r.kind === 'advance' ? 'remittance' : 'collection'} account in ${String(r.currency)}`,
    );
  if (!r.c_id)
    problems.push(
      `${text(r.supplier_name) ?? 'The supplier'} has no approved payout account in ${String(r.currency)}`,
    );
  return {
    id: String(r.id),
    reference: String(r.reference),
    kind: r.kind as PayoutInstructionView['kind'],
    status: r.status as PayoutInstructionView['status'],
    requestId: String(r.request_id),
    invoiceNumber: text(r.invoice_number),
    supplierName: text(r.supplier_name),
    payerModel: r.payer_model as 'Investor' | 'Spv',
    payerId: String(r.payer_id),
    payerName: text(r.payer_name),
    amount: String(r.amount),
    currency: String(r.currency),
    createdAt: String(r.created_at),
    exportedAt: text(r.exported_at),
    confirmedAt: text(r.confirmed_at),
    transactionId: text(r.transaction_id),
    debtorAccount: account('d'),
    creditorAccount: account('c'),
    problems: r.status === 'Confirmed' ? [] : problems,
  };
}

const STATUSES = ['Pending', 'Exported', 'Confirmed'] as const;

/** The payout instructions (administrators), by status, oldest first. */
export async function payoutInstructions(
  ctx: OperationContext,
  input: { status?: string | null; requestId?: string | null },
): Promise<PayoutInstructionView[]> {
  requireAdmin(ctx, 'read payout instructions');
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (input.status) {
    if (!(STATUSES as readonly string[]).includes(input.status))
      throw validationError(`status must be one of ${STATUSES.join(', ')}`);
    params.push(input.status);
    where.push(`i.status = $${params.length}`);
  }
  if (input.requestId) {
    if (!isUuid(input.requestId)) throw validationError('requestId must be a UUID');
    params.push(input.requestId);
    where.push(`i.request_id = $${params.length}`);
  }
  return (await instructionRows(ctx.db, where.join(' AND '), params)).map(viewOf);
}

const payoutAccount = (r: Row, p: 'd' | 'c'): PayoutAccount => ({
  name: String(r[`${p}_name`] ?? ''),
  iban: text(r[`${p}_iban`]),
  bic: text(r[`${p}_bic`]),
  accountNumber: text(r[`${p}_number`]),
  sortCode: text(r[`${p}_sortcode`]),
  routingNumber: text(r[`${p}_routing`]),
  country: text(r[`${p}_country`]),
});

export interface PayoutExport {
  readonly exportId: string;
  readonly format: PayoutFormat;
  readonly fileName: string;
  readonly content: string;
  readonly instructions: number;
}

/**
 * Exports pending instructions as one pain.001.001.03 credit-transfer file or CSV for the bank
 * (docs/business-rules.md, “Payments and reconciliation”), and marks them Exported. Every chosen
 * instruction must be Pending with both accounts known; otherwise nothing is exported and each
 * problem is listed. The file is kept with the export.
 */
export async function exportPayouts(
  ctx: OperationContext,
  input: {
    ids: readonly string[];
    format: string;
    executionDate?: string | null;
    idempotencyKey?: string | null;
  },
): Promise<PayoutExport> {
  const caller = requireAdmin(ctx, 'export payouts');
  const format = input.format as PayoutFormat;
  if (format !== 'pain.001.001.03' && format !== 'csv')
    throw validationError('format must be pain.001.001.03 or csv');
  const ids = [...new Set(input.ids)];
  if (!ids.length || ids.length > 500) throw validationError('Choose 1 to 500 instructions to export');
  if (!ids.every(isUuid)) throw validationError('ids must be UUIDs');
  const today = todayOf(ctx);
  const executionDate = input.executionDate ?? today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(executionDate) || executionDate < today)
    throw validationError(`executionDate ${executionDate} must be a date from today (${today}) on`);
  const key = idempotencyKeyOf(input.idempotencyKey);
  const attempt = await ctx.db.transaction((tx) =>
    once(
      tx,
      caller,
      {
        key,
        operation: 'exportPayouts',
        input: { ids: [...ids].sort(), format, executionDate },
        at: nowOf(ctx),
      },
      async () => {
        await tx.query(
          'SELECT id FROM payout_instruction WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
          [ids],
        );
        const rows = await instructionRows(tx, 'i.id = ANY($1::uuid[])', [ids]);
        const problems: string[] = [];
        if (rows.length !== ids.length)
          problems.push(`${ids.length - rows.length} of the chosen instructions do not exist`);
        for (const r of rows) {
          const label = `${String(r.reference)} (invoice ${text(r.invoice_number) ?? String(r.request_id)})`;
          if (r.status !== 'Pending') problems.push(`${label} is ${String(r.status)}, not Pending`);
          for (const p of viewOf(r).problems) problems.push(`${label}: ${p}`);
        }
        if (problems.length) throw validationError(`Nothing was exported: ${problems.join('; ')}`);
        const now = nowOf(ctx);
        const exportId = randomUUID();
        const file: PayoutFileInput = {
          messageId: `RFX${exportId.replace(/-/g, '').slice(0, 20).toUpperCase()}`,
          createdAt: now.toISOString(),
          initiatingParty: 'Receivables financing platform',
          requestedExecutionDate: executionDate,
          payments: rows.map((r) => ({
            endToEndId: String(r.reference),
            amount: String(r.amount),
            currency: String(r.currency),
            debtor: payoutAccount(r, 'd'),
            creditor: payoutAccount(r, 'c'),
            remittance:
              `${r.kind === 'advance' ? 'Advance' : 'Reserve rebate'} invoice ${text(r.invoice_number) ?? ''} ${String(r.reference)}`
                .replace(/\s+/g, ' ')
                .trim(),
          })),
        };
        let content: string;
        try {
          content = format === 'csv' ? payoutCsv(file) : pain001Xml(file);
        } catch (error) {
          throw validationError(`Nothing was exported: ${(error as Error).message}`);
        }
        const fileName = `payouts-${executionDate}-${exportId.slice(0, 8)}.${format === 'csv' ? 'csv' : 'xml'}`;
        await tx.query(
          `INSERT INTO payout_export (id, format, file_name, content, instructions, actor, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
          [exportId, format, fileName, content, rows.length, caller.sub, now.toISOString()],
        );
        await tx.query(
          `UPDATE payout_instruction SET status = 'Exported', export_id = $2, exported_at = $3 WHERE id = ANY($1::uuid[])`,
          [ids, exportId, now.toISOString()],
        );
        return { exportId, format, fileName, content, instructions: rows.length } satisfies PayoutExport;
      },
    ),
  );
  return attempt.result as PayoutExport;
}
