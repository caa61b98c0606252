import { LEAD_STAGES, type LeadEvent, type LeadStage, type LeadView } from '@rf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getIdToken, refreshTokens } from '../auth/session.ts';
import { RequestError } from '../shared/errors.ts';

/**
 * The CRM's leads for administrators and brokers (docs/architecture.md, “CRM”): the REST calls of
 * `/crm/leads` with the identity token, as typed TanStack Query hooks. Every figure shown comes
 * from the server (the monthly volume is its exact decimal string).
 */

/** The server's lead, stages and history entries (`@rf/domain`). */
export { LEAD_STAGES };
export type { LeadEvent, LeadStage };
export type Lead = LeadView;

export interface LeadDetail extends Lead {
  readonly events: readonly LeadEvent[];
}

export interface LeadList {
  readonly items: readonly Lead[];
  readonly counts: Readonly<Record<LeadStage, number>>;
  readonly total: number;
}

/** A refusal of the CRM routes, with each refused field's sentence. */
export class CrmRequestError extends RequestError {
  readonly fields: Readonly<Record<string, string>>;
  constructor(args: ConstructorParameters<typeof RequestError>[0] & { fields?: Record<string, string> }) {
    super(args);
    this.fields = args.fields ?? {};
  }
}

/** A call to the CRM routes with the token; once more with a fresh one when it had expired. */
export async function crmCall<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  const send = async (token: string | null) =>
    fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: token } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  let res = await send(await getIdToken());
  if (res.status === 401) {
    const next = await refreshTokens().catch(() => null);
    if (next) res = await send(next.idToken);
  }
  const answer = (await res.json().catch(() => null)) as {
    error?: string;
    message?: string;
    fields?: Record<string, string>;
  } | null;
  if (res.ok && answer) return answer as T;
  throw new CrmRequestError({
    message: answer?.message ?? `The CRM service answered ${res.status}; try again shortly.`,
    url: path,
    status: res.status,
    ...(answer?.error ? { code: answer.error } : {}),
    ...(answer?.fields ? { fields: answer.fields } : {}),
  });
}

const KEY = 'crm-leads';

export function useLeads(filter: { stage: LeadStage | null; search: string }) {
  const params = new URLSearchParams();
  if (filter.stage) params.set('stage', filter.stage);
  if (filter.search.trim()) params.set('search', filter.search.trim());
  const query = params.toString();
  return useQuery({
    queryKey: [KEY, 'list', filter.stage, filter.search.trim()],
    queryFn: () => crmCall<LeadList>('GET', `/crm/leads${query ? `?${query}` : ''}`),
    placeholderData: (previous) => previous,
    // New applications arrive from outside the app: the list is read again whenever it is opened.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function useLead(id: string) {
  return useQuery({
    queryKey: [KEY, 'lead', id],
    queryFn: () => crmCall<LeadDetail>('GET', `/crm/leads/${encodeURIComponent(id)}`),
    retry: (count, error) => !(error instanceof RequestError && error.status < 500) && count < 2,
  });
}

/** The changes of a lead; each answers the lead as it now is, which replaces the cached one. */
export function useLeadChanges(id: string) {
  const client = useQueryClient();
  const done = (lead: LeadDetail) => {
    client.setQueryData([KEY, 'lead', id], lead);
    void client.invalidateQueries({ queryKey: [KEY, 'list'] });
  };
  const path = `/crm/leads/${encodeURIComponent(id)}`;
  return {
    move: useMutation({
      mutationFn: (input: { stage: LeadStage; reason?: string; note?: string }) =>
        crmCall<LeadDetail>('PATCH', `${path}/stage`, input),
      onSuccess: done,
    }),
    note: useMutation({
      mutationFn: (note: string) => crmCall<LeadDetail>('POST', `${path}/notes`, { note }),
      onSuccess: done,
    }),
    invite: useMutation({
      mutationFn: () => crmCall<LeadDetail>('POST', `${path}/invite`, {}),
      onSuccess: done,
    }),
    assign: useMutation({
      mutationFn: (brokerGroupId: string | null) =>
        crmCall<LeadDetail>('PATCH', `${path}/broker`, { brokerGroupId }),
      onSuccess: done,
    }),
  };
}

export interface LeadBroker {
  readonly groupId: string;
  readonly name: string;
}

/** The active broker organisations a lead can be given to (administrators only). */
export function useLeadBrokers(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'brokers'],
    queryFn: () => crmCall<LeadBroker[]>('GET', '/crm/brokers'),
    enabled,
  });
}
