import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { loadOrganisation } from '../organisations/organisation.ts';
import { usersOfOrganisation } from '../organisations/organisation-users.ts';
import type { CrmCompany, CrmProvider } from './crm-provider.ts';
import type { LeadStage } from '@rf/domain';

/**
 * Pushes to the external CRM (docs/architecture.md, “CRM”): a change that calls for one writes a
 * `crm_push` row in its own transaction (a lead applied or was invited, an organisation was
 * onboarded); the crm-sync job delivers them after commit. A push is claimed for five minutes
 * before it is sent, so two replicas never send it at once; a failure is tried again after a
 * pause that grows with each attempt, at most MAX_ATTEMPTS times. The request that made the change
 * never waits for the CRM nor fails because of it.
 */

const MAX_ATTEMPTS = 8;
const BATCH = 25;

export type CrmSubject = 'lead' | 'organisation';

export async function queueCrmPush(
  tx: Queryable,
  subject: CrmSubject,
  subjectId: string,
  at: Date,
): Promise<void> {
  await tx.query('INSERT INTO crm_push (id, subject, subject_id, created_at) VALUES ($1, $2, $3, $4)', [
    randomUUID(),
    subject,
    subjectId,
    at.toISOString(),
  ]);
}

const COMPANY_TABLES = [
  ['supplier', 'supplier_status'],
  ['investor', 'investor_status'],
  ['spv', 'spv_status'],
  ['broker', 'broker_status'],
] as const;

/**
 * Queues a push of every organisation whose company record is Approved (onboarded) and that was
 * never pushed as onboarded; answers how many. Run by the crm-sync job when a CRM is configured.
 */
export async function queueOnboardedOrganisations(db: Queryable, at: Date): Promise<number> {
  const approved = COMPANY_TABLES.map(
    ([table, status]) =>
      `SELECT DISTINCT "userId" AS group_id FROM "${table}" WHERE ${status} = 'Approved' AND NOT "_deleted" AND "userId" IS NOT NULL`,
  ).join(' UNION ');
  const rows = await db.query<{ group_id: string }>(
    `SELECT a.group_id FROM (${approved}) a
      WHERE NOT EXISTS (SELECT 1 FROM crm_push p WHERE p.subject = 'organisation' AND p.subject_id = a.group_id)
        AND EXISTS (SELECT 1 FROM usergroup ug WHERE ug."groupId" = a.group_id AND NOT ug."_deleted")`,
  );
  for (const row of rows) await queueCrmPush(db, 'organisation', row.group_id, at);
  return rows.length;
}

async function externalId(db: Queryable, object: string, key: string): Promise<string | null> {
  const [row] = await db.query<{ external_id: string }>(
    'SELECT external_id FROM crm_external_id WHERE object = $1 AND local_key = $2',
    [object, key],
  );
  return row?.external_id ?? null;
}

async function keepExternalId(db: Queryable, object: string, key: string, id: string): Promise<void> {
  await db.query(
    `INSERT INTO crm_external_id (object, local_key, external_id) VALUES ($1, $2, $3)
     ON CONFLICT (object, local_key) DO UPDATE SET external_id = EXCLUDED.external_id`,
    [object, key, id],
  );
}

const LIFECYCLE: Record<LeadStage, CrmCompany['lifecycle']> = {
  New: 'lead',
  Contacted: 'lead',
  Lost: 'lead',
  Invited: 'opportunity',
  Onboarded: 'customer',
};

/** Pushes a company and its contacts, remembering their ids there under `key`. */
async function pushCompany(
  db: Queryable,
  provider: CrmProvider,
  company: CrmCompany,
  keys: { key: string; fallback?: string | null },
  contacts: { email: string; name: string; phone: string | null }[],
): Promise<void> {
  const known =
    (await externalId(db, 'company', keys.key)) ??
    (keys.fallback ? await externalId(db, 'company', keys.fallback) : null);
  const companyId = await provider.upsertCompany(company, known);
  await keepExternalId(db, 'company', keys.key, companyId);
  for (const contact of contacts) {
    const contactId = await provider.upsertContact(
      { ...contact, companyName: company.name, lifecycle: company.lifecycle },
      await externalId(db, 'contact', contact.email),
      companyId,
    );
    await keepExternalId(db, 'contact', contact.email, contactId);
  }
}

async function pushLead(db: Queryable, provider: CrmProvider, leadId: string): Promise<void> {
  const [lead] = await db.query<Record<string, string | null>>(
    `SELECT id, company, contact_name, email, phone, country, monthly_volume::text AS monthly_volume,
            currency, message, stage, group_id FROM lead WHERE id = $1`,
    [leadId],
  );
  if (!lead) return;
  const volume = `Expected monthly volume: ${lead.currency} ${lead.monthly_volume}.`;
  await pushCompany(
    db,
    provider,
    {
      name: String(lead.company),
      country: lead.country ?? null,
      phone: lead.phone ?? null,
      description: lead.message ? `${volume} ${lead.message}` : volume,
      lifecycle: LIFECYCLE[lead.stage as LeadStage],
    },
    lead.group_id
      ? { key: `organisation:${lead.group_id}`, fallback: `lead:${lead.id}` }
      : { key: `lead:${lead.id}` },
    [{ email: String(lead.email), name: String(lead.contact_name), phone: lead.phone ?? null }],
  );
}

async function pushOrganisation(db: Queryable, provider: CrmProvider, groupId: string): Promise<void> {
  const org = await loadOrganisation(db, groupId);
  const [lead] = await db.query<{ id: string; country: string }>(
    'SELECT id, country FROM lead WHERE group_id = $1 ORDER BY created_at LIMIT 1',
    [groupId],
  );
  const [record] = await db.query<{ country: string | null }>(
    COMPANY_TABLES.map(
      ([table]) =>
        `SELECT ${table}_country AS country FROM "${table}" WHERE "userId" = $1 AND NOT "_deleted" AND ${table}_country IS NOT NULL`,
    ).join(' UNION ALL ') + ' LIMIT 1',
    [groupId],
  );
  const users = (await usersOfOrganisation(db, groupId)).filter((u) => !u.disabled);
  await pushCompany(
    db,
    provider,
    {
      name: org.group_name ?? groupId,
      country: record?.country ?? lead?.country ?? null,
      phone: org.group_contact_phone,
      description: `${org.group_type} organisation onboarded on the platform.`,
      lifecycle: 'customer',
    },
    { key: `organisation:${groupId}`, fallback: lead ? `lead:${lead.id}` : null },
    users.map((u) => ({ email: u.email, name: u.name, phone: u.phone })),
  );
}

interface PushRow extends Record<string, unknown> {
  id: string;
  subject: CrmSubject;
  subject_id: string;
  attempts: number;
  created_at: string | Date;
}

/** Sends what is queued and unclaimed; answers how many were pushed. */
export async function deliverCrmPushes(
  db: Queryable,
  provider: CrmProvider,
  log: Pick<Console, 'error'> = console,
): Promise<number> {
  let pushed = 0;
  for (;;) {
    const claimed = await db.query<PushRow>(
      `UPDATE crm_push SET claimed_until = now() + interval '5 minutes', attempts = attempts + 1
        WHERE id IN (SELECT id FROM crm_push
                      WHERE pushed_at IS NULL AND attempts < ${MAX_ATTEMPTS}
                        AND (claimed_until IS NULL OR claimed_until < now())
                      ORDER BY created_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, subject, subject_id, attempts, created_at`,
    );
    if (!claimed.length) return pushed;
    const ordered = claimed.sort(
      (a, b) =>
        new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id),
    );
    for (const row of ordered) {
      try {
        if (row.subject === 'lead') await pushLead(db, provider, row.subject_id);
        else await pushOrganisation(db, provider, row.subject_id);
        await db.query('UPDATE crm_push SET pushed_at = now(), last_error = NULL WHERE id = $1', [row.id]);
        pushed += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log.error(`CRM push of ${row.subject} ${row.subject_id} failed (attempt ${row.attempts})`, message);
        await db.query(
          `UPDATE crm_push SET last_error = $2, claimed_until = now() + ($3 || ' minutes')::interval WHERE id = $1`,
          [row.id, message.slice(0, 2000), String(2 ** row.attempts)],
        );
      }
    }
    if (claimed.length < BATCH) return pushed;
  }
}
