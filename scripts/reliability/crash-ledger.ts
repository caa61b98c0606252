import { createHash } from 'node:crypto';
import { download, gqlData } from './api-client.ts';

/**
 * What the crash run's clients were told was done (acknowledged: the whole response arrived), and
 * what they sent without hearing back before the kill. After each restart `verifyLedger` checks
 * every acknowledged write against the server.
 */

interface TrackedRecord {
  /** The name the create sent (and was acknowledged with). */
  readonly name: string;
  /** The last acknowledged title and `_version`. */
  title: string | null;
  version: number;
  /** An update sent whose answer never came: it may or may not have committed. */
  pendingTitle: string | null;
}

export interface LedgerCounts {
  creates: number;
  updates: number;
  uploads: number;
  uploadBytes: number;
  /** Requests in flight when the server was killed (outcome unknown to the client). */
  unacknowledged: number;
  /** Of those, the creates and updates found committed after the restart. */
  unacknowledgedCommitted: number;
}

export interface Verification {
  readonly checkedRecords: number;
  readonly checkedFiles: number;
  /** Acknowledged writes or files missing or different: must stay empty. */
  readonly lost: string[];
}

export const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export class Ledger {
  readonly records = new Map<string, TrackedRecord>();
  readonly files = new Map<string, string>();
  /** Names of creates sent without an answer, found or not after the restart. */
  readonly pendingCreates = new Set<string>();
  readonly counts: LedgerCounts = {
    creates: 0,
    updates: 0,
    uploads: 0,
    uploadBytes: 0,
    unacknowledged: 0,
    unacknowledgedCommitted: 0,
  };

  created(id: string, name: string, version: number): void {
    this.records.set(id, { name, title: null, version, pendingTitle: null });
    this.counts.creates++;
  }

  updated(id: string, title: string, version: number): void {
    const record = this.records.get(id);
    if (!record) throw new Error(`update of an untracked record ${id}`);
    record.title = title;
    record.version = version;
    record.pendingTitle = null;
    this.counts.updates++;
  }

  uploaded(key: string, bytes: Uint8Array): void {
    this.files.set(key, sha256(bytes));
    this.counts.uploads++;
    this.counts.uploadBytes += bytes.length;
  }

  /** A write whose answer did not arrive; `pending` names what it would have made. */
  unanswered(pending: { createName?: string; update?: { id: string; title: string } }): void {
    this.counts.unacknowledged++;
    if (pending.createName) this.pendingCreates.add(pending.createName);
    if (pending.update) {
      const record = this.records.get(pending.update.id);
      if (record) record.pendingTitle = pending.update.title;
    }
  }
}

interface DirectorRow {
  id: string;
  director_name: string;
  director_jobtitle: string | null;
  _version: number;
}

async function allDirectors(url: string, token: string, supplierId: string): Promise<DirectorRow[]> {
  const rows: DirectorRow[] = [];
  let nextToken: string | null = null;
  do {
    const page: { listDirectors: { items: DirectorRow[]; nextToken: string | null } } = await gqlData(
      url,
      token,
      `query ($filter: ModelDirectorFilterInput, $next: String) {
         listDirectors(filter: $filter, limit: 1000, nextToken: $next) {
           items { id director_name director_jobtitle _version } nextToken } }`,
      { filter: { supplierId: { eq: supplierId } }, next: nextToken },
    );
    rows.push(...page.listDirectors.items);
    nextToken = page.listDirectors.nextToken;
  } while (nextToken);
  return rows;
}

/**
 * Reads every record and file back from the restarted server. An acknowledged create must be there
 * with its name; a record's title must be its last acknowledged one, or the one an unanswered
 * update sent (which then counts as committed and becomes the acknowledged state); every
 * acknowledged file must download with the same bytes.
 */
export async function verifyLedger(
  ledger: Ledger,
  server: { url: string; token: string; supplierId: string },
): Promise<Verification> {
  const lost: string[] = [];
  const found = new Map(
    (await allDirectors(server.url, server.token, server.supplierId)).map((r) => [r.id, r]),
  );
  const names = new Set([...found.values()].map((r) => r.director_name));
  for (const name of ledger.pendingCreates) if (names.has(name)) ledger.counts.unacknowledgedCommitted++;
  ledger.pendingCreates.clear();
  for (const [id, record] of ledger.records) {
    const row = found.get(id);
    if (!row) {
      lost.push(`record ${id} (${record.name}) is missing`);
      continue;
    }
    if (row.director_name !== record.name)
      lost.push(`record ${id}: name ${row.director_name}, not ${record.name}`);
    if (record.pendingTitle !== null && row.director_jobtitle === record.pendingTitle) {
      record.title = record.pendingTitle;
      record.version = row._version;
      ledger.counts.unacknowledgedCommitted++;
    } else if (row.director_jobtitle !== record.title || row._version !== record.version) {
      lost.push(
        `record ${id}: title ${row.director_jobtitle} v${row._version}, acknowledged ${record.title} v${record.version}`,
      );
    }
    record.pendingTitle = null;
  }
  for (const [key, digest] of ledger.files) {
    const bytes = await download(server.url, server.token, key);
    if (!bytes) lost.push(`file ${key} is missing`);
    else if (sha256(bytes) !== digest) lost.push(`file ${key} has other bytes`);
  }
  return { checkedRecords: ledger.records.size, checkedFiles: ledger.files.size, lost };
}
