import { z } from 'zod';
import { fieldSchema } from '../validation.ts';
import type { DeclaredOperation } from './lifecycles.ts';

const schemas = new Map<string, z.ZodObject<Record<string, z.ZodType>>>();

/**
 * The input an operation accepts, from the fields it declares: each field's own validator, required
 * ones present, nothing else. The server parses every call with it; the browser checks each field of
 * the operation's dialog with the same schema's entries.
 */
export function operationInputSchema(operation: DeclaredOperation): z.ZodObject<Record<string, z.ZodType>> {
  let schema = schemas.get(operation.name);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const { field, required } of operation.input ?? [])
      shape[field.name] = required ? fieldSchema(field) : fieldSchema(field).nullable().optional();
    schema = z.object(shape).strict();
    schemas.set(operation.name, schema);
  }
  return schema;
}
