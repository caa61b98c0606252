import { describe, expect, it } from 'vitest';
import {
  automaticMatch,
  mentionsInvoice,
  nameSimilarity,
  rankCandidates,
  type MatchCandidate,
} from './matching.ts';

const candidate = (
  invoiceNumber: string,
  open: bigint,
  buyerName = 'Keystone Trading Ltd',
): MatchCandidate => ({
  requestId: invoiceNumber,
  invoiceNumber,
  open,
  buyerName,
});

describe('matching a payment to open requests', () => {
  it('finds an invoice number as a word of its own, ignoring case, spaces and dashes inside it', () => {
    expect(mentionsInvoice('Payment inv-2026-001 thanks', 'INV-2026-001')).toBe(true);
    expect(mentionsInvoice('Payment INV 2026 001', 'INV-2026-001')).toBe(true);
    expect(mentionsInvoice('Payment INV-2026-0011', 'INV-2026-001')).toBe(false);
    expect(mentionsInvoice('XINV-2026-001', 'INV-2026-001')).toBe(false);
    expect(mentionsInvoice(null, 'INV-1')).toBe(false);
  });

  it('compares names without legal forms, accents and punctuation', () => {
    expect(nameSimilarity('KEYSTONE TRADING LIMITED', 'Keystone Trading Ltd')).toBe(1);
    expect(nameSimilarity('Müller Metall GmbH', 'Muller Metall AG')).toBe(1);
    expect(nameSimilarity('Keystone Foods', 'Keystone Trading')).toBeCloseTo(1 / 3);
    expect(nameSimilarity('', 'Keystone')).toBe(0);
  });

  it('ranks by invoice number, then equal amount, then name, with the reasons', () => {
    const ranked = rankCandidates(
      { amount: 150000n, remittance: 'INV-2 part', payerName: 'Keystone Trading' },
      [
        candidate('INV-1', 150000n),
        candidate('INV-2', 200000n),
        candidate('INV-3', 90000n, 'Other Buyer SA'),
      ],
    );
    expect(ranked.map((c) => c.invoiceNumber)).toEqual(['INV-2', 'INV-1', 'INV-3']);
    expect(ranked[0]!.reasons).toEqual([
      'invoice number INV-2 in the remittance information',
      "payer name 100 % like the buyer's",
    ]);
    expect(ranked[1]!.reasons).toEqual([
      'amount equals the open balance',
      "payer name 100 % like the buyer's",
    ]);
    expect(ranked[2]!.reasons).toEqual([]);
  });

  it('matches on its own only one candidate naming the invoice for its open balance', () => {
    const pay = (remittance: string, amount: bigint) => ({ amount, remittance, payerName: null });
    const open = [candidate('INV-1', 1000n), candidate('INV-2', 1000n)];
    expect(automaticMatch(rankCandidates(pay('INV-1', 1000n), open))?.invoiceNumber).toBe('INV-1');
    // A short payment, two invoices named, or none named: the administrator decides.
    expect(automaticMatch(rankCandidates(pay('INV-1', 999n), open))).toBeNull();
    expect(automaticMatch(rankCandidates(pay('INV-1 INV-2', 1000n), open))).toBeNull();
    expect(automaticMatch(rankCandidates(pay('March', 1000n), open))).toBeNull();
  });
});
