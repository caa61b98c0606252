import type { ModelName } from '../entity.ts';
import { field as fieldDef, type FieldDef } from '../fields.ts';
import { REGISTRY, type FieldName } from '../registry.ts';
import type { Role } from '../roles.ts';
import type { Actor, InputField, Relationship } from './types.ts';

/** Shorthands for the lifecycle declarations. */

export const ADMIN: Actor = { role: 'Admin' };

/** A role acting on records it relates to in one of these ways. */
export const as = (role: Role, ...relationships: Relationship[]): Actor => ({ role, as: relationships });

/** The party roles acting on their own records (a broker also on its introduced suppliers'). */
export const OWNERS: readonly Actor[] = [
  as('Supplier', 'owner'),
  as('Broker', 'owner', 'broker'),
  as('Investor', 'owner'),
  as('Spv', 'owner'),
];

/** The funders of the record's buyer line. */
export const LINE_FUNDERS: readonly Actor[] = [as('Investor', 'lineInvestor'), as('Spv', 'lineSpv')];

/** A field of the model as an operation's input. */
export function ask<M extends ModelName>(model: M, name: FieldName<M>, required = false): InputField {
  const field = REGISTRY[model].fieldsByName.get(name);
  if (!field) throw new Error(`${model} has no field ${name}`);
  return { field, required };
}

/** An input that is not a field of the model. */
export const askOwn = (field: FieldDef, required = false): InputField => ({ field, required });

export { fieldDef };
