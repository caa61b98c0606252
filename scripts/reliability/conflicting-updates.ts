import { RefusedError, gqlData } from './api-client.ts';

/**
 * Conflicting updates of one record through several API processes
 * (docs/reliability.md, “Concurrency”): each attempt reads the record's counter and `_version` from
 * one process and writes counter + 1 with that `_version` through another. Optimistic concurrency
 * (docs/decisions/0003-appsync-compatible-api.md) must apply each write on the version it read, or
 * refuse it with ConflictUnhandled: never two writes on one version (a lost update).
 */

export interface UpdateTarget {
  readonly urls: readonly string[];
  readonly token: string;
  /** A Supplier record; its trading name holds the counter. */
  readonly supplierId: string;
}

export interface UpdateResult {
  readonly attempts: number;
  readonly applied: number;
  /** Applied writes by the process that took them (the order of `urls`). */
  readonly appliedVia: number[];
  readonly conflicts: number;
  /** Refusals other than ConflictUnhandled, and failed requests: must stay empty. */
  readonly otherErrors: string[];
  /** Lost or out-of-order updates found: must stay empty. */
  readonly lost: string[];
  readonly finalVersion: number;
  readonly durationS: number;
}

interface Applied {
  readonly readVersion: number;
  readonly readValue: number;
  readonly newVersion: number;
  readonly newValue: number;
}

const FIELD = 'supplier_trading_name';
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function read(url: string, token: string, id: string): Promise<{ version: number; value: number }> {
  const data = await gqlData<{ getSupplier: { _version: number } & Record<string, string | null> }>(
    url,
    token,
    `query ($id: ID!) { getSupplier(id: $id) { _version ${FIELD} } }`,
    { id },
  );
  return { version: data.getSupplier._version, value: Number(data.getSupplier[FIELD] ?? '0') };
}

/** Runs `attempts` read-then-write cycles, `parallel` of them at any moment. */
export async function conflictingUpdates(
  target: UpdateTarget,
  attempts: number,
  parallel: number,
): Promise<UpdateResult> {
  const started = Date.now();
  const first = await read(target.urls[0]!, target.token, target.supplierId);
  const applied: Applied[] = [];
  const otherErrors: string[] = [];
  const appliedVia = target.urls.map(() => 0);
  let conflicts = 0;
  let next = 0;
  const cycle = async (): Promise<void> => {
    const seen = await read(pick(target.urls), target.token, target.supplierId);
    const via = Math.floor(Math.random() * target.urls.length);
    try {
      const data = await gqlData<{ updateSupplier: { _version: number } & Record<string, string> }>(
        target.urls[via]!,
        target.token,
        `mutation ($input: UpdateSupplierInput!) { updateSupplier(input: $input) { _version ${FIELD} } }`,
        { input: { id: target.supplierId, _version: seen.version, [FIELD]: String(seen.value + 1) } },
      );
      appliedVia[via]!++;
      applied.push({
        readVersion: seen.version,
        readValue: seen.value,
        newVersion: data.updateSupplier._version,
        newValue: Number(data.updateSupplier[FIELD]),
      });
    } catch (error) {
      if (error instanceof RefusedError && error.errorType === 'ConflictUnhandled') conflicts++;
      else otherErrors.push(String(error));
    }
  };
  const lane = async (): Promise<void> => {
    while (next < attempts) {
      next++;
      await cycle().catch((error: unknown) => void otherErrors.push(`read failed: ${String(error)}`));
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  const last = await read(target.urls[0]!, target.token, target.supplierId);
  const lost: string[] = [];
  const byVersion = new Map<number, Applied>();
  for (const a of applied) {
    if (a.readValue - first.value !== a.readVersion - first.version)
      lost.push(`read counter ${a.readValue} at version ${a.readVersion}: an earlier write is missing`);
    if (a.newVersion !== a.readVersion + 1 || a.newValue !== a.readValue + 1)
      lost.push(`write on v${a.readVersion} answered v${a.newVersion} with ${a.newValue}`);
    const twin = byVersion.get(a.newVersion);
    if (twin) lost.push(`two writes applied on version ${a.readVersion}: one of them is lost`);
    byVersion.set(a.newVersion, a);
  }
  if (last.version !== first.version + applied.length || last.value !== first.value + applied.length)
    lost.push(
      `final counter ${last.value} v${last.version}; ${applied.length} applied from ${first.value} v${first.version}`,
    );
  return {
    attempts,
    applied: applied.length,
    appliedVia,
    conflicts,
    otherErrors,
    lost,
    finalVersion: last.version,
    durationS: (Date.now() - started) / 1000,
  };
}
