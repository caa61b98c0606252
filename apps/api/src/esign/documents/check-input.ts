import { AMOUNT } from './amounts.ts';
import { isDay } from './dates.ts';
import type { DocumentInput } from './types.ts';

export const MAX_INVOICES = 50;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * What a document cannot be rendered without, every problem listed: a reference and an issue day,
 * named parties (an SPV and an investor for the offer notices), 1 to 50 invoices with their days,
 * currencies and amounts (purchase amount and date on each for the RAA), and signers with distinct
 * positions. Throws an Error naming them.
 */
export function checkDocumentInput(input: DocumentInput): void {
  const problems: string[] = [];
  if (!input.reference.trim()) problems.push('reference is empty');
  if (!isDay(input.issuedOn)) problems.push(`issuedOn "${input.issuedOn}" is not a day (YYYY-MM-DD)`);
  const parties = { supplier: input.supplier, buyer: input.buyer, spv: input.spv, investor: input.investor };
  const needed = input.kind === 'ipu' ? ['supplier', 'buyer'] : ['supplier', 'buyer', 'spv', 'investor'];
  for (const key of needed)
    if (!parties[key as keyof typeof parties]?.name.trim()) problems.push(`${key} has no name`);

  const count = input.invoices.length;
  if (count < 1 || count > MAX_INVOICES) problems.push(`${count} invoices (1 to ${MAX_INVOICES})`);
  input.invoices.forEach((invoice, i) => {
    const at = `invoice ${i + 1}`;
    if (!invoice.number.trim()) problems.push(`${at}: number is empty`);
    if (!isDay(invoice.date)) problems.push(`${at}: date "${invoice.date}" is not a day`);
    if (!isDay(invoice.dueDate)) problems.push(`${at}: dueDate "${invoice.dueDate}" is not a day`);
    if (!CURRENCY.test(invoice.currency))
      problems.push(`${at}: currency "${invoice.currency}" is not an ISO code`);
    if (!AMOUNT.test(invoice.faceValue))
      problems.push(`${at}: faceValue "${invoice.faceValue}" is not an amount`);
    if (input.kind !== 'raa_offer_notice') return;
    if (!AMOUNT.test(invoice.purchaseAmount ?? ''))
      problems.push(`${at}: purchaseAmount "${invoice.purchaseAmount ?? ''}" is not an amount`);
    if (!isDay(invoice.purchaseDate ?? ''))
      problems.push(`${at}: purchaseDate "${invoice.purchaseDate ?? ''}" is not a day`);
  });

  if (input.signers.length === 0) problems.push('no signers');
  const positions = input.signers.map((signer) => signer.position);
  if (new Set(positions).size !== positions.length)
    problems.push(`signer positions repeat: ${positions.join(', ')}`);
  for (const signer of input.signers) {
    if (!Number.isInteger(signer.position) || signer.position < 1)
      problems.push(`signer position ${signer.position} is not a whole number from 1`);
    if (!signer.name.trim() || !signer.role.trim())
      problems.push(`signer ${signer.position}: role and name are needed`);
  }

  if (problems.length) throw new Error(`Cannot render the document: ${problems.join('; ')}`);
}
