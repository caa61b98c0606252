import type { Row } from '../db/database.ts';
import type { OperationContext } from './context.ts';
import { getRecord } from './get-record.ts';

export interface DocumentVersion {
  attachment: string;
  replacedAt: string;
  replacedBy: string;
}

/** `documentVersions(id)`: the earlier files of a document the caller may read, newest first. */
export async function documentVersions(ctx: OperationContext, id: string): Promise<DocumentVersion[]> {
  if (!(await getRecord(ctx, { model: 'Document', id, fields: ['id'] }))) return [];
  return ctx.db.query<DocumentVersion & Row>(
    `SELECT attachment, replaced_at AS "replacedAt", replaced_by AS "replacedBy" FROM document_versions
      WHERE document_id = $1 ORDER BY replaced_at DESC`,
    [id],
  );
}
