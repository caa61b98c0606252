import { Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { AREAS, type AreaKey } from '../shared/areas.ts';

export function NotFoundScreen({ area }: { area: AreaKey | null }) {
  const home = area ? `${AREAS[area].base}/dashboard` : '/';
  return (
    <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Paper sx={{ p: 4, maxWidth: 480, textAlign: 'center' }}>
        <Typography variant="h1" component="p" color="primary">
          404
        </Typography>
        <Typography variant="h3" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          The page you asked for does not exist. Check the address, or go back to the start.
        </Typography>
        <Button variant="contained" component={RouterLink} to={home}>
          Go to the start page
        </Button>
      </Paper>
    </Box>
  );
}
