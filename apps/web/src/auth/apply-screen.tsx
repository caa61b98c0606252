import { Alert, Link, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { AuthFrame } from './auth-frame.tsx';
import { ApplyForm } from './apply-form.tsx';

/**
 * `/apply`, "Apply for financing" (docs/architecture.md, “CRM”): public, in a chunk of its own so
 * the sign-in page does not load it. `?ref=` carries a broker's referral.
 */
export function ApplyScreen() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const referral = params.get('ref');
  return (
    <AuthFrame
      title="Apply for financing"
      {...(sentTo
        ? {}
        : { subtitle: 'Tell us about your company and the invoices you would like to finance.' })}
    >
      {sentTo ? (
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            Thank you: your application was received. Our team reviews every application and will contact you
            at {sentTo}.
          </Alert>
          <Typography>
            <Link component={RouterLink} to="/login">
              Back to sign-in
            </Link>
          </Typography>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <ApplyForm referral={referral} onSent={setSentTo} />
          <Typography sx={{ textAlign: 'center' }}>
            Already a customer?{' '}
            <Link component={RouterLink} to="/login">
              Sign in
            </Link>
          </Typography>
        </Stack>
      )}
    </AuthFrame>
  );
}
