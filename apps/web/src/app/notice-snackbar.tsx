import { Alert, Snackbar } from '@mui/material';
import { useState } from 'react';
import type { Notice } from '../shared/errors.ts';

/** Shows the first queued notice; loaded only when the first message arrives. */
export default function NoticeSnackbar({
  queue,
  onDone,
}: {
  queue: readonly Notice[];
  onDone: (id: number) => void;
}) {
  const [open, setOpen] = useState(true);
  const current = queue[0];
  if (!current) return null;
  const close = () => {
    setOpen(false);
    setTimeout(() => {
      onDone(current.id);
      setOpen(true);
    }, 200);
  };
  return (
    <Snackbar
      key={current.id}
      open={open}
      autoHideDuration={current.severity === 'error' ? 9000 : 4000}
      onClose={(_, reason) => reason !== 'clickaway' && close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={current.severity} variant="filled" onClose={close} sx={{ maxWidth: 560 }}>
        {current.message}
      </Alert>
    </Snackbar>
  );
}
