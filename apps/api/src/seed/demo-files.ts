import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Queryable, SqlValue } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { sanitiseFileName } from '../files/file-key.ts';
import type { SeedRows } from './insert.ts';
import { planDemoFiles, type PlannedFile } from './demo-file-plan.ts';

/**
 * The demo data set's sample files, stored the way an upload stores them (upload-file.ts): bytes
 * in the file store under `<groupId>/<uuid>/<name>`, a row in `files` owned by the record's
 * organisation and uploaded by its demo user, and the key in the record's attachment field. Each
 * record gets its own file, so who may download it (canReadFile) is exactly who may read the record.
 */

/** Puts in flight at once; the folder store's work runs on libuv's threads while the database inserts. */
const CONCURRENCY = 16;

export interface DemoFile {
  readonly key: string;
  readonly file: PlannedFile;
  readonly owner: string;
  readonly uploadedBy: string;
  readonly createdAt: string;
}

/**
 * Plans the files of `rows` and writes each one's new key into its record's attachment field.
 * `uploaderOf` maps an organisation's group id to the user who uploads for it.
 */
export function assignDemoFiles(rows: SeedRows, uploaderOf: ReadonlyMap<string, string>): DemoFile[] {
  return planDemoFiles(rows).map((file) => {
    const owner = file.row.userId;
    const uploadedBy = typeof owner === 'string' ? uploaderOf.get(owner) : undefined;
    if (typeof owner !== 'string' || !uploadedBy) {
      throw new Error(`No demo user uploads for the owner of ${file.field} (${String(owner)})`);
    }
    const created = file.row.createdAt;
    const key = `${sanitiseFileName(owner, 100)}/${randomUUID()}/${sanitiseFileName(file.name, 150)}`;
    file.row[file.field] = key;
    return {
      key,
      file,
      owner,
      uploadedBy,
      createdAt: typeof created === 'string' ? created : new Date().toISOString(),
    };
  });
}

/**
 * Puts the files' bytes into the store, `CONCURRENCY` at a time. On a failure every put begun has
 * settled before it rejects, so a cleanup afterwards cannot be overtaken by a late write.
 */
export async function putDemoFiles(store: FileStore, files: readonly DemoFile[]): Promise<void> {
  for (let start = 0; start < files.length; start += CONCURRENCY) {
    const results = await Promise.allSettled(
      files
        .slice(start, start + CONCURRENCY)
        .map(({ key, file }) => store.put(key, Readable.from([file.bytes]), file.contentType)),
    );
    for (const r of results) if (r.status === 'rejected') throw r.reason;
  }
}

/** Best-effort removal of stored sample files (after a failed or lost seed). */
export async function removeDemoFiles(store: FileStore, files: readonly DemoFile[]): Promise<void> {
  await Promise.all(files.map(({ key }) => store.delete(key).catch(() => undefined)));
}

/** The `files` rows (migration 0003), one multi-row INSERT per 1,000 files. */
export async function insertDemoFileRecords(db: Queryable, files: readonly DemoFile[]): Promise<void> {
  for (let start = 0; start < files.length; start += 1000) {
    const params: SqlValue[] = [];
    const tuples = files.slice(start, start + 1000).map((r) => {
      const base = params.length;
      params.push(
        r.key,
        r.owner,
        r.uploadedBy,
        r.file.name,
        r.file.contentType,
        r.file.bytes.length,
        createHash('sha256').update(r.file.bytes).digest('hex'),
        r.createdAt,
      );
      return `(${Array.from({ length: 8 }, (_, i) => `$${base + i + 1}`).join(',')})`;
    });
    await db.query(
      `INSERT INTO files (key, owner_group_id, uploaded_by, original_name, content_type, size, sha256, created_at)
       VALUES ${tuples.join(',')}`,
      params,
    );
  }
}
