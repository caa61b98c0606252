import type { ModelName } from '../entity.ts';
import type { Role } from '../roles.ts';
import { BUYER_LINE } from './buyer-line.ts';
import { INSURANCE_POLICY } from './insurance-policy.ts';
import { BOOKKEEPING_ADMIN, BOOKKEEPING_SPV, MEMBERSHIP, TRANSACTION } from './operations-misc.ts';
import { REQUEST_LIFECYCLE } from './request.ts';
import { companyLifecycle, reviewLifecycle } from './reviews.ts';
import type { GuardInput, LifecycleDecl, OperationDecl } from './types.ts';

/**
 * Every lifecycle of the platform: one per status field
 * (docs/business-rules.md, “Status moves, guards and effects”).
 */
export const LIFECYCLES = [
  companyLifecycle('Supplier', 'supplier_status'),
  companyLifecycle('Investor', 'investor_status'),
  companyLifecycle('Spv', 'spv_status'),
  companyLifecycle('Broker', 'broker_status'),
  reviewLifecycle('Director', 'director_status'),
  reviewLifecycle('UBO', 'ubo_status'),
  reviewLifecycle('Bank', 'bank_status'),
  // Party financials; buyer financials keep the audit type in the same field
  // (docs/business-rules.md, “Buyer risk bands, score and grade”).
  reviewLifecycle('Financials', 'financials_status'),
  BUYER_LINE,
  REQUEST_LIFECYCLE,
  BOOKKEEPING_ADMIN,
  BOOKKEEPING_SPV,
  MEMBERSHIP,
  TRANSACTION,
  INSURANCE_POLICY,
] as const;

type AnyOperation = (typeof LIFECYCLES)[number]['operations'][number];

/** The name of every declared operation (`approveRequest`, `changeLineLimit`, …). */
export type OperationName = AnyOperation['name'];
/** The operations the server runs an effect for. */
export type EffectfulOperation = Extract<AnyOperation, { readonly effect: true }>['name'];

/** An operation with the lifecycle it belongs to. */
export interface DeclaredOperation extends OperationDecl<OperationName> {
  readonly model: ModelName;
  readonly field: string;
  /** The roles named in `who` (any relationship). */
  readonly roles: readonly Role[];
}

const OPERATIONS: ReadonlyMap<string, DeclaredOperation> = new Map(
  LIFECYCLES.flatMap((l) =>
    (l.operations as readonly OperationDecl<OperationName>[]).map((o) => {
      const op: DeclaredOperation = {
        ...o,
        model: l.model,
        field: l.field,
        roles: [...new Set(o.who.map((w) => w.role))],
      };
      return [o.name, op] as const;
    }),
  ),
);
if (OPERATIONS.size !== LIFECYCLES.reduce((n, l) => n + l.operations.length, 0))
  throw new Error('Two lifecycle operations share a name');

/** Every operation, in declaration order. */
export const ALL_OPERATIONS: readonly DeclaredOperation[] = [...OPERATIONS.values()];

/** The operation of a name, or undefined. */
export function operationOf(name: string): DeclaredOperation | undefined {
  return OPERATIONS.get(name);
}

/** The lifecycle of a status field, or undefined when the field has none. */
export function lifecycleOf(model: ModelName, field: string): LifecycleDecl | undefined {
  return LIFECYCLES.find((l) => l.model === model && l.field === field);
}

/** The status fields of a model that have a lifecycle. */
export function statusFieldsOf(model: ModelName): string[] {
  return LIFECYCLES.filter((l) => l.model === model).map((l) => l.field);
}

/** The operations of a lifecycle that run from `current` (its initial state when empty). */
export function operationsFrom(lifecycle: LifecycleDecl, current: string | null): DeclaredOperation[] {
  const from = current ?? lifecycle.initial;
  return ALL_OPERATIONS.filter(
    (o) => o.model === lifecycle.model && o.field === lifecycle.field && o.from.includes(from),
  );
}

/** The operations `role` may run from `current` (before its relationship to the record is checked). */
export function operationsFor(
  lifecycle: LifecycleDecl,
  current: string | null,
  role: Role,
): DeclaredOperation[] {
  return operationsFrom(lifecycle, current).filter((o) => o.roles.includes(role));
}

/**
 * The status move from `current` to `to` for `role` (the generic `changeStatus` entry point), or
 * the reason it is refused, naming what is allowed instead.
 */
export function findMove(
  lifecycle: LifecycleDecl,
  input: { current: string | null; to: string; role: Role },
): { operation: DeclaredOperation } | { refusal: string } {
  const from = input.current ?? lifecycle.initial;
  const moves = operationsFrom(lifecycle, input.current).filter((o) => o.to !== undefined);
  const candidates = moves.filter((o) => o.to === input.to);
  if (!candidates.length) {
    const allowed = [...new Set(moves.map((o) => o.to))];
    return {
      refusal: `${lifecycle.model} cannot move from ${from} to ${input.to}${allowed.length ? `; allowed: ${allowed.join(', ')}` : ''}`,
    };
  }
  const operation = candidates.find((o) => o.roles.includes(input.role));
  if (!operation)
    return {
      refusal: `${/^[AEIOU]/i.test(input.role) ? 'An' : 'A'} ${input.role} user cannot move a ${lifecycle.model} from ${from} to ${input.to}`,
    };
  return { operation };
}

/** The messages of the guards that do not hold, in declaration order. */
export function unmetGuards(operation: OperationDecl, c: GuardInput): string[] {
  return (operation.guards ?? [])
    .filter((g) => !g.holds(c))
    .map((g) => (typeof g.message === 'string' ? g.message : g.message(c)));
}

/** Nobody can move the record out of `state` (the screens say "cannot be undone"). */
export function isFinalState(lifecycle: LifecycleDecl, state: string): boolean {
  return !ALL_OPERATIONS.some(
    (o) =>
      o.model === lifecycle.model &&
      o.field === lifecycle.field &&
      o.to !== undefined &&
      o.from.includes(state),
  );
}
