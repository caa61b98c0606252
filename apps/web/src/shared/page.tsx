import { Box, Breadcrumbs, Chip, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TONE_COLOURS, toneOf } from './status-tones.ts';

export interface PageCrumb {
  readonly label: string;
  readonly to?: string | undefined;
}

/** Title row of every screen: breadcrumbs on nested screens, title, count and actions. */
export function PageHeader(props: {
  title: ReactNode;
  crumbs?: readonly PageCrumb[];
  count?: number | null;
  actions?: ReactNode;
  status?: string | null;
}) {
  const { title, crumbs, count, actions, status } = props;
  return (
    <Box sx={{ mb: 2 }}>
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs separator="›" sx={{ mb: 1, fontSize: 14 }} aria-label="Breadcrumb">
          {crumbs.map((c, i) =>
            c.to ? (
              <Link key={i} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography key={i} color="text.primary" sx={{ fontSize: 14 }}>
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      {(title !== '' || actions) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', gap: 1.5 }}
        >
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
            {title !== '' && (
              <Typography variant="h2" component="h1">
                {title}
              </Typography>
            )}
            {typeof count === 'number' && (
              <Chip label={count} size="small" sx={{ fontWeight: 500 }} aria-label={`${count} records`} />
            )}
            {status && <StatusChip status={status} />}
          </Stack>
          {actions && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {actions}
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}

export function StatusChip({
  status,
  label,
  size = 'small',
}: {
  status: string | null | undefined;
  /** The status as screens name it, when that differs from the stored value. */
  label?: string | undefined;
  size?: 'small' | 'medium';
}) {
  if (!status) return null;
  const c = TONE_COLOURS[toneOf(status)];
  return <Chip label={label ?? status} size={size} sx={{ bgcolor: c.bg, color: c.fg, fontWeight: 500 }} />;
}
