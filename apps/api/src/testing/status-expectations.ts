import { REGISTRY, type Caller, type ModelName, type StatusMachine, type Transition } from '@rf/domain';
import { ORGS } from './world.ts';

/**
 * What business-rules §2 and decisions §4 say of each status move, written out by hand for the
 * generated transition matrix (operations/status-matrix.test.ts): who sees and updates which
 * record, and the outcome of one attempt.
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
/** Who, besides admin, reads each record of the matrix (decisions §4). */
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
export const PAYOUT = '2026-03-09';
/** The booking date of the collection transaction that settles the world's request. */
export const PAID = '2026-03-20';
export const APPROVAL = { buyer_loan_approved_amount: '500000', buyer_loan_discount_fee: '4.5' };

export type Outcome =
  | { allowed: true; transition: Transition }
  | { allowed: false; why: string; errorType: string; message: (id: string) => string };

/** What business-rules §2 (as the machine holds it) and decisions §4 say of one attempt. */
export function outcome(m: StatusMachine, from: string, to: string, who: Who): Outcome {
  const refuse = (why: string, message: (id: string) => string, errorType = 'Unauthorized'): Outcome => ({
    allowed: false,
    why,
    errorType,
    message,
  });
  const role = WHO[who].role;
  if (role !== 'Admin' && !SEES[m.model]!.includes(who))
    return refuse('cannot see it', (id) => `${m.model} ${id} not found`);
  const leaving = m.transitions.filter((t) => t.from.includes(from));
  const candidates = leaving.filter((t) => t.to === to);
  if (!candidates.length) {
    const allowed = [...new Set(leaving.map((t) => t.to))];
    const tail = allowed.length ? `; allowed: ${allowed.join(', ')}` : '';
    return refuse('no such move', () => `Not allowed: ${m.model} cannot move from ${from} to ${to}${tail}`);
  }
  const transition = candidates.find((t) => t.roles.includes(role));
  if (!transition) {
    const article = /^[AEIOU]/.test(role) ? 'An' : 'A';
    return refuse(
      'role may not',
      () => `Not allowed: ${article} ${role} user cannot move a ${m.model} from ${from} to ${to}`,
    );
  }
  if (transition.ownersOnly && role !== 'Admin' && !UPDATES[m.model]?.includes(who))
    return refuse(
      'not the owner',
      () => `Not allowed to update this ${m.model}: it belongs to another organisation`,
    );
  return { allowed: true, transition };
}

export const statesOf = (m: StatusMachine): readonly string[] =>
  REGISTRY[m.model].fieldsByName.get(m.field)?.values ?? [];
export const keyOf = (m: StatusMachine) => `${m.model}.${m.field}`;
