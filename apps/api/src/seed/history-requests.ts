import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import type { Actors } from './history-actors.ts';
import type { Step } from './history-steps.ts';
import { msOfIso, DAY } from './history-time.ts';
import {
  DOCUMENT_ASKS,
  DOCUMENTS_RECEIVED,
  REQUEST_APPROVAL_NOTES,
  feesBooked,
  purchaseBooked,
  requestDecline,
  settledNote,
} from './history-text.ts';

/** The demo history of requests and their bookkeeping (history.ts). */

export interface RequestMoves {
  readonly steps: readonly Step[];
  /** The decision comes before this time (the payout, for funded requests). */
  readonly decideBy?: number;
  /**
   * The machine's "Settle" move (Approved → Settled, admin), made on the payback date by linking
   * the collection transaction that paid the request; timed apart from the other steps, which
   * all come before the payout.
   */
  readonly settle?: { readonly on: string; readonly step: Step };
}

/**
 * Requests: the admin or the SPV may ask for documents first; the line's investor, the SPV or the
 * admin approves (before the payout) or declines; the admin settles paid ones on their payback day.
 */
export function requestSteps(rng: Rng, actors: Actors, row: SeedRow): RequestMoves {
  const status = String(row.request_status);
  const decider = rng.weighted([
    [actors.ofParty(row.investorId), 5],
    [actors.ofParty(row.spvId), 3],
    [actors.admin, 2],
  ] as const);
  const docsBy = rng.chance(0.6) ? actors.admin : actors.ofParty(row.spvId);
  const ask: Step = { to: 'Documents Pending', by: docsBy, comment: rng.pick(DOCUMENT_ASKS), gap: [0, 2] };
  const back: Step = { to: 'Under Review', by: docsBy, comment: rng.pick(DOCUMENTS_RECEIVED), gap: [1, 3] };
  if (status === 'Under Review') return { steps: [] };
  if (status === 'Documents Pending') return { steps: [ask] };
  if (status === 'Declined') {
    const decline: Step = { to: 'Declined', by: decider, comment: requestDecline(rng, row), gap: [1, 4] };
    return {
      steps: rng.chance(0.25) ? [ask, decline] : [decline],
      decideBy: msOfIso(String(row.createdAt)) + 12 * DAY,
    };
  }
  if (status !== 'Approved' && status !== 'Settled')
    throw new Error(`No demo history leads a request to ${status}`);
  const approve: Step = {
    to: 'Approved',
    by: decider,
    comment: rng.chance(0.3) ? rng.pick(REQUEST_APPROVAL_NOTES) : null,
    gap: [0, 2],
  };
  const payout = typeof row.payout_date === 'string' ? row.payout_date : null;
  return {
    steps: rng.chance(0.3) ? [ask, back, approve] : [approve],
    decideBy: payout ? msOfIso(`${payout}T09:00:00.000Z`) : undefined,
    settle:
      status === 'Settled' && typeof row.payback_date === 'string'
        ? {
            on: row.payback_date,
            step: { to: 'Settled', by: actors.admin, comment: settledNote(row), gap: [0, 0] },
          }
        : undefined,
  };
}

/**
 * Bookkeeping: the admin books the fees, then approves; the SPV approves the purchase. Each of the
 * two status fields has its own moves.
 */
export function bookkeepingSteps(
  actors: Actors,
  row: SeedRow,
  request: SeedRow | undefined,
): [field: string, steps: Step[]][] {
  const booked: Step = {
    to: 'Under Review',
    by: actors.admin,
    comment: feesBooked(row, Boolean(request?.brokerId)),
    gap: [0, 2],
  };
  const admin = String(row.bookkeeping_status_admin);
  const adminSteps =
    admin === 'Open'
      ? []
      : admin === 'Under Review'
        ? [booked]
        : admin === 'Approved'
          ? [booked, { to: 'Approved', by: actors.admin, gap: [1, 4] } as const]
          : null;
  const spv = String(row.bookkeeping_status_spv);
  const spvSteps =
    spv === 'Open'
      ? []
      : spv === 'Approved'
        ? [
            {
              to: 'Approved',
              by: actors.ofParty(row.spvId ?? request?.spvId),
              comment: purchaseBooked,
              gap: [0, 2],
            } as const,
          ]
        : null;
  if (!adminSteps || !spvSteps) throw new Error(`No demo history leads bookkeeping to ${admin} / ${spv}`);
  return [
    ['bookkeeping_status_admin', adminSteps],
    ['bookkeeping_status_spv', spvSteps],
  ];
}
