import {
  REGISTRY,
  findMove,
  type Caller,
  type DeclaredOperation,
  type LifecycleDecl,
  type ModelName,
  type Relationship,
} from '@rf/domain';
import { relationshipRefusal } from '../operations/lifecycle/run-operation.ts';
import { ORGS } from './world.ts';

/**
 * What docs/business-rules.md, “Status moves, guards and effects” says of each status move (who
 * sees what: docs/business-rules.md, “Organisations, roles and who sees what”), written out by
 * hand for the generated transition matrix (operations/status-matrix.test.ts): who sees and
 * updates which record, and the outcome of one attempt.
 */
export const WHO = {
  Admin: { sub: 'admin', groupId: ORGS.admin, role: 'Admin' },
  Supplier: { sub: 'supplier', groupId: ORGS.supplier, role: 'Supplier' },
  Supplier2: { sub: 'supplier2', groupId: ORGS.supplier2, role: 'Supplier' },
  Investor: { sub: 'investor', groupId: ORGS.investor, role: 'Investor' },
  Investor2: { sub: 'investor2', groupId: ORGS.investor2, role: 'Investor' },
  Spv: { sub: 'spv', groupId: ORGS.spv, role: 'Spv' },
  Spv2: { sub: 'spv2', groupId: ORGS.spv2, role: 'Spv' },
  Broker: { sub: 'broker', groupId: ORGS.broker, role: 'Broker' },
  Broker2: { sub: 'broker2', groupId: ORGS.broker2, role: 'Broker' },
} as const satisfies Record<string, Caller>;
export type Who = keyof typeof WHO;
export const EVERYONE = Object.keys(WHO) as Who[];

export const LINE: readonly Who[] = ['Supplier', 'Broker', 'Investor', 'Spv'];
/**
 * Who, besides admin, reads each record of the matrix
 * (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
export const SEES: Record<string, readonly Who[]> = {
  Supplier: LINE,
  Investor: ['Investor'],
  Spv: ['Spv'],
  Broker: ['Broker'],
  Director: LINE,
  UBO: LINE,
  Financials: LINE,
  Bank: ['Investor'],
  Buyer: LINE,
  Request: LINE,
  Bookkeeping: ['Supplier', 'Investor', 'Spv'],
  Usergroup: ['Supplier', 'Broker'],
  Transaction: ['Investor'],
  // The policy on the buyer company of the line they fund.
  Insurance: ['Investor', 'Spv'],
};
/** How each party of the world relates to each record (the operations' `who`). */
const RELATED: Record<Relationship, Record<string, readonly Who[]>> = {
  owner: {
    Supplier: ['Supplier'],
    Investor: ['Investor'],
    Spv: ['Spv'],
    Broker: ['Broker'],
    Director: ['Supplier'],
    UBO: ['Supplier'],
    Financials: ['Supplier'],
    Bank: ['Investor'],
    Buyer: ['Supplier'],
    Request: ['Supplier'],
  },
  broker: {
    Supplier: ['Broker'],
    Director: ['Broker'],
    UBO: ['Broker'],
    Financials: ['Broker'],
    Buyer: ['Broker'],
    Request: ['Broker'],
  },
  lineInvestor: { Buyer: ['Investor'], Request: ['Investor'], Bookkeeping: ['Investor'] },
  lineSpv: { Buyer: ['Spv'], Request: ['Spv'], Bookkeeping: ['Spv'] },
};
/** Who, besides admin, may update it: its owner and the introducing broker (not bank data). */
export const UPDATES: Record<string, readonly Who[]> = {
  Supplier: ['Supplier', 'Broker'],
  Investor: ['Investor'],
  Spv: ['Spv'],
  Broker: ['Broker'],
  Director: ['Supplier', 'Broker'],
  UBO: ['Supplier', 'Broker'],
  Financials: ['Supplier', 'Broker'],
  Bank: ['Investor'],
};
/** The organisation owning each record, whose users are mailed. */
export const OWNER: Partial<Record<ModelName, keyof typeof ORGS>> = {
  Investor: 'investor',
  Bank: 'investor',
  Spv: 'spv',
  Broker: 'broker',
};
export const ownerEmail = (model: ModelName) => `owner@${OWNER[model] ?? 'supplier'}.test`;

export const ZERO_AMOUNTS = [
  'discount_fee_amount',
  'transaction_fee_amount',
  'broker_fee_amount',
  'spv_fee_amount',
  'invoice_purchase_amount',
];
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/**
 * Approvals pay out today, priced from a fixing four days before (the window of
 * docs/business-rules.md, “How a request is priced at approval”).
 */
export const PAYOUT = day(0);
export const FIXING_DATE = day(-4);
/** An approved request of the matrix was paid out a month ago and paid back five days ago. */
export const APPROVED_PAYOUT = day(-30);
export const PAID = day(-5);
export const APPROVAL = { buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '4.5' };

export type Outcome =
  | { allowed: true; operation: DeclaredOperation }
  | { allowed: false; why: string; errorType: string; message: (id: string) => string };

/** What the business rules (as the lifecycle declares them) and the visibility rules say of one attempt. */
export function outcome(m: LifecycleDecl, from: string, to: string, who: Who): Outcome {
  const refuse = (why: string, message: (id: string) => string, errorType = 'Unauthorized'): Outcome => ({
    allowed: false,
    why,
    errorType,
    message,
  });
  const role = WHO[who].role;
  if (role !== 'Admin' && !SEES[m.model]!.includes(who))
    return refuse('cannot see it', (id) => `${m.model} ${id} not found`);
  const found = findMove(m, { current: from, to, role });
  if ('refusal' in found)
    return refuse(
      found.refusal.includes(' user cannot ') ? 'role may not' : 'no such move',
      () => `Not allowed: ${found.refusal}`,
    );
  const { operation } = found;
  const actors = operation.who.filter((w) => w.role === role);
  const related = actors.some((w) => !w.as?.length || w.as.some((r) => RELATED[r][m.model]?.includes(who)));
  if (!related) return refuse('not related', () => relationshipRefusal(operation));
  return { allowed: true, operation };
}

export const statesOf = (m: LifecycleDecl): readonly string[] =>
  REGISTRY[m.model].fieldsByName.get(m.field)?.values ?? [];
export const keyOf = (m: LifecycleDecl) => `${m.model}.${m.field}`;
