import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gqlData } from './api-client.ts';
import type { RunUser } from './run-database.ts';

/** The organisations and users a run makes before the first server starts. */
export interface RunParties {
  readonly adminGroupId: string;
  readonly supplierGroupId: string;
  readonly admin: RunUser;
  readonly supplier: RunUser;
}

export function runParties(label: string): RunParties {
  const adminGroupId = randomUUID();
  const supplierGroupId = randomUUID();
  return {
    adminGroupId,
    supplierGroupId,
    admin: { email: `${label}-admin@example.com`, groupId: adminGroupId, groups: ['Admin'] },
    supplier: { email: `${label}-supplier@example.com`, groupId: supplierGroupId, groups: [] },
  };
}

/** A fresh working folder for one run (data, logs) under the system's temporary folder. */
export const workFolder = (label: string): string => mkdtempSync(join(tmpdir(), `rf-${label}-`));

/** Creates, as admin, a party record (Supplier, Investor, Spv) owned by the given organisation. */
export async function createParty(
  server: { url: string; adminToken: string },
  model: 'Supplier' | 'Investor' | 'Spv',
  ownerGroupId: string,
  name: string,
): Promise<string> {
  const field = `${model.toLowerCase()}_name`;
  const data = await gqlData<Record<string, { id: string }>>(
    server.url,
    server.adminToken,
    `mutation ($input: Create${model}Input!) { create${model}(input: $input) { id } }`,
    { input: { userId: ownerGroupId, [field]: name } },
  );
  const created = data[`create${model}`];
  if (!created) throw new Error(`create${model} answered without a record`);
  return created.id;
}

/** Median and maximum of a list of durations, for the report. */
export function spread(values: readonly number[]): { min: number; median: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: sorted[Math.floor(sorted.length / 2)] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
  };
}
