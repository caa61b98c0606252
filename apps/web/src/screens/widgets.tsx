import { Box, LinearProgress, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function FigureCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h3" component="div" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
        {value}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Paper>
  );
}

export function UtilisationBar({ used, limit }: { used: string; limit: string | null | undefined }) {
  const l = Number(limit ?? 0);
  const u = Number(used);
  const pct = l > 0 ? Math.min(100, (u / l) * 100) : 0;
  return (
    <Box>
      <LinearProgress
        variant="determinate"
        value={pct}
        color={pct > 90 ? 'error' : pct > 70 ? 'warning' : 'primary'}
        sx={{ height: 8, borderRadius: 4 }}
        aria-label="Utilisation"
      />
      <Typography variant="caption" color="text.secondary">
        {l > 0 ? `${pct.toFixed(0)} % used` : 'No approved limit'}
      </Typography>
    </Box>
  );
}
