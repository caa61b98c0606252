/**
 * A lead's pipeline (docs/business-rules.md, “CRM leads”): New → Contacted → Invited → Onboarded,
 * or Lost with a reason from any stage before Onboarded; a Lost lead can be reopened as New.
 * Invited and Onboarded are never chosen by hand: inviting the lead sets Invited, the supplier's
 * approval sets Onboarded.
 */

export const LEAD_STAGES = ['New', 'Contacted', 'Invited', 'Onboarded', 'Lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** The stages a person may move a lead to from each stage (PATCH /crm/leads/:id/stage). */
const MANUAL_MOVES: Readonly<Record<LeadStage, readonly LeadStage[]>> = {
  New: ['Contacted', 'Lost'],
  Contacted: ['Lost'],
  Invited: ['Lost'],
  Onboarded: [],
  Lost: ['New'],
};

/** The stages from which the lead may be invited as a supplier organisation. */
export const INVITABLE_STAGES: readonly LeadStage[] = ['New', 'Contacted'];

export const isLeadStage = (value: unknown): value is LeadStage =>
  typeof value === 'string' && (LEAD_STAGES as readonly string[]).includes(value);

export function manualMoves(from: LeadStage): readonly LeadStage[] {
  return MANUAL_MOVES[from];
}

/** Why a move by hand is refused, or null when it is allowed. */
export function refuseMove(from: LeadStage, to: LeadStage, reason: string | null): string | null {
  if (to === 'Invited')
    return 'A lead becomes Invited by inviting it as a supplier (POST /crm/leads/:id/invite)';
  if (to === 'Onboarded') return 'A lead becomes Onboarded when its supplier’s company is approved';
  if (!MANUAL_MOVES[from].includes(to))
    return `A lead cannot move from ${from} to ${to} (from ${from}: ${
      MANUAL_MOVES[from].join(' or ') || 'no move'
    })`;
  if (to === 'Lost' && !reason) return 'Say why the lead is lost: a reason is required';
  return null;
}

/** A lead as the CRM routes answer it (docs/business-rules.md, “CRM leads”). */
export interface LeadView {
  readonly id: string;
  readonly company: string;
  readonly contactName: string;
  readonly email: string;
  readonly phone: string | null;
  readonly country: string;
  /** Exact, with the currency's digits. */
  readonly monthlyVolume: string;
  readonly currency: string;
  readonly message: string | null;
  readonly stage: LeadStage;
  readonly lostReason: string | null;
  readonly brokerGroupId: string | null;
  readonly brokerName: string | null;
  /** The supplier organisation the lead was invited as, and its Supplier record. */
  readonly groupId: string | null;
  readonly supplierId: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** The stages the caller may move the lead to by hand. */
  readonly moves: readonly LeadStage[];
  /** Whether the caller may invite the lead as a supplier now. */
  readonly canInvite: boolean;
}

export interface LeadEvent {
  readonly id: string;
  readonly kind: 'created' | 'stage' | 'note' | 'invited' | 'assigned';
  readonly fromStage: LeadStage | null;
  readonly toStage: LeadStage | null;
  readonly note: string | null;
  readonly actor: string;
  readonly actorName: string | null;
  readonly at: string;
}
