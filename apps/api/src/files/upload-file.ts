import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Caller } from '@rf/domain';
import type { Database } from '../db/database.ts';
import { actorOfCaller, recordAuditEvent } from '../data/audit-trail.ts';
import type { RequestClient } from '../http/client.ts';
import { detectContentType, SNIFF_BYTES, unsupportedType } from './allowed-types.ts';
import { badUpload, fileTooLarge } from './file-errors.ts';
import { displayName, makeFileKey } from './file-key.ts';
import type { FileStore } from './file-store.ts';
import { insertFileRecord } from './files-table.ts';
import { readHead, UploadMeter } from './upload-stream.ts';

/** What an upload answers with. */
export interface UploadedFile {
  readonly key: string;
  readonly name: string;
  readonly size: number;
  readonly contentType: string;
}

export interface UploadFileInput {
  readonly db: Database;
  readonly store: FileStore;
  readonly caller: Caller;
  /** Where the upload came from, for the audit trail; absent for the demo seed's uploads. */
  readonly client?: RequestClient;
  /** When, for the audit trail: now unless the demo seed sets its clock's time. */
  readonly at?: Date;
  /** The client's file name (only used for the key, the CSV check and display). */
  readonly fileName: string;
  readonly source: Readable;
  readonly sizeLimit: number;
}

/**
 * Checks the type by content, streams the bytes to the store within the size limit, and records
 * the file, with its audit event in the same transaction (docs/architecture.md, “Audit trail”).
 * On any failure nothing stays in the store and no row is written.
 */
export async function uploadFile(input: UploadFileInput): Promise<UploadedFile> {
  const { db, store, caller, source, sizeLimit } = input;
  const name = displayName(input.fileName);
  const head = await readHead(source, SNIFF_BYTES);
  if (head.complete && head.head.length === 0) {
    source.destroy();
    throw badUpload('The file is empty; choose a file with content.');
  }
  const contentType = await detectContentType(head.head, { name, complete: head.complete });
  if (!contentType) {
    source.destroy();
    throw unsupportedType();
  }

  const key = makeFileKey(caller, name);
  const meter = new UploadMeter(sizeLimit);
  // Both sides must settle before cleaning up, or a late write could land after the delete.
  const [stored, flowed] = await Promise.allSettled([
    store.put(key, meter, contentType).catch((error: unknown) => {
      meter.destroy(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }),
    pipeline(head.stream, meter),
  ]);
  try {
    if (meter.exceeded) throw fileTooLarge(sizeLimit);
    if (stored.status === 'rejected') throw stored.reason;
    if (flowed.status === 'rejected') throw flowed.reason;
    const { size, sha256 } = meter.result();
    await db.transaction(async (tx) => {
      await insertFileRecord(tx, {
        key,
        ownerGroupId: caller.groupId,
        uploadedBy: caller.sub,
        originalName: name,
        contentType,
        size,
        sha256,
      });
      await recordAuditEvent(tx, {
        by: actorOfCaller(caller, input.client),
        at: input.at ?? new Date(),
        action: 'uploadFile',
        model: 'File',
        recordId: key,
        ownerGroupId: caller.groupId,
        detail: `${name}: ${contentType}, ${size} bytes`,
      });
    });
    return { key, name, size, contentType };
  } catch (error) {
    await store.delete(key).catch(() => undefined);
    throw error;
  }
}
