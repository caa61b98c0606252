import { isUuid } from '@rf/domain';
import { envelopeViews, type EnvelopeView } from '../esign/read-envelopes.ts';
import { requireCaller, type OperationContext } from './context.ts';
import { getRecord } from './get-record.ts';

/**
 * `requestEnvelopes(requestId)`: every envelope of a request the caller may read (the request's
 * own access policy decides), with signers and audit events; nothing for a request it may not.
 */
export async function requestEnvelopes(ctx: OperationContext, requestId: unknown): Promise<EnvelopeView[]> {
  requireCaller(ctx);
  if (!isUuid(requestId)) return [];
  const visible = await getRecord(ctx, { model: 'Request', id: requestId, fields: ['id'] });
  if (!visible) return [];
  const ids = await ctx.db.query<{ envelope_id: string }>(
    'SELECT envelope_id FROM esign_envelope_request WHERE request_id = $1',
    [requestId],
  );
  return envelopeViews(
    ctx.db,
    ids.map((r) => r.envelope_id),
  );
}

/** Whether the caller may read an envelope: it may read one of its requests. */
export async function canReadEnvelope(ctx: OperationContext, envelopeId: string): Promise<boolean> {
  if (!isUuid(envelopeId)) return false;
  const ids = await ctx.db.query<{ request_id: string }>(
    'SELECT request_id FROM esign_envelope_request WHERE envelope_id = $1',
    [envelopeId],
  );
  for (const { request_id } of ids)
    if (await getRecord(ctx, { model: 'Request', id: request_id, fields: ['id'] })) return true;
  return false;
}
