import { Box, List, ListItem, Typography } from '@mui/material';
import type { LeadEvent } from '../entity/crm-api.ts';
import { formatDateTime } from '../entity/format.ts';
import { StatusChip } from '../shared/page.tsx';

const TITLE: Record<LeadEvent['kind'], string> = {
  created: 'Applied',
  stage: 'Stage changed',
  note: 'Note',
  invited: 'Invited as a supplier',
  assigned: 'Broker changed',
};

/** A lead's history, newest first: each move, note and invitation with who and when. */
export function LeadHistory({ events }: { events: readonly LeadEvent[] }) {
  if (!events.length) return <Typography color="text.secondary">Nothing recorded yet.</Typography>;
  return (
    <List dense disablePadding aria-label="Lead history">
      {[...events].reverse().map((event) => (
        <ListItem key={event.id} disableGutters divider sx={{ display: 'block', py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500 }}>{TITLE[event.kind]}</Typography>
            {event.fromStage && event.toStage && event.fromStage !== event.toStage && (
              <>
                <StatusChip status={event.fromStage} />
                <span aria-label="to">→</span>
                <StatusChip status={event.toStage} />
              </>
            )}
          </Box>
          {event.note && <Typography sx={{ whiteSpace: 'pre-wrap' }}>{event.note}</Typography>}
          <Typography variant="body2" color="text.secondary">
            {event.actorName ?? event.actor} · {formatDateTime(event.at)}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}
