import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './lazy-screen.ts';
import { reportError } from './errors.ts';
import { useEffect } from 'react';

export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <Box
      role="status"
      sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 6 }}
    >
      <CircularProgress size={22} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/**
 * The generic error screen (docs/architecture.md, “Loading, session and errors”); a failed chunk
 * load lands here after one retry.
 */
export function AppError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error, { context: 'route error', silent: true });
  }, [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Paper sx={{ p: 4, maxWidth: 520 }}>
        <Typography variant="h2" gutterBottom>
          Unexpected Application Error
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {chunk
            ? 'A part of the application could not be loaded. This usually happens after an update or when the connection drops.'
            : 'Something went wrong while showing this page.'}
        </Typography>
        {detail && (
          <Typography variant="body2" sx={{ mb: 3, fontFamily: 'monospace', color: 'text.secondary' }}>
            {detail}
          </Typography>
        )}
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Paper>
    </Box>
  );
}
