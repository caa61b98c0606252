/**
 * Which open requests a payment may pay, and how well each fits
 * (docs/business-rules.md, “Payments and reconciliation”): the invoice number in the remittance
 * information, the amount equal to the open balance, the payer's name close to the buyer's. Pure:
 * the server loads the candidates.
 */

/** Days around the booking date a candidate's due date may lie in: 45 before, 14 after. */
export const MATCH_WINDOW = { daysBefore: 45, daysAfter: 14 } as const;

export interface MatchPayment {
  /** Minor units, positive. */
  readonly amount: bigint;
  readonly remittance: string | null;
  readonly payerName: string | null;
}

export interface MatchCandidate {
  readonly requestId: string;
  readonly invoiceNumber: string | null;
  /** What is still unpaid, in minor units of the payment's currency. */
  readonly open: bigint;
  readonly buyerName: string | null;
}

export interface RankedCandidate extends MatchCandidate {
  readonly invoiceNumberFound: boolean;
  readonly amountEqual: boolean;
  /** 0 to 1: how many words of the names the two share. */
  readonly nameSimilarity: number;
  readonly score: number;
  /** Why it scores what it does, one line per criterion met. */
  readonly reasons: readonly string[];
}

const LEGAL_FORMS = new Set([
  'ltd',
  'limited',
  'plc',
  'llc',
  'inc',
  'corp',
  'co',
  'gmbh',
  'ag',
  'kg',
  'bv',
  'nv',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'ab',
  'as',
  'oy',
  'the',
  'and',
]);

/** A name's distinctive words, lower case, without legal forms and punctuation. */
export function nameWords(name: string | null): Set<string> {
  const words = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !LEGAL_FORMS.has(w));
  return new Set(words);
}

/** Shared words over all words of both names (Jaccard), 0 when either has none. */
export function nameSimilarity(a: string | null, b: string | null): number {
  const x = nameWords(a);
  const y = nameWords(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** The invoice number stands in the text as a word of its own (case and spacing ignored). */
export function mentionsInvoice(text: string | null, invoiceNumber: string | null): boolean {
  const number = (invoiceNumber ?? '').trim();
  if (!text || number.length < 2) return false;
  const escaped = number.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[\s-]+/g, '[\\s-]*');
  return new RegExp(`(^|[^A-Za-z0-9])${escaped}($|[^A-Za-z0-9])`, 'i').test(text);
}

/** Candidates best first: invoice number (3), equal amount (2), payer name (up to 1). */
export function rankCandidates(
  payment: MatchPayment,
  candidates: readonly MatchCandidate[],
): RankedCandidate[] {
  return candidates
    .map((c) => {
      const invoiceNumberFound = mentionsInvoice(payment.remittance, c.invoiceNumber);
      const amountEqual = payment.amount === c.open;
      const similarity = nameSimilarity(payment.payerName, c.buyerName);
      const reasons = [
        ...(invoiceNumberFound
          ? [`invoice number ${c.invoiceNumber ?? ''} in the remittance information`]
          : []),
        ...(amountEqual ? ['amount equals the open balance'] : []),
        ...(similarity > 0 ? [`payer name ${Math.round(similarity * 100)} % like the buyer's`] : []),
      ];
      return {
        ...c,
        invoiceNumberFound,
        amountEqual,
        nameSimilarity: similarity,
        score: (invoiceNumberFound ? 3 : 0) + (amountEqual ? 2 : 0) + similarity,
        reasons,
      };
    })
    .sort((a, b) => b.score - a.score || (a.invoiceNumber ?? '').localeCompare(b.invoiceNumber ?? ''));
}

/**
 * The request the platform may match on its own: exactly one candidate carries the invoice number,
 * and the payment equals its open balance. Otherwise null: the administrator decides.
 */
export function automaticMatch(ranked: readonly RankedCandidate[]): RankedCandidate | null {
  const named = ranked.filter((c) => c.invoiceNumberFound);
  return named.length === 1 && named[0]!.amountEqual ? named[0]! : null;
}
