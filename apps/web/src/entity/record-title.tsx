import type { ModelName } from '@rf/domain/entity';
import { useRecord } from './hooks.ts';
import { refTitleOf, titleOf } from './model-meta.ts';

/**
 * A record's name for its header and breadcrumbs. A bookkeeping record is named by the request it
 * books (invoice number and amount), read with the viewer's own access; others by `titleOf`.
 */
export function useRecordTitle(model: ModelName, record: Record<string, unknown> | null | undefined): string {
  const requestId =
    model === 'Bookkeeping' && typeof record?.requestId === 'string' ? record.requestId : undefined;
  const request = useRecord('Request', requestId);
  if (requestId && request.data) return refTitleOf('Request', request.data);
  return titleOf(model, record);
}
