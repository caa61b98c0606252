import type { ModelName } from '@rf/domain/entity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql, type ApiRecord } from './graphql-client.ts';
import { selectionOf } from './queries.ts';

/**
 * One line of a record's status history
 * (docs/business-rules.md, “Status moves, guards and effects”), oldest first from the server.
 */
export interface StatusHistoryEntry {
  readonly field: string;
  readonly from: string | null;
  readonly to: string;
  readonly comment: string | null;
  readonly actorName: string | null;
  readonly actorRole: string;
  readonly changedAt: string;
  /** The declared operation that made the entry (`approveLine`); absent on older entries. */
  readonly operation?: string | null;
  /** For an action that keeps the state: each field it changed, [before, after]. */
  readonly changes?: Readonly<Record<string, readonly [unknown, unknown]>> | null;
}

export const STATUS_HISTORY =
  'query StatusHistory($model: String!, $id: ID!) { statusHistory(model: $model, id: $id) { field from to comment actorName actorRole changedAt operation changes } }';

/** A declared operation as the client runs it (docs/architecture.md, "Lifecycles"). */
export interface OperationCall {
  /** The operation's name, which is its mutation (`approveLine`). */
  readonly name: string;
  readonly model: ModelName;
  readonly id: string;
  readonly reason?: string | null;
  /** The operation's declared input fields, in the API's form. */
  readonly values?: Readonly<Record<string, unknown>> | null;
  readonly _version?: number | undefined;
}

const capitalise = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** `approveLine(input: ApproveLineInput!)` selecting the record the operation returns. */
export function operationMutation(name: string, model: ModelName): string {
  if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`Not an operation name: ${name}`);
  return `mutation Run${capitalise(name)}($input: ${capitalise(name)}Input!) { ${name}(input: $input) { ${selectionOf(model)} } }`;
}

/** The variables of an operation's mutation: id, version, reason and its fields; empty parts left out. */
export function operationVariables(call: OperationCall): { input: Record<string, unknown> } {
  const reason = call.reason?.trim();
  const values = Object.fromEntries(
    Object.entries(call.values ?? {}).filter(([, v]) => v !== null && v !== undefined && v !== ''),
  );
  return {
    input: {
      id: call.id,
      ...(typeof call._version === 'number' ? { _version: call._version } : {}),
      ...(reason ? { reason } : {}),
      ...values,
    },
  };
}

/** Runs a declared operation by its own mutation; resolves to the changed record. */
export async function runOperation(call: OperationCall): Promise<ApiRecord> {
  const data = await gql<Record<string, ApiRecord>>(
    operationMutation(call.name, call.model),
    operationVariables(call),
  );
  return data[call.name] as ApiRecord;
}

/** `changes` travels as AWSJSON: a JSON string, or already parsed. */
function parseChanges(raw: unknown): StatusHistoryEntry['changes'] {
  if (typeof raw === 'string') {
    try {
      return JSON.parse(raw) as StatusHistoryEntry['changes'];
    } catch {
      return null;
    }
  }
  return raw && typeof raw === 'object' ? (raw as StatusHistoryEntry['changes']) : null;
}

export async function statusHistory(model: ModelName, id: string): Promise<StatusHistoryEntry[]> {
  const data = await gql<{ statusHistory: StatusHistoryEntry[] }>(STATUS_HISTORY, { model, id });
  return (data.statusHistory ?? []).map((e) => ({ ...e, changes: parseChanges(e.changes) }));
}

/** Models whose lists and records change when an operation runs on `model` (approval opens bookkeeping). */
const AFFECTED: Partial<Record<ModelName, readonly ModelName[]>> = {
  Request: ['Bookkeeping', 'Buyer'],
  Bookkeeping: ['Request'],
  Buyer: ['Request'],
};

/** The history of one record; its key starts with the model, so refreshing the model refreshes it. */
export function useStatusHistory(model: ModelName, id: string | undefined) {
  return useQuery({
    queryKey: [model, 'history', id],
    enabled: Boolean(id),
    queryFn: () => statusHistory(model, id as string),
  });
}

/** An operation as a mutation that refreshes the record, its lists, its history and what depends on it. */
export function useRunOperation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runOperation,
    onSuccess: (record, call) => {
      if (record && typeof record === 'object' && record.id)
        client.setQueryData<ApiRecord | null>([call.model, 'get', record.id], (old) =>
          old ? { ...old, ...record } : record,
        );
      for (const m of [call.model, ...(AFFECTED[call.model] ?? [])])
        void client.invalidateQueries({ queryKey: [m] });
      // Operations post to the ledger (docs/business-rules.md, “Bookkeeping that posts”).
      void client.invalidateQueries({ queryKey: ['Ledger'] });
    },
  });
}
