import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getIdToken } from '../auth/session.ts';
import { useSession } from '../auth/use-session.ts';
import { reportError } from '../shared/errors.ts';

/**
 * While someone is signed in, other parties' changes refresh the screens (entity/live-updates.ts).
 * The module and its WebSocket client load after sign-in, outside the first screen's bundle.
 */
export function LiveUpdatesHost() {
  const session = useSession();
  const client = useQueryClient();
  const user = session.status === 'signedIn' ? session.user : null;
  const role = user?.role;
  const sub = user?.sub;
  useEffect(() => {
    if (!role || !sub) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('../entity/live-updates.ts')
      .then((m) => m.startLiveUpdates({ client, role, token: getIdToken }))
      .then((close) => {
        if (cancelled) close();
        else stop = close;
      })
      .catch((e: unknown) => reportError(e, { context: 'live updates', silent: true }));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client, role, sub]);
  return null;
}
