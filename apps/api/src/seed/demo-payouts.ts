import { camt053Xml } from '../bank/camt-writer.ts';
import { importStatement } from '../bank/import-statement.ts';
import { exportPayouts, payoutInstructions } from '../bank/payout-exports.ts';
import { on, type DemoStage } from './demo-stage.ts';

/**
 * The payouts of the requests just approved or settled (docs/decisions/0012-demo-data-made-by-the-products-operations.md):
 * the administrator exports their instructions as a pain.001 file that afternoon, and the payer's
 * bank statement that evening shows each debit with its reference, which confirms it. An
 * instruction whose payer or supplier has no account in its currency stays pending, as it would.
 */
export async function playPayouts(
  s: DemoStage,
  requestIds: readonly string[],
  day: string,
  kind: 'advance' | 'rebate',
): Promise<void> {
  const admin = s.as('admin');
  const ctx = s.a.ctx(admin);
  const ready = (
    await Promise.all(
      requestIds.map((requestId) => payoutInstructions(ctx, { status: 'Pending', requestId })),
    )
  )
    .flat()
    .filter((i) => i.kind === kind && i.problems.length === 0 && i.debtorAccount);
  if (!ready.length || on(day, 19) > s.latest) return;
  s.then(on(day, 15));
  await exportPayouts(s.a.ctx(admin), {
    ids: ready.map((i) => i.id),
    format: 'pain.001.001.03',
    executionDate: day,
  });
  s.then(on(day, 19));
  const byAccount = new Map<string, typeof ready>();
  for (const i of ready)
    byAccount.set(i.debtorAccount!.id, [...(byAccount.get(i.debtorAccount!.id) ?? []), i]);
  for (const [bankId, paid] of byAccount) {
    const [account] = await s.a.db.query<{
      iban: string | null;
      bank_account_number: string | null;
      iso_currency_code: string;
    }>('SELECT iban, bank_account_number, iso_currency_code FROM "bank" WHERE id = $1', [bankId]);
    const xml = camt053Xml({
      messageId: `DEMO${paid[0]!.reference}`,
      createdAt: `${day}T19:00:00`,
      account: {
        iban: account!.iban,
        number: account!.bank_account_number,
        currency: account!.iso_currency_code,
      },
      entries: paid.map((i) => ({
        amount: `-${i.amount}`,
        currency: i.currency,
        bookingDate: day,
        bankReference: `BK${i.reference}`,
        endToEndId: i.reference,
        counterpartyName: i.creditorAccount?.name ?? i.supplierName,
        counterpartyIban: i.creditorAccount?.iban ?? null,
        remittance: `${kind === 'advance' ? 'Advance' : 'Reserve rebate'} invoice ${i.invoiceNumber ?? ''} ${i.reference}`,
      })),
    });
    await importStatement(s.a.ctx(admin), {
      bankId,
      file: Buffer.from(xml),
      fileName: `statement-${day}.xml`,
    });
  }
}
