import { DOCUMENT_KINDS } from '@rf/domain';
import type { Row } from '../db/database.ts';
import { queryBinding, signCursor, verifyCursor } from '../data/cursor.ts';
import { SqlParams } from '../data/sql-params.ts';
import { ApiError, validationError } from '../http/errors.ts';
import { ENVELOPE_QUEUES, ENVELOPE_QUEUE_KEYS, type EnvelopeQueue } from '../esign/envelope-queues.ts';
import { envelopeViews, type EnvelopeView } from '../esign/read-envelopes.ts';
import { requireAdmin, type OperationContext } from './context.ts';

/** A page of the envelopes list: at most this many, 50 unless asked. */
export const ENVELOPE_PAGE = { default: 50, max: 200 } as const;

/** A request an envelope is for, as the list names it. */
export interface EnvelopeRequestRef {
  readonly id: string;
  readonly invoiceNumber: string | null;
  readonly status: string | null;
}

export interface EnvelopeListItem {
  readonly envelope: EnvelopeView;
  /** Its requests still on the platform, by invoice number. */
  readonly requests: readonly EnvelopeRequestRef[];
  /** The envelope sent in its place, if any. */
  readonly replacedBy: string | null;
}

export interface EnvelopeList {
  readonly items: readonly EnvelopeListItem[];
  /** How many envelopes the view holds in all, whatever the page. */
  readonly total: number;
  readonly nextToken: string | null;
}

/**
 * `listEnvelopes(view, limit, nextToken)` (administrators only): the e-signature envelopes across
 * requests (docs/business-rules.md, “Signing the financing documents”), oldest sent first, one page
 * at a time after the last (created_at, document, id) key with a signed cursor (docs/decisions/0008). `waiting`
 * and `expired` are the work queues' own conditions (envelope-queues.ts); no view is every envelope.
 */
export async function listEnvelopes(
  ctx: OperationContext,
  input: { view?: EnvelopeQueue | null; limit?: number | null; nextToken?: string | null },
): Promise<EnvelopeList> {
  const caller = requireAdmin(ctx, 'list the envelopes');
  const view = input.view ?? null;
  if (view !== null && !ENVELOPE_QUEUE_KEYS.includes(view))
    throw validationError(`view must be one of ${ENVELOPE_QUEUE_KEYS.join(', ')}`);
  const limit = input.limit ?? ENVELOPE_PAGE.default;
  if (!Number.isInteger(limit) || limit < 1) throw validationError('limit must be a positive whole number');
  if (limit > ENVELOPE_PAGE.max)
    throw new ApiError('LimitExceeded', `limit must be at most ${ENVELOPE_PAGE.max}`);
  const binding = queryBinding({ sub: caller.sub, model: 'esign_envelope', filter: view, sort: null });
  const position = input.nextToken ? verifyCursor(ctx.keys.secret, binding, input.nextToken) : null;

  const viewWhere: string[] = view ? [ENVELOPE_QUEUES[view]] : [];
  const params = new SqlParams();
  const where = [...viewWhere];
  // Made together (a submission's IPU and offer notice), they follow in the documents' order.
  const kindOrder = `array_position(${params.add(DOCUMENT_KINDS)}::text[], e.kind::text)`;
  if (position && 'after' in position) {
    const [kindAt, id] = position.after[1].split(' ');
    where.push(
      `(e.created_at, ${kindOrder}, e.id) > (${params.add(position.after[0])}::timestamptz, ${params.add(Number(kindAt))}::int, ${params.add(id ?? '')}::uuid)`,
    );
  }
  const clause = (w: readonly string[]) => (w.length ? `WHERE ${w.join(' AND ')}` : '');
  const [page, [counted]] = await Promise.all([
    // The key as text keeps the stored microseconds for the next page's start.
    ctx.db.query<{ id: string; key: string; kind_at: number } & Row>(
      `SELECT e.id, e.created_at::text AS key, ${kindOrder} AS kind_at FROM esign_envelope e ${clause(where)}
        ORDER BY e.created_at, kind_at, e.id LIMIT ${limit + 1}`,
      params.values,
    ),
    ctx.db.query<{ total: number | string } & Row>(
      `SELECT count(*)::int AS total FROM esign_envelope e ${clause(viewWhere)}`,
    ),
  ]);
  const shown = page.slice(0, limit);
  const ids = shown.map((r) => r.id);
  const [views, requests, replacements] = await Promise.all([
    envelopeViews(ctx.db, ids),
    ids.length
      ? ctx.db.query<
          {
            envelope_id: string;
            id: string;
            invoice_number: string | null;
            request_status: string | null;
          } & Row
        >(
          `SELECT er.envelope_id, r.id, r.invoice_number, r.request_status
             FROM esign_envelope_request er JOIN "request" r ON r.id = er.request_id
            WHERE er.envelope_id = ANY($1::uuid[]) AND NOT r."_deleted"
            ORDER BY r.invoice_number, r.id`,
          [ids],
        )
      : [],
    ids.length
      ? ctx.db.query<{ id: string; replaces: string } & Row>(
          'SELECT id, replaces FROM esign_envelope WHERE replaces = ANY($1::uuid[]) ORDER BY created_at, id',
          [ids],
        )
      : [],
  ]);
  const byId = new Map(views.map((v) => [v.id, v]));
  const items = ids.flatMap((id) => {
    const envelope = byId.get(id);
    if (!envelope) return [];
    return [
      {
        envelope,
        requests: requests
          .filter((r) => r.envelope_id === id)
          .map((r) => ({ id: r.id, invoiceNumber: r.invoice_number, status: r.request_status })),
        replacedBy: replacements.find((r) => r.replaces === id)?.id ?? null,
      },
    ];
  });
  const last = shown[shown.length - 1];
  const nextToken =
    page.length > limit && last
      ? signCursor(ctx.keys.secret, binding, { after: [last.key, `${last.kind_at} ${last.id}`] })
      : null;
  return { items, total: Number(counted?.total ?? 0), nextToken };
}
