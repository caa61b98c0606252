import { lazy, Suspense, useEffect, useState } from 'react';
import { onNotice, type Notice } from '../shared/errors.ts';

const NoticeSnackbar = lazy(() => import('./notice-snackbar.tsx'));

/** Collects messages of `notify` and `reportError`; the snackbar's code loads with the first one. */
export function NoticeHost() {
  const [queue, setQueue] = useState<Notice[]>([]);
  useEffect(
    () =>
      onNotice((n) => {
        setQueue((q) => (q.some((x) => x.message === n.message) ? q : [...q, n]));
      }),
    [],
  );
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar queue={queue} onDone={(id) => setQueue((q) => q.filter((n) => n.id !== id))} />
    </Suspense>
  );
}
