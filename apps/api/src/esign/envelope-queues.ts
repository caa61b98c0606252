/**
 * The envelopes an administrator's work queues count and the envelopes list shows
 * (docs/business-rules.md, “Dashboards”): one WHERE condition per queue over `esign_envelope e`,
 * used by the dashboard's counts (insight/dashboard-queues.ts) and by `listEnvelopes`
 * (list-envelopes.ts), so the list holds exactly what the queue counts.
 */
export const ENVELOPE_QUEUES = {
  // Out for signature.
  waiting: `e.status = 'Sent'`,
  // Expired, not replaced by a new envelope, and its document still missing on a request not declined.
  expired: `e.status = 'Expired'
       AND NOT EXISTS (SELECT 1 FROM esign_envelope n WHERE n.replaces = e.id)
       AND EXISTS (SELECT 1 FROM esign_envelope_request er JOIN "request" r ON r.id = er.request_id
                    WHERE er.envelope_id = e.id AND NOT r."_deleted" AND r.request_status IS DISTINCT FROM 'Declined'
                      AND COALESCE(CASE e.kind WHEN 'ipu' THEN r.ipu_attachment
                                               WHEN 'offer_notice' THEN r.offer_notice_attachment
                                               ELSE r.raa_offer_notice_attachment END, '') = '')`,
} as const;

/** A queue of envelopes: `waiting` (out for signature) or `expired` (to send again). */
export type EnvelopeQueue = keyof typeof ENVELOPE_QUEUES;

export const ENVELOPE_QUEUE_KEYS = Object.keys(ENVELOPE_QUEUES) as EnvelopeQueue[];
