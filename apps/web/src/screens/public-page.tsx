import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME } from '../auth/auth-frame.tsx';

/**
 * The frame of the pages anyone may open without an account (the signing link, the verification
 * page): the product's name, one readable column, and a footer pointing to the verification page.
 */
export function PublicPage({ children, footer = true }: { children: ReactNode; footer?: boolean }) {
  return (
    <>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Typography variant="h5" component="p" sx={{ maxWidth: 880, mx: 'auto' }}>
          {PRODUCT_NAME}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, sm: 2 }, py: 2 }}
      >
        {children}
      </Box>
      {footer && (
        <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 880, mx: 'auto' }}>
            Received a signed document from {PRODUCT_NAME}?{' '}
            <Link component={RouterLink} to="/verify">
              Check that it is authentic
            </Link>
            .
          </Typography>
        </Box>
      )}
    </>
  );
}
