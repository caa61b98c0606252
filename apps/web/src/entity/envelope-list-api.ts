import { useInfiniteQuery } from '@tanstack/react-query';
import { ENVELOPE_FIELDS, type Envelope } from './envelope-api.ts';
import { gql } from './graphql-client.ts';

/**
 * The administrators' envelopes across requests (`listEnvelopes`, docs/business-rules.md,
 * “Dashboards”): a work queue's envelopes (`waiting`, `expired`) or every one, oldest sent
 * first, a page at a time, with how many the view holds in all.
 */

/** The list's views as the server names them; null is every envelope. */
export type EnvelopeListView = 'waiting' | 'expired' | null;

export interface EnvelopeRequestRef {
  readonly id: string;
  readonly invoiceNumber: string | null;
  readonly status: string | null;
}

export interface EnvelopeListItem {
  readonly envelope: Envelope;
  /** Its requests still on the platform. */
  readonly requests: readonly EnvelopeRequestRef[];
  /** The envelope sent in its place, if any. */
  readonly replacedBy: string | null;
}

interface EnvelopePage {
  readonly items: readonly EnvelopeListItem[];
  readonly total: number;
  readonly nextToken: string | null;
}

export const ENVELOPE_LIST_PAGE = 50;

/**
 * Under the Request's key: an envelope step (useEnvelopeAction) or a request's change pushed live
 * reads the list again.
 */
export const envelopeListKey = (view: EnvelopeListView) => ['Request', 'envelopes', 'list', view] as const;

/** The view's envelopes, `ENVELOPE_LIST_PAGE` at a time ("Show more"). */
export function useEnvelopeList(view: EnvelopeListView) {
  return useInfiniteQuery({
    queryKey: envelopeListKey(view),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await gql<{ listEnvelopes: EnvelopePage }>(
          `query ListEnvelopes($view: EnvelopeView, $limit: Int, $nextToken: String) {
            listEnvelopes(view: $view, limit: $limit, nextToken: $nextToken) {
              items { envelope { ${ENVELOPE_FIELDS} } requests { id invoiceNumber status } replacedBy }
              total nextToken
            }
          }`,
          { view, limit: ENVELOPE_LIST_PAGE, nextToken: pageParam },
        )
      ).listEnvelopes,
    getNextPageParam: (last) => last.nextToken,
  });
}
