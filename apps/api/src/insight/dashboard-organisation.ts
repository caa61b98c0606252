import { REGISTRY, statusFieldsOf, tableOf, type Caller, type DashboardOrganisation } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import { q } from '../db/schema-sql.ts';

/**
 * The caller's organisation as the dashboard names it: the title and status of its party record
 * (the newest of the role's model whose `userId` is the caller's group, as the web reads its
 * profile). With the figures in one answer, a dashboard's first screen waits for nothing else
 * (docs/architecture.md, “Web bundle and first load”), and a supplier not yet approved is sent to
 * its onboarding checklist from the same answer. Administrators have none.
 */
export async function organisationOf(db: Queryable, caller: Caller): Promise<DashboardOrganisation | null> {
  if (caller.role === 'Admin' || !caller.groupId) return null;
  const model = caller.role;
  const [status] = statusFieldsOf(model);
  const [row] = await db.query<{ name: string | null; status: string | null }>(
    `SELECT ${q(REGISTRY[model].titleField)}::text AS name, ${status ? q(status) : 'NULL'}::text AS status
       FROM ${q(tableOf(model))}
      WHERE "userId" = $1 AND NOT "_deleted"
      ORDER BY "createdAt" DESC, id DESC LIMIT 1`,
    [caller.groupId],
  );
  return row ? { name: row.name ?? '', status: row.status ?? '' } : null;
}
