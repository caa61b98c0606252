import { randomUUID } from 'node:crypto';
import {
  INVITABLE_STAGES,
  isUuid,
  manualMoves,
  type Caller,
  type LeadEvent,
  type LeadStage,
  type LeadView,
} from '@rf/domain';
import type { Queryable, SqlValue } from '../db/database.ts';
import { ApiError, unauthorized } from '../http/errors.ts';

export interface LeadRow extends Record<string, unknown> {
  id: string;
  company: string;
  contact_name: string;
  email: string;
  phone: string | null;
  country: string;
  monthly_volume: string;
  currency: string;
  message: string | null;
  stage: LeadStage;
  lost_reason: string | null;
  broker_group_id: string | null;
  broker_name: string | null;
  group_id: string | null;
  supplier_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (v: string | Date): string => (v instanceof Date ? v : new Date(v)).toISOString();

/** The columns of a lead with its broker's organisation name. */
export const LEAD_COLUMNS = `l.id, l.company, l.contact_name, l.email, l.phone, l.country,
  l.monthly_volume::text AS monthly_volume, l.currency, l.message, l.stage, l.lost_reason,
  l.broker_group_id, l.group_id, l.supplier_id::text AS supplier_id, l.created_at, l.updated_at,
  (SELECT ug.group_name FROM usergroup ug WHERE ug."groupId" = l.broker_group_id AND NOT ug."_deleted"
    ORDER BY ug."createdAt" LIMIT 1) AS broker_name`;

export function leadView(row: LeadRow): LeadView {
  return {
    id: row.id,
    company: row.company,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    country: row.country,
    monthlyVolume: row.monthly_volume,
    currency: row.currency,
    message: row.message,
    stage: row.stage,
    lostReason: row.lost_reason,
    brokerGroupId: row.broker_group_id,
    brokerName: row.broker_name,
    groupId: row.group_id,
    supplierId: row.supplier_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    moves: manualMoves(row.stage),
    canInvite: INVITABLE_STAGES.includes(row.stage),
  };
}

/**
 * Who works leads: administrators (every lead) and brokers (the leads their organisation owns);
 * anyone else is refused.
 */
export function requireLeadWorker(caller: Caller | null): Caller {
  if (!caller) throw unauthorized('Sign in first: send your identity token in the Authorization header.');
  if (caller.role !== 'Admin' && caller.role !== 'Broker')
    throw unauthorized('Only an administrator or a broker may work leads');
  if (caller.role === 'Broker' && !caller.groupId)
    throw unauthorized('Your account belongs to no broker organisation yet');
  return caller;
}

/** SQL limiting leads (alias `l`) to the caller's: all for an administrator, its own for a broker. */
export function leadScope(caller: Caller, params: SqlValue[]): string {
  if (caller.role === 'Admin') return 'TRUE';
  params.push(caller.groupId);
  return `l.broker_group_id = $${params.length}`;
}

/**
 * The lead, when the caller may work it; NotFound otherwise, whether it exists or not, so another
 * broker's lead cannot be told from no lead. `lock` takes its row lock for a change.
 */
export async function loadLead(
  db: Queryable,
  caller: Caller,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LeadRow> {
  const params: SqlValue[] = [id];
  const [row] = isUuid(id)
    ? await db.query<LeadRow>(
        `SELECT ${LEAD_COLUMNS} FROM lead l WHERE l.id = $1 AND ${leadScope(caller, params)}${
          options.lock ? ' FOR UPDATE OF l' : ''
        }`,
        params,
      )
    : [];
  if (!row) throw new ApiError('NotFound', `Lead ${id} not found`);
  return row;
}

export async function leadEvents(db: Queryable, leadId: string): Promise<LeadEvent[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, kind, from_stage, to_stage, note, actor, actor_name, at FROM lead_event
      WHERE lead_id = $1 ORDER BY at, id`,
    [leadId],
  );
  return rows.map((r) => ({
    id: String(r.id),
    kind: r.kind as LeadEvent['kind'],
    fromStage: (r.from_stage as LeadStage | null) ?? null,
    toStage: (r.to_stage as LeadStage | null) ?? null,
    note: (r.note as string | null) ?? null,
    actor: String(r.actor),
    actorName: (r.actor_name as string | null) ?? null,
    at: iso(r.at as string | Date),
  }));
}

/** Who an event names: the user, or the platform for what the server did itself. */
export interface LeadActor {
  readonly sub: string;
  readonly name: string | null;
}

export const PLATFORM_ACTOR: LeadActor = { sub: 'platform', name: 'Platform' };

export const actorOfLeadCaller = (caller: Caller): LeadActor => ({
  sub: caller.sub,
  name: caller.name ?? caller.email ?? null,
});

export async function recordLeadEvent(
  tx: Queryable,
  event: {
    leadId: string;
    kind: LeadEvent['kind'];
    from?: LeadStage | null;
    to?: LeadStage | null;
    note?: string | null;
    actor: LeadActor;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO lead_event (id, lead_id, kind, from_stage, to_stage, note, actor, actor_name, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      event.leadId,
      event.kind,
      event.from ?? null,
      event.to ?? null,
      event.note ?? null,
      event.actor.sub,
      event.actor.name,
      event.at.toISOString(),
    ],
  );
}
