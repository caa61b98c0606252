import type { Caller } from '@rf/domain';
import { camt053Xml } from '../bank/camt-writer.ts';
import { importStatement } from '../bank/import-statement.ts';
import type { SeedRow } from './insert.ts';
import { str, type DemoStage } from './demo-stage.ts';

/**
 * A planned bank movement brought in as the bank reports it (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * the account's owner imports a camt.053 statement holding it, as every bank's lines arrive. The
 * new transaction's id.
 */
export async function importBankLine(s: DemoStage, owner: Caller, t: SeedRow): Promise<string> {
  const outgoing = !t.recipientaccountId;
  const bankId = s.realId(outgoing ? t.senderaccountId : t.recipientaccountId);
  const [account] = await s.a.db.query<{
    iban: string | null;
    bank_account_number: string | null;
    iso_currency_code: string;
  }>('SELECT iban, bank_account_number, iso_currency_code FROM "bank" WHERE id = $1', [bankId]);
  if (!account) throw new Error(`No bank account ${bankId} for the planned movement ${str(t.id)}`);
  const date = str(t.transaction_date);
  const reference = `DEMO${str(t.id).replace(/-/g, '').slice(0, 24).toUpperCase()}`;
  const xml = camt053Xml({
    messageId: reference,
    createdAt: `${date}T18:00:00`,
    account: { iban: account.iban, number: account.bank_account_number, currency: account.iso_currency_code },
    entries: [
      {
        amount: str(t.transaction_source_amount),
        currency: str(t.transaction_source_currency),
        bookingDate: date,
        status: t.pending === true ? 'PDNG' : 'BOOK',
        bankReference: reference,
        counterpartyName: str(outgoing ? t.recipient_account_name : t.sender_account_name) || null,
        counterpartyIban: str(outgoing ? t.recipient_iban : t.sender_iban) || null,
        remittance: str(t.transaction_description) || null,
      },
    ],
  });
  const imported = await importStatement(s.a.ctx(owner), {
    bankId,
    file: Buffer.from(xml),
    fileName: `statement-${date}.xml`,
  });
  const [id] = imported.transactionIds;
  if (!id) throw new Error(`The statement of ${date} brought no new transaction for ${str(t.id)}`);
  s.remember(t.id, id);
  return id;
}
