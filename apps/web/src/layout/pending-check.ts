import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '../auth/session.ts';

export interface PendingOrganisation {
  readonly groupId: string;
  readonly name: string | null;
  readonly type: string | null;
}

/** The organisation's Pending membership, if any: a self-registered investor, SPV or broker awaiting approval. */
export function pendingOf(rows: readonly Readonly<Record<string, unknown>>[]): PendingOrganisation | null {
  const row = rows.find((r) => r.group_status === 'Pending');
  if (!row) return null;
  return {
    groupId: String(row.groupId ?? row.userId ?? ''),
    name: typeof row.group_name === 'string' ? row.group_name : null,
    type: typeof row.group_type === 'string' ? row.group_type : null,
  };
}

/** Whether `user` can be pending: one with no role group (role Supplier) in an organisation. */
export function mayBePending(user: SessionUser | null): boolean {
  return Boolean(user && user.groupId && user.role === 'Supplier');
}

/**
 * The check behind usePendingApproval, for `user` (also prefetched by the area route's loader, so it
 * runs while the area's chunks load): enabled only for a user who can be pending. It reads the
 * memberships with the Usergroup declaration alone, not the list queries with every entity's
 * fields: the supplier's first screen waits for it
 * (docs/architecture.md, “Web bundle and first load”).
 */
export function pendingApprovalQuery(user: SessionUser | null) {
  const groupId = user?.groupId ?? null;
  return queryOptions({
    queryKey: ['Usergroup', 'pending', groupId, user?.sub ?? null],
    enabled: mayBePending(user),
    staleTime: 30_000,
    queryFn: async () => {
      const [{ listPageOf }, { Usergroup }] = await Promise.all([
        import('../entity/list-query.ts'),
        import('@rf/domain/entities/usergroup'),
      ]);
      const page = await listPageOf(Usergroup, { filter: { groupId: { eq: groupId } }, limit: 50 });
      return pendingOf(page.items);
    },
  });
}
