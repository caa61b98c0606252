import type { Caller } from '@rf/domain';
import { submitRequests } from '../operations/submit-requests.ts';
import type { SeedRow } from './insert.ts';
import { DAY, HOUR, ms, on, str, type DemoStage } from './demo-stage.ts';
import type { DemoSigner } from './demo-signer.ts';
import { letExpire, signOpenSubmission, signSubmission, submissionKey, type Fate } from './demo-signing.ts';
import { playPayouts } from './demo-payouts.ts';
import { playBookkeeping, playSettlement } from './demo-bookkeeping.ts';
import { DOCUMENT_ASKS, REQUEST_APPROVAL_NOTES, UNSIGNED_DECLINE, requestDecline } from './history-text.ts';

/**
 * A supplier's submission (a single invoice or a batch) from its submission to its planned status
 * (docs/decisions/0012-demo-data-made-by-the-products-operations.md): the documents the submission
 * sends for signature signed (or not) by the buyer's signer and the supplier, then asked for
 * documents, declined, withdrawn, or approved by a funder and followed by its bookkeeping.
 */

export interface SubmissionCast {
  readonly me: Caller;
  readonly investor: Caller;
  readonly spv: Caller;
  readonly signer: DemoSigner;
  /** What becomes of the envelopes of submissions still under review, and of one declined. */
  readonly fates: ReadonlyMap<string, Fate>;
  /** The planned request whose RAA offer notice is left waiting for the investor. */
  readonly pendingRaa: string | null;
}

/** The `n`th submission of its line. */
export async function playSubmission(
  s: DemoStage,
  cast: SubmissionCast,
  invoices: readonly SeedRow[],
  n: number,
): Promise<void> {
  const first = invoices[0];
  if (!first) return;
  const { a, rng } = s;
  const { me, signer } = cast;
  const status = str(first.request_status);
  const reviewer = s.as('admin');
  const fate = cast.fates.get(submissionKey(first));
  if (fate === 'untouched') {
    // Submitted at its time, but last: the links it mails stay queued for the server to send.
    s.finale.push(async () => void (await submit(s, me, invoices)));
    return;
  }
  const ids = await submit(s, me, invoices);
  const created = s.clock.ms;
  const id = ids[0] ?? '';

  if (fate && fate !== 'expired') {
    await signOpenSubmission(signer, rng, fate, id, created);
    return;
  }
  if (status === 'Documents Pending') {
    s.then(created + DAY);
    for (const each of ids)
      await a.run(n % 2 ? reviewer : cast.spv, 'askForDocuments', each, {
        documents_requested: 'Packing list; Cargo insurance',
        documents_comment: rng.pick(DOCUMENT_ASKS),
      });
    // The documents are signed meanwhile: the request waits only for the ones asked for.
    await signSubmission(signer, id, created + DAY + 3 * HOUR);
    return;
  }
  if (status === 'Declined') {
    // Ending the request voids its envelopes still out; unless they expired unsigned before.
    if (fate === 'expired') {
      await letExpire(signer, created);
      s.then(s.clock.ms + DAY);
    } else s.then(created + 2 * DAY);
    const reason = fate === 'expired' ? UNSIGNED_DECLINE : requestDecline(rng, first);
    for (const each of ids)
      if (n % 2) await a.run(me, 'withdrawRequest', each);
      else await a.run(cast.investor, 'declineRequest', each, {}, reason);
    return;
  }
  if (status !== 'Approved' && status !== 'Settled') return;

  // The buyer's signer signs the IPU on the planned day, then the supplier signs it and the offer notice.
  await signSubmission(signer, id, on(str(first.invoice_ipu_signed), 10));

  // A funder approves on the payout date, which prices the request and opens its bookkeeping.
  const payout = str(first.payout_date);
  s.then(on(payout, 14));
  const approvedAt = s.clock.ms;
  const approver = n % 2 ? cast.spv : cast.investor;
  const note = rng.chance(0.5) ? rng.pick(REQUEST_APPROVAL_NOTES) : null;
  for (const each of ids) {
    s.clock.set(approvedAt);
    await a.run(approver, 'approveRequest', each, { payout_date: payout }, note);
  }
  for (const doc of s.rows.Document ?? [])
    if (invoices.some((r) => r.id === doc.requestId)) await s.create(me, 'Document', doc);

  // The advances go out that day: exported in a pain.001 file and confirmed by the payer's statement.
  await playPayouts(s, ids, payout, 'advance');
  await playBookkeeping(s, signer, cast.spv, invoices, ids, cast.pendingRaa);
  if (status === 'Settled') await playSettlement(s, invoices, ids);
}

/** `createRequest`, or `submitRequests` for a batch, at the planned time with the invoice files. */
async function submit(s: DemoStage, me: Caller, invoices: readonly SeedRow[]): Promise<string[]> {
  const first = invoices[0];
  if (!first) return [];
  s.startAt(ms(first.createdAt));
  const inputs: Record<string, unknown>[] = [];
  for (const r of invoices) inputs.push({ ...s.valuesOf('Request', r, me.role), ...(await s.upload(me, r)) });
  let ids: string[];
  if (invoices.length > 1) {
    const done = await submitRequests(s.a.ctx(me), {
      buyerId: s.realId(first.buyerId),
      requests: inputs.map(({ buyerId: _line, ...rest }) => rest),
    });
    s.clock.tick();
    ids = done.ids;
  } else ids = [String((await s.a.create(me, 'Request', inputs[0] ?? {})).id)];
  invoices.forEach((r, i) => s.remember(r.id, ids[i] ?? ''));
  return ids;
}
