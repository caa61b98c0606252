import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

let demoMode: Promise<boolean> | null = null;

/** Whether the server runs in demo mode, as `GET /config.json` says; asked once per page load. */
export function isDemoMode(): Promise<boolean> {
  demoMode ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<{ demo?: unknown }>) : null))
    .then((config) => config?.demo === true)
    .catch(() => false);
  return demoMode;
}

/**
 * The "Demo data" banner, on every screen while the server runs in demo mode
 * (docs/architecture.md, “Deployment”). It floats in a corner, so it moves nothing when it appears
 * and lets clicks through to what lies under it.
 */
export function DemoBanner() {
  const [demo, setDemo] = useState(false);
  useEffect(() => {
    let live = true;
    void isDemoMode().then((on) => live && setDemo(on));
    return () => {
      live = false;
    };
  }, []);
  if (!demo) return null;
  return (
    <Box
      component="aside"
      aria-label="Demo mode"
      sx={{
        position: 'fixed',
        left: 12,
        bottom: 12,
        zIndex: 1300,
        maxWidth: 'calc(100vw - 24px)',
        px: 1.5,
        py: 0.75,
        borderRadius: 1,
        bgcolor: '#fff4e5',
        color: '#663c00',
        border: '1px solid #f0b45c',
        boxShadow: 2,
        pointerEvents: 'none',
      }}
    >
      <Typography variant="body2">
        <strong>Demo data</strong> · made-up organisations and records; do not enter real data
      </Typography>
    </Box>
  );
}
