import { findMove, lifecycleOf, statusFieldsOf, type ModelName } from '@rf/domain';
import type { Row } from '../db/database.ts';
import { unauthorized, validationError } from '../http/errors.ts';
import { requireCaller, type OperationContext } from './context.ts';
import { getRecord } from './get-record.ts';
import { runOperation } from './lifecycle/run-operation.ts';

export interface ChangeStatusInput {
  readonly model: ModelName;
  readonly id: string;
  /** The status field; may be left out when the model has one. */
  readonly field?: string | null;
  readonly to: string;
  readonly comment?: string | null;
  /** The fields the move asks for (its declared input, e.g. the approved limit of a buyer line). */
  readonly values?: Readonly<Record<string, unknown>> | null;
  readonly _version?: number | null;
  readonly idempotencyKey?: string | null;
}

/**
 * `changeStatus`: the generic entry point to the declared status moves
 * (docs/architecture.md, “Lifecycles”). It finds the move from the record's state to `to` that the caller's role may make
 * and runs it exactly as its named mutation (`approveRequest`, …) would.
 */
export async function changeStatus(ctx: OperationContext, input: ChangeStatusInput): Promise<Row> {
  const caller = requireCaller(ctx);
  const fields = statusFieldsOf(input.model);
  const field = input.field ?? (fields.length === 1 ? fields[0] : undefined);
  const lifecycle = field ? lifecycleOf(input.model, field) : undefined;
  if (!lifecycle || !field)
    throw validationError(`${input.model} has no status field ${input.field ?? ''}`.trim());
  const row = await getRecord(ctx, { model: input.model, id: input.id, fields: ['id', field] });
  if (!row) throw unauthorized(`${input.model} ${input.id} not found`);
  const found = findMove(lifecycle, {
    current: (row[field] as string | null) || null,
    to: input.to,
    role: caller.role,
  });
  if ('refusal' in found) throw unauthorized(`Not allowed: ${found.refusal}`);
  // The generic entry point takes a bag of values: each move uses the fields it declares.
  const declared = new Set((found.operation.input ?? []).map((i) => i.field.name));
  return runOperation(ctx, {
    name: found.operation.name,
    id: input.id,
    input: Object.fromEntries(Object.entries(input.values ?? {}).filter(([k]) => declared.has(k))),
    reason: input.comment ?? null,
    _version: input._version ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
  });
}
