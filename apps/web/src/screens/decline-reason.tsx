import { Typography } from '@mui/material';
import { formatDate } from '../entity/format.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useStatusHistory } from '../entity/status-api.ts';

/**
 * Why a line was declined: the comment of its last move to Declined (status history), with who and
 * when. Small on purpose (no risk engine), so a buyer card can show it too.
 */
export function DeclineReason({ line }: { line: ApiRecord }) {
  const history = useStatusHistory('Buyer', line.id);
  if (history.isLoading) return <Typography variant="body2">…</Typography>;
  if (history.error)
    return (
      <Typography variant="body2" color="error">
        {history.error.message}
      </Typography>
    );
  const last = [...(history.data ?? [])].reverse().find((h) => h.to === 'Declined');
  if (!last)
    return (
      <Typography variant="body2" color="text.disabled">
        No reason recorded
      </Typography>
    );
  return (
    <>
      <Typography variant="body2" data-testid="decline-reason">
        {last.comment || 'No reason recorded'}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {last.actorName ?? last.actorRole}, {formatDate(last.changedAt.slice(0, 10))}
      </Typography>
    </>
  );
}
