import type { ModelName } from '@rf/domain';
import type { Rng } from './prng.ts';
import type { SeedRow } from './insert.ts';
import type { Gap } from './history-time.ts';
import type { Actors, HistoryActor } from './history-actors.ts';
import {
  BANK_DECLINES,
  BUYER_DECLINES,
  COMPANY_APPROVAL_NOTES,
  COMPANY_DECLINES,
  FINANCIALS_DECLINES,
  LINE_APPROVAL_NOTES,
  LINE_REOPENS,
  PERSON_DECLINES,
  UBO_DECLINES,
} from './history-text.ts';

/** The moves that bring a demo record from its machine's initial state to its status (history.ts). */

export interface Step {
  readonly to: string;
  readonly by: HistoryActor;
  readonly comment?: string | null;
  /** Days after the move before (or the record's creation). */
  readonly gap: Gap;
}

const unexpected = (model: string, status: string): Error =>
  new Error(`No demo history leads a ${model} to ${status}`);

/** Companies: the owner submits the draft, the admin approves (or declines) it. */
export function companySteps(rng: Rng, actors: Actors, row: SeedRow, status: string): Step[] {
  const submit: Step = { to: 'Under Review', by: actors.ofGroup(row.userId), gap: [0, 3] };
  if (status === 'Draft') return [];
  if (status === 'Under Review') return [submit];
  if (status === 'Approved')
    return [
      submit,
      {
        to: 'Approved',
        by: actors.admin,
        comment: rng.chance(0.5) ? rng.pick(COMPANY_APPROVAL_NOTES) : null,
        gap: [1, 5],
      },
    ];
  if (status === 'Declined')
    return [submit, { to: 'Declined', by: actors.admin, comment: rng.pick(COMPANY_DECLINES), gap: [1, 5] }];
  throw unexpected('company', status);
}

const DECLINES: Partial<Record<ModelName, readonly string[]>> = {
  Director: PERSON_DECLINES,
  UBO: [...UBO_DECLINES, ...PERSON_DECLINES],
  Financials: FINANCIALS_DECLINES,
  Bank: BANK_DECLINES,
};

/**
 * Directors, UBOs, financial statements and bank accounts: the admin approves or declines them;
 * now and then one was declined first, corrected and resubmitted by its owner.
 */
export function reviewSteps(
  rng: Rng,
  actors: Actors,
  model: ModelName,
  row: SeedRow,
  status: string,
): Step[] {
  const decline = (): Step => ({
    to: 'Declined',
    by: actors.admin,
    comment: rng.pick(DECLINES[model] ?? PERSON_DECLINES),
    gap: [1, 5],
  });
  if (status === 'Under Review') return [];
  if (status === 'Declined') return [decline()];
  if (status !== 'Approved') throw unexpected(model, status);
  const approve: Step = { to: 'Approved', by: actors.admin, gap: [1, 4] };
  if (!rng.chance(0.15)) return [approve];
  return [decline(), { to: 'Under Review', by: actors.ofGroup(row.userId), gap: [1, 6] }, approve];
}

const grouped = (amount: unknown): string =>
  Number(amount).toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * Buyer lines: the broker (for the suppliers they introduced) or the admin submits the terms, the
 * line's investor or its SPV approves or declines them; some approved lines were reopened once.
 */
export function buyerSteps(rng: Rng, actors: Actors, row: SeedRow): Step[] {
  const status = String(row.buyer_status);
  const offer = (gap: Gap): Step => ({
    to: 'Investor Offer Pending',
    by: row.brokerId ? actors.ofParty(row.brokerId) : actors.admin,
    gap,
  });
  const decider = rng.chance(0.65) ? actors.ofParty(row.investorId) : actors.ofParty(row.spvId);
  if (status === 'Under Review') return [];
  if (status === 'Investor Offer Pending') return [offer([2, 10])];
  if (status === 'Declined')
    return [offer([2, 10]), { to: 'Declined', by: decider, comment: rng.pick(BUYER_DECLINES), gap: [3, 14] }];
  if (status !== 'Approved') throw unexpected('buyer line', status);
  const limit = `Limit ${String(row.buyer_currency)} ${grouped(row.buyer_loan_approved_amount)} approved`;
  const approve: Step = {
    to: 'Approved',
    by: decider,
    comment: rng.chance(0.6) ? `${limit}. ${rng.pick(LINE_APPROVAL_NOTES)}.` : null,
    gap: [3, 14],
  };
  if (!rng.chance(0.35)) return [offer([2, 10]), approve];
  return [
    offer([2, 10]),
    { to: 'Under Review', by: actors.admin, comment: rng.pick(LINE_REOPENS), gap: [2, 8] },
    offer([1, 5]),
    approve,
  ];
}
