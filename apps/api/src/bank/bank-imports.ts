import { requireCaller, type OperationContext } from '../operations/context.ts';
import { validationError } from '../http/errors.ts';
import { bankAccountOwnedBy } from './accounts.ts';

export interface BankImportView {
  readonly id: string;
  readonly bankId: string;
  readonly format: string;
  readonly fileName: string | null;
  readonly statements: number;
  readonly entries: number;
  readonly created: number;
  readonly duplicates: number;
  readonly warnings: string[];
  readonly importedBy: string | null;
  readonly importedAt: string;
}

/** An account's statement imports, newest first, for its owner or an administrator. */
export async function bankImports(
  ctx: OperationContext,
  input: { bankId: string; limit: number },
): Promise<BankImportView[]> {
  const caller = requireCaller(ctx);
  if (!Number.isInteger(input.limit) || input.limit < 1 || input.limit > 200)
    throw validationError('limit must be between 1 and 200');
  const account = await bankAccountOwnedBy(ctx.db, caller, input.bankId);
  const rows = await ctx.db.query(
    `SELECT i.*, coalesce(nullif(u.name, ''), u.email, i.actor) AS actor_name FROM bank_import i
       LEFT JOIN auth_users u ON u.sub::text = i.actor
      WHERE i.bank_id = $1 ORDER BY i.created_at DESC, i.id LIMIT $2`,
    [account, input.limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    bankId: String(r.bank_id),
    format: String(r.format),
    fileName: (r.file_name as string | null) ?? null,
    statements: Number(r.statements),
    entries: Number(r.entries),
    created: Number(r.created),
    duplicates: Number(r.duplicates),
    warnings: (typeof r.warnings === 'string' ? JSON.parse(r.warnings) : r.warnings) as string[],
    importedBy: (r.actor_name as string | null) ?? null,
    importedAt: String(r.created_at),
  }));
}

/**
 * The CSV column mapping saved with the account's last CSV import, for its next file (owner or
 * administrator); null when it has none.
 */
export async function bankCsvMapping(ctx: OperationContext, bankId: string): Promise<unknown> {
  const account = await bankAccountOwnedBy(ctx.db, requireCaller(ctx), bankId);
  const [row] = await ctx.db.query<{ mapping: unknown }>(
    'SELECT mapping FROM bank_csv_mapping WHERE bank_id = $1',
    [account],
  );
  if (!row) return null;
  return typeof row.mapping === 'string' ? (JSON.parse(row.mapping) as unknown) : row.mapping;
}

export interface BankLinkStatus {
  readonly linked: boolean;
  readonly providerAccountId: string | null;
  readonly lastSyncedAt: string | null;
  readonly lastError: string | null;
}

/** Whether the account is linked through the bank-data provider, and how its last sync went. */
export async function bankLinkStatus(ctx: OperationContext, bankId: string): Promise<BankLinkStatus> {
  const account = await bankAccountOwnedBy(ctx.db, requireCaller(ctx), bankId);
  const [link] = await ctx.db.query('SELECT * FROM bank_link WHERE bank_id = $1', [account]);
  return {
    linked: Boolean(link),
    providerAccountId: (link?.provider_account_id as string | undefined) ?? null,
    lastSyncedAt: link?.last_synced_at ? String(link.last_synced_at) : null,
    lastError: (link?.last_error as string | null | undefined) ?? null,
  };
}
