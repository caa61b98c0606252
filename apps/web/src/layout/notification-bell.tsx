import { Badge, IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useUnreadCount } from '../entity/notifications-api.ts';
import { loadChunk } from '../shared/lazy-screen.ts';
import { BellIcon } from '../shared/icons.tsx';

/** The panel loads when the bell is first opened, outside the first screen's bundle. */
const NotificationPanel = lazy(() =>
  loadChunk(() => import('./notification-panel.tsx')).then((m) => ({ default: m.NotificationPanel })),
);

/** Unread notifications counted on the badge; more show as "99+". */
const MAX_SHOWN = 99;

/**
 * The bell in the app bar (docs/business-rules.md, “Notifications”): the unread count from the
 * server, kept fresh by the live updates; a click opens the latest notifications.
 */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useUnreadCount().data ?? 0;
  // The name holds the badge's text ("99+" beyond 99), as screen readers and voice control expect.
  const shown = count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
  const label = count ? `Notifications, ${shown} unread` : 'Notifications';
  return (
    <>
      <IconButton aria-label={label} aria-haspopup="dialog" onClick={(e) => setAnchor(e.currentTarget)}>
        <Badge badgeContent={count} color="error" max={MAX_SHOWN}>
          <BellIcon />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationPanel anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
