import { SIGNING_LIMITS } from '@rf/domain';
import type { SeedRow } from './insert.ts';
import { addDays } from './dates.ts';
import { DAY, HOUR, MINUTE, ms, on, str } from './demo-stage.ts';
import type { DemoSigner } from './demo-signer.ts';
import { SIGNING_DECLINES } from './history-text.ts';
import type { Rng } from './prng.ts';

/**
 * Who signs a submission's and a purchase's documents, and when
 * (docs/business-rules.md, “Signing the financing documents”): what the demo's signers do with the
 * envelopes the operations sent, so that every state of an envelope shows somewhere.
 */

/** What became of the envelopes of a submission still under review. */
export type OpenFate = 'untouched' | 'part-signed' | 'declined by the buyer';
/** What becomes of a submission's envelopes when it is not the usual for its status. */
export type Fate = OpenFate | 'expired';

const EXPIRY_DAYS = SIGNING_LIMITS.envelopeDays;

/** A submission's key: its batch, or its only request. */
export const submissionKey = (first: SeedRow): string => str(first.batchId) || str(first.id);

/**
 * The fates of the submissions under review, newest first: nobody has signed the newest, the
 * buyer's signer has signed the next, and declined the one before (the rest alternate); the
 * newest keep their links valid longest on the running server. And the oldest declined
 * submission was not signed at all: its envelopes expired before it was declined or withdrawn.
 */
export function fates(requests: readonly SeedRow[], latest: number): Map<string, Fate> {
  const firsts = (status: string) => {
    const found = new Map<string, SeedRow>();
    for (const r of requests)
      if (r.request_status === status && !found.has(submissionKey(r))) found.set(submissionKey(r), r);
    return [...found.values()].sort((x, y) => ms(y.createdAt) - ms(x.createdAt));
  };
  const order: OpenFate[] = ['untouched', 'part-signed', 'declined by the buyer'];
  const out = new Map<string, Fate>(
    firsts('Under Review').map((r, i) => [submissionKey(r), order[i % 3] ?? 'untouched'] as const),
  );
  const oldest = firsts('Declined').at(-1);
  if (oldest && ms(oldest.createdAt) + (EXPIRY_DAYS + 2) * DAY < latest)
    out.set(submissionKey(oldest), 'expired');
  return out;
}

/**
 * Nobody signs a submission `created` at: the esign-sweep job reminds its pending signers every 3
 * days and expires its envelopes after 14. It runs as the job would at those times, and touches
 * nothing else (the load fails if it did).
 */
export async function letExpire(signer: DemoSigner, created: number): Promise<void> {
  const days: number[] = [];
  for (let day = SIGNING_LIMITS.remindEveryDays; day < EXPIRY_DAYS; day += SIGNING_LIMITS.remindEveryDays)
    days.push(day);
  for (const day of [...days, EXPIRY_DAYS]) {
    const done = await signer.sweep(created + day * DAY + 30 * MINUTE);
    const expected = day < EXPIRY_DAYS ? { expired: 0, reminded: 2 } : { expired: 2, reminded: 0 };
    if (done.expired !== expected.expired || done.reminded !== expected.reminded)
      throw new Error(`The sweep of day ${day} of an unsigned submission did ${JSON.stringify(done)}`);
  }
}

/** When the SPV approves a request's purchase (the bookkeeping step, demo-bookkeeping.ts). */
export const purchasedAt = (request: SeedRow): number => on(addDays(str(request.payout_date), 1), 15);

/**
 * The request whose RAA offer notice waits for the investor: the latest purchase of a single
 * invoice before the load, so its link stays valid longest on the running server.
 */
export function pendingRaa(requests: readonly SeedRow[], latest: number): string | null {
  const purchased = requests
    .filter(
      (r) => !r.batchId && r.bookkeeping_status_spv === 'Approved' && purchasedAt(r) + 2 * HOUR <= latest,
    )
    .sort((x, y) => purchasedAt(y) - purchasedAt(x));
  return purchased[0] ? str(purchased[0].id) : null;
}

/** The IPU, signed by the buyer's signer at `at` and then by the supplier, and the offer notice: both sealed. */
export async function signSubmission(signer: DemoSigner, requestId: string, at: number): Promise<void> {
  await signer.sign(requestId, 'ipu', at);
  await signer.sign(requestId, 'ipu', at + 90 * MINUTE);
  await signer.sign(requestId, 'offer_notice', at + 100 * MINUTE);
}

/**
 * A submission under review, `created` at: the supplier signs the offer notice within hours; the
 * buyer's signer opens the IPU the next day and declines it, or signs it (at the end of the load,
 * so the supplier's link stays queued for the server); an untouched one is left alone.
 */
export async function signOpenSubmission(
  signer: DemoSigner,
  rng: Rng,
  fate: OpenFate,
  requestId: string,
  created: number,
): Promise<void> {
  if (fate === 'untouched') return;
  await signer.sign(requestId, 'offer_notice', created + 2 * HOUR);
  if (fate === 'part-signed') await signer.signLast(requestId, 'ipu', created + DAY);
  else await signer.decline(requestId, 'ipu', created + DAY, rng.pick(SIGNING_DECLINES));
}

/**
 * The RAA offer notice's signatures after the purchase at `purchased`, as bookkeeping steps
 * (demo-bookkeeping.ts): the SPV officer who approved the purchase within the hour, the investor
 * the next morning, the second SPV officer after; or only the first officer, whose signature comes
 * at the end of the load so the investor's link stays queued for the server.
 */
export function raaSteps(
  signer: DemoSigner,
  requestId: string,
  purchased: number,
  pending: boolean,
): [number, () => Promise<unknown>][] {
  const first = purchased + HOUR;
  if (pending) return [[first, () => signer.signLast(requestId, 'raa_offer_notice', first)]];
  const next = purchased + 18 * HOUR + 30 * MINUTE;
  const last = purchased + 20 * HOUR;
  return [
    [first, () => signer.sign(requestId, 'raa_offer_notice', first)],
    [next, () => signer.sign(requestId, 'raa_offer_notice', next)],
    [last, () => signer.sign(requestId, 'raa_offer_notice', last)],
  ];
}
