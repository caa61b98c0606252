import { Alert, Paper, Stack, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useUser } from '../auth/user-context.tsx';
import type { Envelope } from '../entity/envelope-api.ts';
import { EnvelopeCard } from './envelope-card.tsx';
import { documentsOf } from './envelope-states.ts';

/**
 * A request's "Signatures" (docs/business-rules.md, “Signing the financing documents”): per
 * document (the IPU, the offer notice, the RAA offer notice once issued) its envelope with the
 * built-in signer, in every area; an administrator's steps on it.
 */
export function SignaturesPanel({ envelopes }: { envelopes: UseQueryResult<Envelope[]> }) {
  const { role } = useUser();
  const all = envelopes.data ?? [];
  const docs = documentsOf(all);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-labelledby="signatures-heading">
      <Typography variant="h4" component="h2" id="signatures-heading" sx={{ mb: 1 }}>
        Signatures
      </Typography>
      {envelopes.isLoading ? (
        <Typography color="text.secondary">Loading…</Typography>
      ) : envelopes.error ? (
        <Alert severity="error">{envelopes.error.message}</Alert>
      ) : docs.length === 0 ? (
        <Typography color="text.secondary">
          The documents of this request have not been sent for signature through the platform.
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Each signer gets an e-mail with a personal link, signs in turn with a code sent to them, and the
            platform seals the document once everyone has signed.
          </Typography>
          <Stack spacing={1.5}>
            {docs.map((d) => (
              <EnvelopeCard key={d.kind} doc={d} all={all} admin={role === 'Admin'} />
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
