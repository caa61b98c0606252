import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { reportError } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { downloadGeneratedDocument, downloadSealedDocument, type Envelope } from '../entity/envelope-api.ts';
import { EnvelopeActions } from './envelope-actions.tsx';
import { envelopeState, isReplaced, signerState, type DocumentEnvelopes } from './envelope-states.ts';
import { EnvelopeTrail } from './envelope-trail.tsx';

function Signers({ envelope }: { envelope: Envelope }) {
  const signers = [...envelope.signers].sort((a, b) => a.position - b.position);
  return (
    <Box
      component="ol"
      sx={{ m: 0, p: 0, listStyle: 'none' }}
      aria-label={`Signers of the ${envelope.label}`}
    >
      {signers.map((s) => {
        const state = signerState(s, envelope);
        return (
          <Box
            component="li"
            key={s.id}
            sx={{ py: 0.75, borderTop: 1, borderColor: 'divider', display: 'flex', gap: 1.5, minWidth: 0 }}
          >
            <Typography color="text.secondary" sx={{ minWidth: 20 }} aria-hidden>
              {s.position}.
            </Typography>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 500 }}>{s.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.role}
                </Typography>
                <StatusChip status={state.status} label={state.label} />
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {s.email}
              </Typography>
              <Typography variant="body2">{state.text}</Typography>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

const download = (get: () => Promise<void>) => () =>
  void get().catch((err: unknown) => reportError(err, { context: 'download' }));

/**
 * One document of a request in the Signatures panel: its current envelope's state with dates, the
 * signers in order, downloads of the generated and (once completed) the sealed PDF, the audit
 * trail, an administrator's steps, and the envelopes it replaced, briefly.
 */
export function EnvelopeCard({
  doc,
  all,
  admin,
}: {
  doc: DocumentEnvelopes;
  all: readonly Envelope[];
  admin: boolean;
}) {
  const e = doc.current;
  const state = e ? envelopeState(e) : null;
  return (
    <Box
      component="section"
      aria-label={doc.label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="h5" component="h3">
          {doc.label}
        </Typography>
        {e && state && <StatusChip status={state.status} label={state.label} />}
      </Stack>
      {!e || !state ? (
        <Typography color="text.secondary">This document has not been sent for signature.</Typography>
      ) : (
        <>
          {e.title !== doc.label && (
            <Typography variant="body2" color="text.secondary">
              {e.title}
            </Typography>
          )}
          <Typography sx={{ mb: 1 }}>{state.text}</Typography>
          <Signers envelope={e} />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'center' } }}
          >
            <Button
              size="small"
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={download(() => downloadGeneratedDocument(e))}
            >
              Document as sent (PDF)
            </Button>
            {e.status === 'Completed' && e.sealedKey && (
              <Button
                size="small"
                variant="contained"
                startIcon={<DownloadIcon />}
                onClick={download(() => downloadSealedDocument(e))}
              >
                Sealed PDF
              </Button>
            )}
            {admin && <EnvelopeActions envelope={e} replaced={isReplaced(e, all)} />}
          </Stack>
          <EnvelopeTrail id={e.id} events={e.events} />
        </>
      )}
      {doc.earlier.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            Earlier envelopes
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {doc.earlier.map((old) => (
              <Typography component="li" variant="body2" key={old.id}>
                {envelopeState(old).label}: {envelopeState(old).text}{' '}
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={download(() => downloadGeneratedDocument(old))}
                >
                  Document as sent
                </Link>
              </Typography>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
