import {
  Alert,
  Box,
  Button,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../entity/format.ts';
import { useLatestNotifications, useMarkRead, type AppNotification } from '../entity/notifications-api.ts';
import { toError } from '../shared/errors.ts';

/**
 * The latest notifications under the bell: unread ones in bold; opening one marks it read and
 * goes to its record; "Mark all as read" clears the count.
 */
export function NotificationPanel({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const latest = useLatestNotifications();
  const mark = useMarkRead();
  const navigate = useNavigate();
  const items = latest.data ?? [];
  const open = (n: AppNotification) => {
    if (!n.readAt) mark.mutate({ ids: [n.id] });
    onClose();
    if (n.link) void navigate(n.link);
  };
  return (
    <Popover
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': 'Notifications',
          sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, maxHeight: '70vh' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, borderBottom: '1px solid #e2e4e9' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Notifications
        </Typography>
        <Button
          size="small"
          onClick={(e) => {
            mark.mutate({ all: true });
            // The button is disabled once nothing is unread: the focus stays in the panel, where
            // Escape closes it.
            (e.currentTarget.closest('[role="dialog"]') as HTMLElement | null)?.focus();
          }}
          disabled={mark.isPending || !items.some((n) => !n.readAt)}
        >
          Mark all as read
        </Button>
      </Box>
      {latest.isPending && (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} aria-label="Loading notifications" />
        </Box>
      )}
      {latest.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {toError(latest.error).message}
        </Alert>
      )}
      {mark.isError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {toError(mark.error).message}
        </Alert>
      )}
      {latest.isSuccess && !items.length && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          No notifications yet. New requests, status changes and reminders will appear here.
        </Typography>
      )}
      {items.length > 0 && (
        <List dense disablePadding aria-label="Latest notifications">
          {items.map((n) => (
            <ListItemButton
              key={n.id}
              onClick={() => open(n)}
              divider
              sx={{ alignItems: 'flex-start', bgcolor: n.readAt ? undefined : 'rgba(26,86,176,0.06)' }}
            >
              <ListItemText
                primary={n.title}
                secondary={
                  <>
                    {n.body && (
                      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                        {n.body}
                      </Typography>
                    )}
                    <Typography component="span" variant="caption" color="text.secondary">
                      {formatDateTime(n.createdAt)}
                      {n.readAt ? '' : ' · unread'}
                    </Typography>
                  </>
                }
                slotProps={{ primary: { sx: { fontWeight: n.readAt ? 400 : 600, wordBreak: 'break-word' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Popover>
  );
}
