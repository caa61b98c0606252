import {
  Chip,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatInteger } from '../entity/format.ts';
import type { WorkQueue } from '@rf/domain';
import { queueOf } from './dashboard-links.ts';

/**
 * The administrator's work queues (docs/business-rules.md, “Dashboards”): each
 * with the server's count, leading to the screen (or screens) that hold its items.
 */
export function WorkQueues({ queues }: { queues: readonly WorkQueue[] }) {
  return (
    <Paper component="section" aria-labelledby="work-queues" sx={{ p: 2, height: '100%' }}>
      <Typography id="work-queues" variant="h4" component="h2" sx={{ mb: 1 }}>
        Work queues
      </Typography>
      <List dense disablePadding>
        {queues.map((q) => {
          const def = queueOf(q.key);
          const count = (
            <Chip
              label={formatInteger(q.count)}
              size="small"
              color={q.count > 0 ? 'warning' : 'default'}
              variant={q.count > 0 ? 'filled' : 'outlined'}
              sx={{ ml: 1, minWidth: 36 }}
            />
          );
          if (def.to)
            return (
              <ListItem key={q.key} disablePadding data-testid={`queue-${q.key}`}>
                <ListItemButton component={RouterLink} to={def.to}>
                  <ListItemText primary={def.label} secondary={def.note} />
                  {count}
                </ListItemButton>
              </ListItem>
            );
          return (
            <ListItem key={q.key} data-testid={`queue-${q.key}`}>
              <ListItemText
                primary={def.label}
                secondary={
                  <>
                    {def.more && (
                      <Stack component="span" direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
                        {def.more.map((m) => (
                          <Link key={m.to} component={RouterLink} to={m.to}>
                            {m.label}
                          </Link>
                        ))}
                      </Stack>
                    )}
                    {def.note}
                  </>
                }
              />
              {count}
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
