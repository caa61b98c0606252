import { randomBytes, randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { funderOf, fromMinor, minorAmounts } from '@rf/domain';
import type { Queryable, Row } from '../db/database.ts';
import { pricedRequest } from '../ledger/request-postings.ts';

export type InstructionKind = 'advance' | 'rebate';

/** A reference a bank carries end to end: "RF" and 16 characters, unique (a database constraint). */
export const newInstructionReference = (kind: InstructionKind): string =>
  `RF${kind === 'advance' ? 'A' : 'R'}${randomBytes(10).toString('hex').toUpperCase().slice(0, 16)}`;

/**
 * A payment the platform asks a funder's bank to make to the supplier
 * (docs/business-rules.md, “Payments and reconciliation”), Pending until exported; once per request
 * and kind.
 */
export async function createInstruction(
  tx: Queryable,
  input: {
    requestId: string;
    kind: InstructionKind;
    amount: string;
    currency: string;
    payer: { model: 'Investor' | 'Spv'; id: string };
    at: Date;
  },
): Promise<string | null> {
  if (!new Decimal(input.amount).isPositive() || new Decimal(input.amount).isZero()) return null;
  const [made] = await tx.query<{ id: string }>(
    `INSERT INTO payout_instruction (id, reference, request_id, kind, amount, currency, payer_model, payer_id, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'Pending', $9)
     ON CONFLICT (request_id, kind) DO NOTHING RETURNING id`,
    [
      randomUUID(),
      newInstructionReference(input.kind),
      input.requestId,
      input.kind,
      input.amount,
      input.currency,
      input.payer.model,
      input.payer.id,
      input.at.toISOString(),
    ],
  );
  return made?.id ?? null;
}

/**
 * Approval's payout instruction: the purchase amount, from the funder's remittance account (the
 * line's investor, or its SPV when it names none) to the supplier's payout account.
 */
export async function instructAdvance(tx: Queryable, approved: Row, at: Date): Promise<string | null> {
  const r = pricedRequest(approved);
  const { purchase } = minorAmounts(r);
  const payer = funderOf(r);
  return createInstruction(tx, {
    requestId: String(approved.id),
    kind: 'advance',
    amount: fromMinor(purchase, r.currency),
    currency: r.currency,
    payer: { model: payer.model as 'Investor' | 'Spv', id: payer.id },
    at,
  });
}
