import { randomUUID } from 'node:crypto';
import {
  isUuid,
  type Caller,
  LEAD_STAGES,
  refuseMove,
  type LeadStage,
  type LeadEvent,
  type LeadView,
} from '@rf/domain';
import type { Queryable, SqlValue } from '../db/database.ts';
import { nowOf, type OperationContext } from '../operations/context.ts';
import { queueCrmPush } from './crm-outbox.ts';
import { applicationSchema, listQuerySchema, noteSchema, parseInput, stageMoveSchema } from './lead-input.ts';
import { LeadInputError } from './lead-input.ts';
import {
  LEAD_COLUMNS,
  actorOfLeadCaller,
  leadEvents,
  leadScope,
  leadView,
  loadLead,
  recordLeadEvent,
  requireLeadWorker,
  type LeadRow,
} from './lead-store.ts';
import { markOnboardedLeads } from './onboarded-leads.ts';

/** What the CRM operations run with: an operation's context and whether pushes to a CRM are on. */
export interface CrmContext extends OperationContext {
  readonly pushToCrm: boolean;
}

/** The broker organisation a referral names, when it is an active broker's; else null. */
async function referringBroker(db: Queryable, ref: unknown): Promise<string | null> {
  if (typeof ref !== 'string' || !isUuid(ref.trim())) return null;
  const [row] = await db.query<{ groupId: string }>(
    `SELECT "groupId" FROM usergroup
      WHERE "groupId" = $1 AND group_type = 'Broker' AND group_status = 'Active' AND NOT "_deleted" LIMIT 1`,
    [ref.trim().toLowerCase()],
  );
  return row?.groupId ?? null;
}

/**
 * `POST /crm/leads`, the public "Apply for financing" form: a New lead, owned by the broker whose
 * referral link brought it. A filled honeypot (`website`) stores nothing and answers alike.
 */
export async function applyForFinancing(
  ctx: CrmContext,
  body: unknown,
): Promise<{ received: true; stored: boolean }> {
  const input = parseInput(applicationSchema, body);
  if (typeof input.website === 'string' ? input.website.trim() !== '' : input.website != null)
    return { received: true, stored: false };
  const broker = await referringBroker(ctx.db, input.ref);
  const at = nowOf(ctx);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO lead (id, company, contact_name, email, phone, country, monthly_volume, currency,
                         message, stage, broker_group_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'New', $10, $11, $11)`,
      [
        id,
        input.company,
        input.contactName,
        input.email,
        input.phone ?? null,
        input.country,
        input.monthlyVolume,
        input.currency,
        input.message ?? null,
        broker,
        at.toISOString(),
      ],
    );
    await recordLeadEvent(tx, {
      leadId: id,
      kind: 'created',
      to: 'New',
      note: broker ? 'Applied through a broker’s referral link' : 'Applied for financing',
      actor: { sub: 'applicant', name: input.contactName },
      at,
    });
    if (ctx.pushToCrm) await queueCrmPush(tx, 'lead', id, at);
  });
  return { received: true, stored: true };
}

export interface LeadList {
  readonly items: LeadView[];
  /** Leads the caller may see per stage, whatever the filter. */
  readonly counts: Readonly<Record<LeadStage, number>>;
  /** Leads matching the filter (the items are the newest 200 of them). */
  readonly total: number;
}

const LIST_LIMIT = 200;

/** `GET /crm/leads?stage=&search=`: the caller's leads, newest first, with counts per stage. */
export async function listLeads(ctx: CrmContext, query: unknown): Promise<LeadList> {
  const caller = requireLeadWorker(ctx.caller);
  const filter = parseInput(listQuerySchema, query);
  await markOnboardedLeads(ctx);
  const params: SqlValue[] = [];
  const scope = leadScope(caller, params);
  const countRows = await ctx.db.query<{ stage: LeadStage; n: string | number }>(
    `SELECT l.stage, count(*) AS n FROM lead l WHERE ${scope} GROUP BY l.stage`,
    params,
  );
  const counts = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as Record<LeadStage, number>;
  for (const row of countRows) counts[row.stage] = Number(row.n);
  const where = [scope];
  if (filter.stage) {
    params.push(filter.stage);
    where.push(`l.stage = $${params.length}`);
  }
  if (filter.search) {
    params.push(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(
      `(l.company ILIKE $${params.length} OR l.contact_name ILIKE $${params.length} OR l.email ILIKE $${params.length})`,
    );
  }
  const [total] = await ctx.db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM lead l WHERE ${where.join(' AND ')}`,
    params,
  );
  const rows = await ctx.db.query<LeadRow>(
    `SELECT ${LEAD_COLUMNS} FROM lead l WHERE ${where.join(' AND ')}
      ORDER BY l.created_at DESC, l.id DESC LIMIT ${LIST_LIMIT}`,
    params,
  );
  return { items: rows.map(leadView), counts, total: Number(total?.n ?? 0) };
}

export interface LeadDetail extends LeadView {
  readonly events: LeadEvent[];
}

/** `GET /crm/leads/:id`: the lead with its history, oldest first. */
export async function getLead(ctx: CrmContext, id: string): Promise<LeadDetail> {
  const caller = requireLeadWorker(ctx.caller);
  await markOnboardedLeads(ctx);
  const row = await loadLead(ctx.db, caller, id);
  return { ...leadView(row), events: await leadEvents(ctx.db, row.id) };
}

/** `PATCH /crm/leads/:id/stage`: an allowed move by hand, kept in the history with its note. */
export async function moveLeadStage(ctx: CrmContext, id: string, body: unknown): Promise<LeadDetail> {
  const caller = requireLeadWorker(ctx.caller);
  const input = parseInput(stageMoveSchema, body);
  const at = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const lead = await loadLead(tx, caller, id, { lock: true });
    const refusal = refuseMove(lead.stage, input.stage, input.reason ?? null);
    if (refusal) throw new LeadInputError({ stage: refusal });
    await tx.query(`UPDATE lead SET stage = $2, lost_reason = $3, updated_at = $4 WHERE id = $1`, [
      lead.id,
      input.stage,
      input.stage === 'Lost' ? (input.reason ?? null) : null,
      at.toISOString(),
    ]);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      kind: 'stage',
      from: lead.stage,
      to: input.stage,
      note: [input.reason, input.note].filter(Boolean).join(' — ') || null,
      actor: actorOfLeadCaller(caller),
      at,
    });
  });
  return getLead(ctx, id);
}

/** `POST /crm/leads/:id/notes`: a note in the lead's history. */
export async function addLeadNote(ctx: CrmContext, id: string, body: unknown): Promise<LeadDetail> {
  const caller: Caller = requireLeadWorker(ctx.caller);
  const input = parseInput(noteSchema, body);
  const at = nowOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const lead = await loadLead(tx, caller, id, { lock: true });
    await tx.query('UPDATE lead SET updated_at = $2 WHERE id = $1', [lead.id, at.toISOString()]);
    await recordLeadEvent(tx, {
      leadId: lead.id,
      kind: 'note',
      note: input.note,
      actor: actorOfLeadCaller(caller),
      at,
    });
  });
  return getLead(ctx, id);
}
