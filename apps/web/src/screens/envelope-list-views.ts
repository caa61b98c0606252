import type { EnvelopeListView } from '../entity/envelope-list-api.ts';
import { AREAS } from '../shared/areas.ts';

/**
 * The envelopes list's views (docs/business-rules.md, “Dashboards”), chosen by chips and kept in
 * the address as `?view=`: the two work queues of envelopes, as the server counts them, and every
 * envelope.
 */
export interface EnvelopeViewDef {
  readonly view: EnvelopeListView;
  readonly label: string;
  /** What the view holds, said when it holds nothing. */
  readonly empty: string;
}

export const ENVELOPE_VIEWS: readonly EnvelopeViewDef[] = [
  {
    view: 'waiting',
    label: 'Out for signature',
    empty: 'No envelope is out for signature. A submitted request sends its documents to their signers.',
  },
  {
    view: 'expired',
    label: 'Expired, to send again',
    empty:
      'No expired envelope waits to be sent again: every expired one was replaced, its document is on the request, or its request was declined.',
  },
  {
    view: null,
    label: 'All',
    empty: 'No envelope was sent yet. A submitted request sends its documents to their signers.',
  },
];

/** The view an address names; an unknown or missing one is every envelope. */
export function envelopeViewOf(param: string | null): EnvelopeViewDef {
  return ENVELOPE_VIEWS.find((v) => v.view !== null && v.view === param) ?? ENVELOPE_VIEWS.at(-1)!;
}

/** The envelopes list's address for a view. */
export function envelopesLink(view: EnvelopeListView): string {
  const path = `${AREAS.admin.base}/envelopes`;
  return view ? `${path}?view=${view}` : path;
}

/** "Showing 50 of 120 envelopes", or all of them. */
export function shownText(shown: number, total: number): string {
  const noun = total === 1 ? 'envelope' : 'envelopes';
  return shown >= total ? `${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
}
