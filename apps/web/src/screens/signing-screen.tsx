import { Alert, AlertTitle, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { RequestError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { Loading } from '../shared/status-screens.tsx';
import { formatDateTime } from '../entity/format.ts';
import { signingApi, type Signed, type SigningView } from '../entity/signing-api.ts';
import { PdfPages } from './pdf-pages.tsx';
import { PublicPage } from './public-page.tsx';
import { SigningForm } from './signing-form.tsx';
import { askedText, publicSignerState, signingStage } from './signing-stage.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Who is asked to sign what, for whom, in which order. */
function Summary({ view }: { view: SigningView }) {
  const { you, document } = view;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="signing-title">
      <Typography variant="h3" component="h1" id="signing-title" sx={{ mb: 1 }}>
        {document.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{askedText(view)}</Typography>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2,
          mb: 2,
        }}
      >
        <Fact label="Supplier → buyer">
          {view.supplier} → {view.buyer}
        </Fact>
        <Fact label={view.invoices.length === 1 ? 'Invoice' : `Invoices (${view.invoices.length})`}>
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', mt: 0.25 }}>
            {view.invoices.map((n) => (
              <Chip key={n} label={n} size="small" variant="outlined" />
            ))}
          </Stack>
        </Fact>
        <Fact label="Signing by">
          {you.name} ({you.email})
        </Fact>
        {view.envelope.status === 'Sent' && (
          <Fact label="Open for signing until">{formatDateTime(view.envelope.expiresAt)}</Fact>
        )}
      </Box>
      <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Signers, in order
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {[...view.signers]
          .sort((a, b) => a.position - b.position)
          .map((s) => (
            <Box
              component="li"
              key={s.position}
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'center',
                flexWrap: 'wrap',
                py: 0.5,
                borderTop: 1,
                borderColor: 'divider',
              }}
            >
              <Typography sx={{ fontWeight: s.position === you.position ? 600 : 500 }}>
                {s.position}. {s.name} ({s.role}){s.position === you.position ? ' — you' : ''}
              </Typography>
              <StatusChip {...publicSignerState(s.status, view.envelope.status)} />
              {s.signedAt && (
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(s.signedAt)}
                </Typography>
              )}
            </Box>
          ))}
      </Box>
    </Paper>
  );
}

function Document({ token, view }: { token: string; view: SigningView }) {
  const url = signingApi.documentUrl(token);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-labelledby="document-heading">
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}
      >
        <Typography variant="h4" component="h2" id="document-heading">
          The document
        </Typography>
        <Button
          component="a"
          href={url}
          download
          startIcon={<DownloadIcon />}
          variant="outlined"
          size="small"
        >
          Download PDF
        </Button>
      </Stack>
      <Box
        sx={{
          maxHeight: { xs: '70vh', sm: '80vh' },
          overflowY: 'auto',
          bgcolor: '#e9ebef',
          p: { xs: 1, sm: 2 },
          borderRadius: 1,
        }}
      >
        <PdfPages url={url} title={view.document.title} />
      </Box>
    </Paper>
  );
}

const STAGE_SEVERITY = {
  completed: 'success',
  signed: 'success',
  declined: 'warning',
  ended: 'warning',
  'not-your-turn': 'info',
} as const;

/**
 * `/sign/:token`, no account (docs/business-rules.md, “Signing the financing documents”): the
 * document a signer's e-mailed link opens, who signs it in what order, the document's pages, and
 * the signing itself when it is their turn; otherwise where things stand.
 */
export function SigningScreen() {
  const { token = '' } = useParams();
  const q = useQuery({
    queryKey: ['signing', token],
    queryFn: () => signingApi.view(token),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  const [signed, setSigned] = useState<Signed | null>(null);

  if (q.isLoading) return <Loading />;
  if (q.error || !q.data) {
    const invalid = q.error instanceof RequestError && q.error.status === 404;
    return (
      <PublicPage>
        <Alert severity={invalid ? 'warning' : 'error'} sx={{ mt: 2 }}>
          <AlertTitle>
            {invalid ? 'This signing link does not open anything' : 'The document could not be loaded'}
          </AlertTitle>
          {q.error?.message}
          {!invalid && (
            <Box sx={{ mt: 1 }}>
              <Button variant="outlined" size="small" onClick={() => void q.refetch()}>
                Try again
              </Button>
            </Box>
          )}
        </Alert>
      </PublicPage>
    );
  }
  const view = q.data;
  const stage = signingStage(view);
  return (
    <PublicPage>
      {signed && (
        <Alert severity="success" sx={{ mb: 2 }} role="status">
          <AlertTitle>You have signed</AlertTitle>
          {signed.status === 'Completed'
            ? 'All parties have signed; the sealed document is with the platform.'
            : signed.next
              ? `The document now goes to ${signed.next}.`
              : 'Thank you.'}
        </Alert>
      )}
      <Summary view={view} />
      <Document token={token} view={view} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-labelledby="sign-heading">
        <Typography variant="h4" component="h2" id="sign-heading" sx={{ mb: 1.5 }}>
          {stage.stage === 'sign' ? 'Sign the document' : 'Where it stands'}
        </Typography>
        {stage.stage === 'sign' ? (
          <SigningForm
            token={token}
            view={view}
            onSigned={(result) => {
              setSigned(result);
              void q.refetch();
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
            onChanged={() => void q.refetch()}
          />
        ) : (
          <Alert severity={STAGE_SEVERITY[stage.stage]}>{stage.text}</Alert>
        )}
      </Paper>
    </PublicPage>
  );
}
