import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { REGISTRY } from '../registry.ts';
import { ROLES, type Role } from '../roles.ts';
import { ALL_OPERATIONS, LIFECYCLES, findMove, operationsFor } from './lifecycles.ts';
import type { LifecycleDecl } from './types.ts';

type Move = readonly [from: readonly string[], to: string, roles: readonly Role[]];

const OWNERS: readonly Role[] = ['Supplier', 'Broker', 'Investor', 'Spv'];
/** Director/UBO/Financials/Bank: "Under Review → Approved or Declined (admin); admin may reopen". */
const REVIEW: readonly Move[] = [
  [['Under Review'], 'Approved', ['Admin']],
  [['Under Review'], 'Declined', ['Admin']],
  [['Approved', 'Declined'], 'Under Review', ['Admin']],
  // Declined items are corrected and resubmitted by their owner.
  [['Declined'], 'Under Review', OWNERS],
];
/** Company onboarding: owner submits, admin decides. */
const COMPANY: readonly Move[] = [
  [['Draft', 'Declined'], 'Under Review', [...OWNERS, 'Admin']],
  [['Under Review'], 'Approved', ['Admin']],
  [['Under Review'], 'Declined', ['Admin']],
  [['Approved'], 'Under Review', ['Admin']],
];

/**
 * docs/business-rules.md, “Status moves, guards and effects” and
 * “Integrity of requests and lines”, written out by hand, so a lifecycle that drifts from the
 * rules fails here. Admin "sees and changes everything", so admin may also take the SPV's
 * bookkeeping step.
 */
const SPEC: Record<string, { initial: string; moves: readonly Move[] }> = {
  'Supplier.supplier_status': { initial: 'Draft', moves: COMPANY },
  'Investor.investor_status': { initial: 'Draft', moves: COMPANY },
  'Spv.spv_status': { initial: 'Draft', moves: COMPANY },
  'Broker.broker_status': { initial: 'Draft', moves: COMPANY },
  'Director.director_status': { initial: 'Under Review', moves: REVIEW },
  'UBO.ubo_status': { initial: 'Under Review', moves: REVIEW },
  'Bank.bank_status': { initial: 'Under Review', moves: REVIEW },
  'Financials.financials_status': { initial: 'Under Review', moves: REVIEW },
  'Buyer.buyer_status': {
    initial: 'Under Review',
    moves: [
      [['Under Review'], 'Investor Offer Pending', ['Admin', 'Broker']],
      [['Investor Offer Pending'], 'Approved', ['Admin', 'Investor', 'Spv']],
      [['Investor Offer Pending'], 'Declined', ['Admin', 'Investor', 'Spv']],
      [['Investor Offer Pending', 'Approved', 'Declined'], 'Under Review', ['Admin']],
    ],
  },
  'Request.request_status': {
    initial: 'Under Review',
    moves: [
      [['Under Review'], 'Documents Pending', ['Admin', 'Spv']],
      [['Documents Pending'], 'Under Review', ['Admin', 'Spv', 'Supplier']],
      [['Under Review', 'Documents Pending'], 'Approved', ['Admin', 'Investor', 'Spv']],
      [['Under Review', 'Documents Pending'], 'Declined', ['Admin', 'Investor', 'Spv', 'Supplier']],
      [['Approved'], 'Settled', ['Admin']],
    ],
  },
  'Bookkeeping.bookkeeping_status_admin': {
    initial: 'Open',
    moves: [
      [['Open'], 'Under Review', ['Admin']],
      [['Under Review'], 'Approved', ['Admin']],
    ],
  },
  'Bookkeeping.bookkeeping_status_spv': {
    initial: 'Open',
    moves: [[['Open'], 'Approved', ['Spv', 'Admin']]],
  },
  'Usergroup.group_status': {
    initial: 'Active',
    moves: [
      [['Pending'], 'Active', ['Admin']],
      [['Active'], 'Disabled', ['Admin']],
      [['Disabled'], 'Active', ['Admin']],
    ],
  },
  'Transaction.transaction_status': { initial: 'Pending', moves: [[['Pending'], 'Posted', ['Admin']]] },
  // docs/business-rules.md, “Credit insurance”.
  'Insurance.insurance_status': {
    initial: 'Active',
    moves: [
      [['Active'], 'Suspended', ['Admin']],
      [['Suspended'], 'Active', ['Admin']],
      [['Active', 'Suspended'], 'Cancelled', ['Admin']],
    ],
  },
};

const lifecycles = LIFECYCLES as readonly LifecycleDecl[];
const keyOf = (l: LifecycleDecl) => `${l.model}.${l.field}`;
const movesOf = (l: LifecycleDecl) =>
  ALL_OPERATIONS.filter((o) => o.model === l.model && o.field === l.field && o.to !== undefined);
const expand = (moves: readonly Move[]): string[] =>
  [
    ...new Set(
      moves.flatMap(([from, to, roles]) => from.flatMap((f) => roles.map((r) => `${f} → ${to} by ${r}`))),
    ),
  ].sort();

describe('lifecycles agree with the business rules', () => {
  it('cover exactly the status fields the rules list', () => {
    expect(lifecycles.map(keyOf).sort()).toEqual(Object.keys(SPEC).sort());
  });

  it.each(lifecycles.map((l) => [keyOf(l), l] as const))(
    '%s allows exactly the moves and roles of the rules',
    (key, l) => {
      const spec = SPEC[key]!;
      expect(l.initial).toBe(spec.initial);
      expect(expand(movesOf(l).map((o) => [o.from, o.to as string, o.roles] as const))).toEqual(
        expand(spec.moves),
      );
    },
  );

  it('asks for a reason on every decline by a decider, disable, reopening and admin action after a decision', () => {
    for (const o of ALL_OPERATIONS) {
      const needsReason =
        (o.to === 'Declined' && o.name !== 'withdrawRequest') ||
        o.to === 'Disabled' ||
        o.label === 'Reopen' ||
        [
          'changeLineLimit',
          'clearDuplicateFlag',
          'correctRequest',
          'suspendInsurance',
          'cancelInsurance',
        ].includes(o.name);
      expect(o.reason === 'required', o.name).toBe(needsReason);
    }
  });

  it('only use states the field declares, and every operation has its words', () => {
    for (const l of lifecycles) {
      const values = REGISTRY[l.model].fieldsByName.get(l.field)?.values ?? [];
      expect(values, keyOf(l)).toContain(l.initial);
      for (const s of Object.keys(l.states)) expect(values).toContain(s);
    }
    for (const o of ALL_OPERATIONS) {
      const values = REGISTRY[o.model].fieldsByName.get(o.field)?.values ?? [];
      for (const s of [...o.from, ...(o.to ? [o.to] : [])]) expect(values, o.name).toContain(s);
      expect(o.label && o.explain && o.confirm, o.name).toBeTruthy();
    }
  });

  it('Request settles only from Approved, by admin, and nothing moves it out of Settled or Declined', () => {
    const l = lifecycles.find((x) => keyOf(x) === 'Request.request_status')!;
    expect(
      movesOf(l)
        .filter((o) => o.to === 'Settled')
        .map((o) => [o.name, o.from, o.roles]),
    ).toEqual([['settleRequest', ['Approved'], ['Admin']]]);
    expect(
      ALL_OPERATIONS.filter(
        (o) => o.model === 'Request' && (o.from.includes('Settled') || o.from.includes('Declined')),
      ).map((o) => o.name),
    ).toEqual(['correctRequest']);
  });

  it('never offer a move that findMove refuses', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lifecycles),
        fc.constantFrom(...ROLES),
        fc.integer({ min: 0, max: 10 }),
        (l, role, pick) => {
          const states = REGISTRY[l.model].fieldsByName.get(l.field)?.values ?? [];
          const current = states[pick % states.length] ?? null;
          for (const o of operationsFor(l, current, role).filter((x) => x.to))
            expect(findMove(l, { current, to: o.to as string, role })).toHaveProperty('operation');
        },
      ),
    );
  });

  it('refuse a move naming what is allowed, and a role that may not make it', () => {
    const l = lifecycles.find((x) => keyOf(x) === 'Buyer.buyer_status')!;
    expect(findMove(l, { current: 'Under Review', to: 'Approved', role: 'Investor' })).toEqual({
      refusal: 'Buyer cannot move from Under Review to Approved; allowed: Investor Offer Pending',
    });
    expect(findMove(l, { current: 'Investor Offer Pending', to: 'Approved', role: 'Supplier' })).toEqual({
      refusal: 'A Supplier user cannot move a Buyer from Investor Offer Pending to Approved',
    });
  });
});
