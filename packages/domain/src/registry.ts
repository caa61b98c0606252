import { ENTITIES } from './entities/index.ts';
import { MODEL_NAMES, type EntityDef, type ModelName } from './entity.ts';
import type { FieldDef } from './fields.ts';

const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));

/** All entities, keyed by model name. */
export const REGISTRY: Readonly<Record<ModelName, EntityDef>> = Object.fromEntries(
  MODEL_NAMES.map((name) => {
    const entity = byName.get(name);
    if (!entity) throw new Error(`Entity ${name} is not declared`);
    return [name, entity];
  }),
) as Record<ModelName, EntityDef>;

/** The entity of a model name, or an error naming it. */
export function entityOf(name: string): EntityDef {
  const entity = byName.get(name);
  if (!entity) throw new Error(`Unknown model ${name}`);
  return entity;
}

export function isModelName(name: string): name is ModelName {
  return byName.has(name);
}

/** A field of a model, or undefined. */
export function fieldOf(model: ModelName, name: string): FieldDef | undefined {
  return REGISTRY[model].fieldsByName.get(name);
}

/** The declared entity of a model, with its field names as literal types. */
export type EntityOf<M extends ModelName> = Extract<(typeof ENTITIES)[number], { readonly name: M }>;

/**
 * A field name of a model, checked by the compiler: `FieldName<'Request'>` is the union of the
 * Request's declared fields and the common ones, so a misspelt name in a field list fails `tsc`.
 */
export type FieldName<M extends ModelName> = EntityOf<M>['allFields'][number]['name'];

/** A list of field names of one model, checked by the compiler (see FieldName). */
export const fieldNames = <M extends ModelName>(
  _model: M,
  names: readonly FieldName<M>[],
): readonly FieldName<M>[] => names;

/** The table name of a model in SQL. */
export function tableOf(model: ModelName): string {
  return model.toLowerCase();
}
