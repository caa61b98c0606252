import type { DocumentKind } from '@rf/domain';
import type { Queryable } from '../db/database.ts';
import type { EnvelopeRow } from './envelope-rows.ts';
import { ENVELOPE_COLUMNS } from './envelope-rows.ts';
import { recordEnvelopeEvent, type StepClient } from './events.ts';
import type { SigningEnv } from './send-to-signer.ts';
import { stopEnvelope } from './stop-envelope.ts';

/**
 * Voids the envelopes still out for a request that no longer needs them
 * (docs/business-rules.md, “Signing the financing documents”): `whenAllDeclined` keeps a batch's
 * envelope while another of its invoices is still alive; `kinds` limits it to some documents (a
 * signed copy uploaded instead).
 */
export async function voidOpenEnvelopes(
  tx: Queryable,
  env: SigningEnv,
  input: {
    readonly requestId: string;
    readonly reason: string;
    readonly at: Date;
    readonly actor: string;
    readonly client?: StepClient | null;
    readonly kinds?: readonly DocumentKind[];
    readonly whenAllDeclined?: boolean;
  },
): Promise<void> {
  const open = await tx.query<EnvelopeRow>(
    `SELECT ${ENVELOPE_COLUMNS} FROM esign_envelope
      WHERE status = 'Sent' AND id IN (SELECT envelope_id FROM esign_envelope_request WHERE request_id = $1)
      ORDER BY created_at, id FOR UPDATE`,
    [input.requestId],
  );
  for (const envelope of open) {
    if (input.kinds && !input.kinds.includes(envelope.kind)) continue;
    if (input.whenAllDeclined) {
      const [alive] = await tx.query(
        `SELECT 1 FROM esign_envelope_request er JOIN "request" r ON r.id = er.request_id
          WHERE er.envelope_id = $1 AND r.id <> $2 AND NOT r."_deleted" AND r.request_status IS DISTINCT FROM 'Declined'`,
        [envelope.id, input.requestId],
      );
      if (alive) continue;
    }
    await stopEnvelope(tx, env, envelope, { status: 'Voided', at: input.at, reason: input.reason });
    await recordEnvelopeEvent(tx, {
      envelopeId: envelope.id,
      at: input.at,
      action: 'voided',
      actor: input.actor,
      client: input.client ?? null,
      detail: input.reason,
    });
  }
}
