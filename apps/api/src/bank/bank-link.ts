import type { Queryable, Row } from '../db/database.ts';
import { deleteRow, insertRow, updateRow } from '../data/rows.ts';
import { secretCipher } from '../data/secret-fields.ts';
import { publishChange } from '../data/change-feed.ts';
import { validationError } from '../http/errors.ts';
import { nowOf, requireCaller, writeOf, type OperationContext } from '../operations/context.ts';
import { bankAccountFor, type BankAccount } from './accounts.ts';
import { matchNewCredits } from './reconcile-collections.ts';
import { matchNewDebits } from './reconcile-payouts.ts';
import { lockAccount, storeEntries } from './store-entries.ts';
import { asPlatform } from './platform-caller.ts';
import { ProviderError, type BankDataProvider } from './provider/provider.ts';

/** An account's slot in its organisation's Plaidauth record: 1 remittance, 2 collection. */
const slotOf = (account: BankAccount): 1 | 2 => (account.purpose === 'remittance' ? 1 : 2);

/** The provider's refusal as the caller's error, with the provider's own message. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderError)
      throw validationError(`The bank-data provider refused: ${error.message} (${error.code})`);
    throw error;
  }
}

/**
 * A link token for the provider's bank-linking flow
 * (docs/business-rules.md, “Payments and reconciliation”), for the owner of an approved
 * remittance or collection account or an administrator.
 */
export async function createLinkToken(
  ctx: OperationContext,
  provider: BankDataProvider,
  input: { accountId: string },
): Promise<{ link_token: string; expiration: string }> {
  const caller = requireCaller(ctx);
  const account = await bankAccountFor(ctx.db, caller, input.accountId);
  const made = await viaProvider(() =>
    provider.createLinkToken({ userId: account.userId, clientName: 'Receivables financing' }),
  );
  return { link_token: made.linkToken, expiration: made.expiration };
}

/**
 * Exchanges the public token of a finished linking flow and links the account: the access token is
 * stored sealed in the organisation's Plaidauth record (never returned), with the provider's
 * account: the one named, else the one whose mask ends the account's number, else the only one.
 */
export async function exchangePublicToken(
  ctx: OperationContext,
  provider: BankDataProvider,
  input: { accountId: string; publicToken: string; providerAccountId?: string | null },
): Promise<{ accountId: string; providerAccountId: string; name: string; mask: string | null }> {
  const caller = requireCaller(ctx);
  if (!input.publicToken?.trim()) throw validationError('public_token is required');
  const account = await bankAccountFor(ctx.db, caller, input.accountId);
  const { accessToken } = await viaProvider(() => provider.exchangePublicToken(input.publicToken.trim()));
  const accounts = await viaProvider(() => provider.accounts(accessToken));
  const digits = (account.number ?? account.iban ?? '').replace(/\W/g, '');
  const chosen = input.providerAccountId
    ? accounts.find((a) => a.accountId === input.providerAccountId)
    : (accounts.find((a) => a.mask && digits.endsWith(a.mask)) ??
      (accounts.length === 1 ? accounts[0] : undefined));
  if (!chosen)
    throw validationError(
      `Choose which linked account is this one: ${accounts.map((a) => `${a.name} (…${a.mask ?? '?'}, ${a.accountId})`).join(', ') || 'the bank returned none'}`,
    );
  const slot = slotOf(account);
  const write = writeOf(ctx, 'linkBankAccount');
  await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const values = { [`accessToken${slot}`]: accessToken, [`account_id${slot}`]: chosen.accountId };
    const [auth] = await tx.query('SELECT id FROM "plaidauth" WHERE id = $1', [account.userId]);
    if (auth) await updateRow(tx, 'Plaidauth', account.userId, values, write);
    else await insertRow(tx, 'Plaidauth', values, { ...write, owner: account.userId, id: account.userId });
    await tx.query(
      `INSERT INTO bank_link (bank_id, plaidauth_id, slot, provider_account_id, cursor, linked_at)
       VALUES ($1, $2, $3, $4, NULL, $5)
       ON CONFLICT (bank_id) DO UPDATE SET plaidauth_id = EXCLUDED.plaidauth_id, slot = EXCLUDED.slot,
         provider_account_id = EXCLUDED.provider_account_id, cursor = NULL, last_error = NULL, linked_at = EXCLUDED.linked_at`,
      [account.id, account.userId, slot, chosen.accountId, nowOf(ctx).toISOString()],
    );
  });
  return { accountId: account.id, providerAccountId: chosen.accountId, name: chosen.name, mask: chosen.mask };
}

export interface SyncResult {
  readonly created: number;
  readonly duplicates: number;
  readonly posted: number;
  readonly removed: number;
  readonly matched: number;
  readonly warnings: readonly string[];
}

/** The linked account's access token, opened. */
async function accessTokenOf(ctx: OperationContext, tx: Queryable, link: Row): Promise<string> {
  const [auth] = await tx.query(`SELECT * FROM "plaidauth" WHERE id = $1`, [String(link.plaidauth_id)]);
  const sealed = auth?.[`accessToken${String(link.slot)}`];
  if (typeof sealed !== 'string' || !sealed)
    throw validationError('The account is not linked: link it with the bank first');
  return secretCipher(ctx.keys).openOrPlain(sealed);
}

/**
 * Brings the linked account's new transactions in (`transactions/sync` from the stored cursor):
 * added ones stored like statement entries, each once; modified pending ones the bank has booked
 * become Posted; removed ones not yet matched are deleted; then the platform's matching runs and
 * the cursor is kept for next time.
 */
export async function syncAccount(
  ctx: OperationContext,
  provider: BankDataProvider,
  input: { accountId: string },
): Promise<SyncResult> {
  const caller = requireCaller(ctx);
  const account = await bankAccountFor(ctx.db, caller, input.accountId);
  const [link] = await ctx.db.query('SELECT * FROM bank_link WHERE bank_id = $1', [account.id]);
  if (!link) throw validationError('The account is not linked: link it with the bank first');
  const token = await accessTokenOf(ctx, ctx.db, link);
  let page;
  try {
    page = await provider.syncTransactions(token, (link.cursor as string | null) ?? null);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db.query('UPDATE bank_link SET last_error = $2 WHERE bank_id = $1', [
      account.id,
      message.slice(0, 500),
    ]);
    if (error instanceof ProviderError)
      throw validationError(`The bank-data provider refused: ${error.message} (${error.code})`);
    throw error;
  }
  const mine = (t: { accountId: string }) => t.accountId === link.provider_account_id;
  const write = writeOf(ctx, 'syncBankAccount');
  const result = await ctx.db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const changed = [...page.added, ...page.modified].filter(mine);
    const stored = await storeEntries(
      tx,
      account,
      changed.map((t) => t.entry),
      { source: 'provider', importId: null, write, where: (i) => `transaction ${changed[i]!.transactionId}` },
    );
    let removed = 0;
    for (const id of page.removed) {
      const [gone] = await tx.query(
        `SELECT id FROM "transaction" WHERE "bankId" = $1 AND "_dedupe_key" = $2 AND NOT "_deleted"
           AND coalesce(reconciliation_status, 'Unmatched') = 'Unmatched' AND transaction_status = 'Pending'`,
        [account.id, `ref:${id}`],
      );
      if (!gone) continue;
      await deleteRow(tx, 'Transaction', String(gone.id), write);
      removed += 1;
    }
    const fresh = [...stored.created, ...stored.posted];
    const matched = (await matchNewCredits(ctx, tx, fresh)) + (await matchNewDebits(ctx, tx, fresh));
    await tx.query(
      'UPDATE bank_link SET cursor = $2, last_synced_at = $3, last_error = NULL WHERE bank_id = $1',
      [account.id, page.nextCursor, nowOf(ctx).toISOString()],
    );
    return {
      created: stored.created.length,
      duplicates: stored.duplicates,
      posted: stored.posted.length,
      removed,
      matched,
      warnings: stored.warnings,
      ids: stored.created,
    };
  });
  for (const id of result.ids) await publishChange(ctx.db, { model: 'Transaction', kind: 'create', id });
  const { ids: _ids, ...summary } = result;
  return summary;
}

/**
 * The scheduled sync of every linked account (docs/architecture.md, “Scheduled jobs”), as the
 * platform: one account's failure is recorded on its link (`last_error`) and the others go on.
 * Idempotent: each transaction comes in once, from the stored cursor.
 */
export async function syncLinkedAccounts(
  ctx: Omit<OperationContext, 'caller'>,
  provider: BankDataProvider,
): Promise<{ synced: number; failed: number; created: number }> {
  const links = await ctx.db.query<{ bank_id: string }>('SELECT bank_id FROM bank_link ORDER BY bank_id');
  let synced = 0;
  let failed = 0;
  let created = 0;
  for (const { bank_id } of links) {
    try {
      created += (await syncAccount(asPlatform({ ...ctx, caller: null }), provider, { accountId: bank_id }))
        .created;
      synced += 1;
    } catch (error) {
      failed += 1;
      console.error(`Bank sync of account ${bank_id} failed`, error);
    }
  }
  return { synced, failed, created };
}
