import { useInfiniteQuery } from '@tanstack/react-query';
import { gql } from './graphql-client.ts';

/** One changed field of an audit event; values as the server keeps them, secrets masked. */
export interface AuditChange {
  readonly field: string;
  readonly old: unknown;
  readonly new: unknown;
}

/** One write, sign-in or sign-out (docs/architecture.md, “Audit trail”). */
export interface AuditEvent {
  readonly id: string;
  readonly at: string;
  readonly actorSub: string | null;
  readonly actorName: string | null;
  readonly actorGroupId: string | null;
  readonly actorRole: string | null;
  readonly address: string | null;
  readonly userAgent: string | null;
  readonly action: string;
  readonly model: string;
  readonly recordId: string | null;
  readonly ownerGroupId: string | null;
  readonly changes: readonly AuditChange[];
  readonly detail: string | null;
}

/** The admin's filters; each one given must hold. `from` and `to` are ISO moments, `to` exclusive. */
export interface AuditFilter {
  readonly userId?: string;
  readonly organisationId?: string;
  readonly model?: string;
  readonly recordId?: string;
  readonly from?: string;
  readonly to?: string;
}

export const AUDIT_EVENTS = `query AuditEvents($filter: AuditEventFilterInput, $limit: Int, $nextToken: String) {
  listAuditEvents(filter: $filter, limit: $limit, nextToken: $nextToken) {
    items { id at actorSub actorName actorGroupId actorRole address userAgent action model recordId ownerGroupId changes { field old new } detail }
    nextToken
  }
}`;

type Page = { items: AuditEvent[]; nextToken: string | null };

/** AWSJSON values arrive as JSON text. */
const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

export async function auditPage(filter: AuditFilter, limit: number, nextToken: string | null): Promise<Page> {
  const data = await gql<{ listAuditEvents: Page }>(AUDIT_EVENTS, { filter, limit, nextToken });
  return {
    nextToken: data.listAuditEvents.nextToken,
    items: data.listAuditEvents.items.map((e) => ({
      ...e,
      changes: e.changes.map((c) => ({ field: c.field, old: parsed(c.old), new: parsed(c.new) })),
    })),
  };
}

/**
 * The audit trail matching a filter, newest first, a page at a time ("Show more"). The key starts
 * with the model when the filter names one, so saving a record refreshes its trail.
 */
export function useAuditEvents(filter: AuditFilter, options: { enabled?: boolean; pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 50;
  return useInfiniteQuery({
    queryKey: [filter.model ?? 'audit', 'audit', filter, pageSize],
    enabled: options.enabled ?? true,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => auditPage(filter, pageSize, pageParam),
    getNextPageParam: (last) => last.nextToken,
  });
}
