import { randomUUID } from 'node:crypto';
import { findMove, lifecycleOf, type ModelName } from '@rf/domain';
import type { Queryable, SqlValue } from '../db/database.ts';
import { Rng } from './prng.ts';
import type { SeedRow, SeedRows } from './insert.ts';
import { DAY, isoOf, msOfIso, officeTimeOn, schedule } from './history-time.ts';
import { buyerSteps, companySteps, reviewSteps, type Step } from './history-steps.ts';
import { bookkeepingSteps, requestSteps } from './history-requests.ts';
import type { Actors, HistoryActor } from './history-actors.ts';

/**
 * The status history of the demo data set (decisions §7): for every record whose status is not
 * its machine's initial one, the moves that brought it there (machines.ts), each by the demo user
 * whose role may make it (the owner submits, the admin reviews, the broker or admin submits line
 * terms, the line's investor or SPV decides), in order between the record's creation and now,
 * with the reason every decline and reopening needs. The scale seed (scale.ts) writes none.
 */

/** One row of `status_history` (migration 0004). */
export interface HistoryEntry {
  readonly model: ModelName;
  readonly recordId: string;
  readonly field: string;
  readonly from: string | null;
  readonly to: string;
  readonly comment: string | null;
  readonly actor: HistoryActor;
  readonly changedAt: string;
}

export interface HistoryPlan {
  /** The demo user of each organisation, by group id. */
  readonly actorOf: ReadonlyMap<string, HistoryActor>;
  readonly adminGroupId: string;
  /** Epoch milliseconds; the last moves happen before it. */
  readonly now: number;
}

const COMPANY_MODELS = ['Supplier', 'Investor', 'Spv', 'Broker'] as const;
const REVIEWED_MODELS = ['Director', 'UBO', 'Financials', 'Bank'] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * Plans the history of `rows` (before they are inserted) and sets the records' timestamps to fit
 * it: `updatedAt` becomes the last move; reviewed people, financials and bank accounts, which the
 * generators leave undated, get a creation date after their company's; a line created after its
 * first request is moved back before it. Uses its own PRNG, so the records' other values stay as
 * the generators drew them.
 */
export function planDemoHistory(rows: SeedRows, plan: HistoryPlan): HistoryEntry[] {
  const rng = new Rng('demo-history');
  const entries: HistoryEntry[] = [];
  const groupOfParty = new Map<string, string>();
  const createdOfGroup = new Map<string, number>();
  for (const model of COMPANY_MODELS)
    for (const row of rows[model] ?? []) {
      groupOfParty.set(String(row.id), String(row.userId));
      createdOfGroup.set(String(row.userId), msOfIso(String(row.createdAt)));
    }
  const ofGroup = (groupId: unknown): HistoryActor => {
    const actor = plan.actorOf.get(String(groupId));
    if (!actor) throw new Error(`No demo user acts for organisation ${String(groupId)}`);
    return actor;
  };
  const actors: Actors = {
    admin: ofGroup(plan.adminGroupId),
    ofGroup,
    ofParty: (partyId) => ofGroup(groupOfParty.get(String(partyId))),
  };

  /** Writes the moves of one status field of `row`, from its machine's initial state. */
  const record = (
    model: ModelName,
    row: SeedRow,
    field: string,
    steps: readonly Step[],
    options: { end?: number; draw?: Rng } = {},
  ) => {
    const machine = lifecycleOf(model, field);
    if (!machine) throw new Error(`${model}.${field} has no status machine`);
    if (!steps.length) return [];
    // Records the generators leave without an id get theirs now (insert.ts keeps a given one).
    if (typeof row.id !== 'string') row.id = randomUUID();
    const start = msOfIso(String(row.createdAt));
    const times = schedule(
      options.draw ?? rng,
      start,
      Math.min(options.end ?? plan.now, plan.now),
      steps.map((s) => s.gap),
    );
    let from = machine.initial;
    steps.forEach((step, i) => {
      entries.push({
        model,
        recordId: String(row.id),
        field,
        from,
        to: step.to,
        comment: step.comment ?? null,
        actor: step.by,
        changedAt: isoOf(times[i] ?? start),
      });
      from = step.to;
    });
    touch(row, times);
    return times;
  };

  for (const model of COMPANY_MODELS)
    for (const row of rows[model] ?? []) {
      const field = `${model.toLowerCase()}_status`;
      record(model, row, field, companySteps(rng, actors, row, String(row[field])));
    }

  for (const model of REVIEWED_MODELS)
    for (const row of rows[model] ?? []) {
      // Buyer financials keep the audit type in the status field (business-rules §2): no review.
      if (model === 'Financials' && row.buyerId) continue;
      const field = `${model.toLowerCase()}_status`;
      const status = String(row[field]);
      row.createdAt ??= isoOf(createdOfReviewed(rng, row, status, createdOfGroup, plan.now));
      record(model, row, field, reviewSteps(rng, actors, model, row, status));
    }

  const requests = rows.Request ?? [];
  const firstRequest = new Map<string, number>();
  for (const r of requests) {
    const at = msOfIso(String(r.createdAt));
    const buyerId = String(r.buyerId);
    firstRequest.set(buyerId, Math.min(at, firstRequest.get(buyerId) ?? at));
  }
  for (const row of rows.Buyer ?? []) {
    const first = firstRequest.get(String(row.id));
    // The line is approved before its first request comes in: a month or two before, at least.
    if (first !== undefined && first - 30 * DAY < msOfIso(String(row.createdAt)))
      row.createdAt = isoOf(Math.floor((first - rng.int(45, 75) * DAY) / DAY) * DAY + 10 * 3_600_000);
    record('Buyer', row, 'buyer_status', buyerSteps(rng, actors, row), {
      end: first && first - DAY,
    });
  }

  const approvedAt = new Map<string, number>();
  const batches = new Map<string, number>();
  for (const r of requests)
    if (str(r.batchId)) {
      const at = msOfIso(String(r.createdAt));
      batches.set(String(r.batchId), Math.min(at, batches.get(String(r.batchId)) ?? at));
    }
  for (const row of requests) {
    const batch = str(row.batchId);
    // A batch is decided at once: its invoices share their draws, moves and times.
    const draw = batch ? new Rng(`demo-history:${batch}`) : rng;
    if (batch) row.createdAt = isoOf(batches.get(batch) ?? msOfIso(String(row.createdAt)));
    const moves = requestSteps(draw, actors, row);
    const times = record('Request', row, 'request_status', moves.steps, { end: moves.decideBy, draw });
    const approval = moves.steps.findIndex((s) => s.to === 'Approved');
    if (approval >= 0 && times[approval] !== undefined) approvedAt.set(String(row.id), times[approval]);
    if (moves.settle) {
      const { on, step } = moves.settle;
      const lifecycle = lifecycleOf('Request', 'request_status');
      const move = lifecycle && findMove(lifecycle, { current: 'Approved', to: step.to, role: step.by.role });
      if (!move || 'refusal' in move) throw new Error(`The demo cannot settle request ${String(row.id)}`);
      const approved = approvedAt.get(String(row.id)) ?? msOfIso(String(row.createdAt));
      const paid = Math.max(officeTimeOn(draw, on), approved + 60 * 60_000);
      entries.push({
        model: 'Request',
        recordId: String(row.id),
        field: 'request_status',
        from: 'Approved',
        to: step.to,
        comment: step.comment ?? null,
        actor: step.by,
        changedAt: isoOf(paid),
      });
      touch(row, [paid]);
    }
  }

  const requestById = new Map(requests.map((r) => [String(r.id), r]));
  for (const row of rows.Bookkeeping ?? []) {
    const request = requestById.get(String(row.requestId));
    const approved = approvedAt.get(String(row.requestId));
    // Opened on the payout morning, or when the purchase was approved if that came later.
    const delay = rng.int(15, 90) * 60_000;
    if (approved !== undefined && approved >= msOfIso(String(row.createdAt)))
      row.createdAt = isoOf(approved + delay);
    for (const [field, steps] of bookkeepingSteps(actors, row, request))
      record('Bookkeeping', row, field, steps);
  }

  for (const row of rows.Usergroup ?? [])
    if (row.group_status !== lifecycleOf('Usergroup', 'group_status')?.initial)
      throw new Error(`No demo history for a ${String(row.group_status)} membership`);
  return entries;
}

/** `updatedAt` becomes the last move, as changeStatus sets it. */
function touch(row: SeedRow, times: readonly number[]): void {
  const last = times[times.length - 1];
  const updated = msOfIso(String(row.updatedAt ?? row.createdAt));
  if (last !== undefined && !(updated >= last)) row.updatedAt = isoOf(last);
}

/**
 * When an undated reviewed record was added: people and bank accounts with their company (those
 * still waiting for review lately), financial statements after their year's end.
 */
function createdOfReviewed(
  rng: Rng,
  row: SeedRow,
  status: string,
  createdOfGroup: ReadonlyMap<string, number>,
  now: number,
): number {
  const company = createdOfGroup.get(String(row.userId)) ?? now - 400 * DAY;
  const pending = status === 'Under Review';
  let at = pending ? now - rng.int(2, 20) * DAY : company + rng.int(0, 5) * DAY;
  const period = Number(row.financials_reporting_period);
  if (Number.isInteger(period) && period > 1900) {
    const published = msOfIso(`${period + 1}-03-01T00:00:00.000Z`) + rng.int(0, 60) * DAY;
    at = Math.max(company + DAY, pending ? Math.max(at, published) : published);
  }
  const latest = now - 2 * DAY;
  return Math.floor(Math.min(at, latest) / DAY) * DAY + rng.int(8 * 60, 18 * 60) * 60_000;
}

/** The rows of `status_history`, up to 1,000 in one multi-row INSERT. */
export async function insertStatusHistory(db: Queryable, entries: readonly HistoryEntry[]): Promise<void> {
  for (let start = 0; start < entries.length; start += 1000) {
    const params: SqlValue[] = [];
    const tuples = entries.slice(start, start + 1000).map((e) => {
      const base = params.length;
      params.push(
        e.model,
        e.recordId,
        e.field,
        e.from,
        e.to,
        e.comment,
        e.actor.sub,
        e.actor.name,
        e.actor.role,
        e.changedAt,
      );
      return `(${Array.from({ length: 10 }, (_, i) => `$${base + i + 1}`).join(',')})`;
    });
    await db.query(
      `INSERT INTO status_history (model, record_id, field, from_status, to_status, comment, actor_sub, actor_name, actor_role, changed_at)
       VALUES ${tuples.join(',')}`,
      params,
    );
  }
}
