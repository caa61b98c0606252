import type { EnvelopeEvent } from '@rf/domain';
import type { Queryable } from '../db/database.ts';

/** Where a step came from: the signer's or the administrator's request; none for scheduled work. */
export interface StepClient {
  readonly address?: string | null;
  readonly userAgent?: string | null;
}

export interface EnvelopeEventWrite {
  readonly envelopeId: string;
  readonly signerId?: string | null;
  readonly at: Date;
  readonly action: EnvelopeEvent;
  /** Who took the step when not the signer: an administrator's name, or "Platform". */
  readonly actor?: string | null;
  readonly client?: StepClient | null;
  readonly detail?: string | null;
}

/**
 * One step of an envelope's audit trail
 * (docs/business-rules.md, “Signing the financing documents”), written in the step's transaction;
 * the table refuses changes and deletions.
 */
export async function recordEnvelopeEvent(tx: Queryable, event: EnvelopeEventWrite): Promise<void> {
  await tx.query(
    `INSERT INTO esign_event (envelope_id, signer_id, at, action, actor, address, user_agent, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      event.envelopeId,
      event.signerId ?? null,
      event.at.toISOString(),
      event.action,
      event.actor ?? null,
      event.client?.address ?? null,
      event.client?.userAgent?.slice(0, 500) ?? null,
      event.detail ?? null,
    ],
  );
}
