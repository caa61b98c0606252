import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../auth/auth-frame.tsx';
import { FileIcon } from '../shared/icons.tsx';
import { formatBytes, formatDateTime } from '../entity/format.ts';
import { verifyDocument, type Verification } from '../entity/signing-api.ts';
import { PublicPage } from './public-page.tsx';
import { verdictLook, verifyFileProblem } from './verify-verdicts.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
        gap: { xs: 0, sm: 2 },
        py: 0.75,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Result({ result, name }: { result: Verification; name: string }) {
  const look = verdictLook(result.verdict);
  const e = result.envelope;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="verdict-heading">
      <Alert severity={look.severity} sx={{ mb: 2 }} role="status">
        <AlertTitle id="verdict-heading">{look.title}</AlertTitle>
        {result.explanation}
      </Alert>
      <Row label="File">{name}</Row>
      <Row label="SHA-256">
        <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all' }}>
          {result.sha256}
        </Box>
      </Row>
      {result.sealedAt && <Row label="Sealed">{formatDateTime(result.sealedAt)}</Row>}
      {e && (
        <>
          <Row label="Document">{e.document}</Row>
          <Row label="Supplier → buyer">
            {e.supplier} → {e.buyer}
          </Row>
          <Row label={e.invoices.length === 1 ? 'Invoice' : `Invoices (${e.invoices.length})`}>
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
              {e.invoices.map((n) => (
                <Chip key={n} label={n} size="small" variant="outlined" />
              ))}
            </Stack>
          </Row>
          {e.completedAt && <Row label="Completed">{formatDateTime(e.completedAt)}</Row>}
          <Row label="Signed by">
            <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
              {[...e.signers]
                .sort((a, b) => a.position - b.position)
                .map((s) => (
                  <li key={s.position}>
                    {s.name} ({s.role}){s.signedAt ? `, ${formatDateTime(s.signedAt)}` : ''}
                  </li>
                ))}
            </Box>
          </Row>
          <Row label="Envelope reference">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85rem' }}>
              {e.id}
            </Box>
          </Row>
        </>
      )}
    </Paper>
  );
}

/**
 * `/verify`, no account (docs/business-rules.md, “Signing the financing documents”): anyone
 * holding a PDF signed through the platform checks it against the platform's seal and records.
 */
export function VerifyScreen() {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<{ verification: Verification; name: string } | null>(null);

  const check = async (file: File | undefined) => {
    if (!file || busy) return;
    setProblem(null);
    setResult(null);
    const why = verifyFileProblem(file);
    if (why) {
      setProblem(why);
      return;
    }
    setBusy(true);
    try {
      setResult({
        verification: await verifyDocument(file),
        name: `${file.name} (${formatBytes(file.size)})`,
      });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'The check failed. Please try again.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };

  return (
    <PublicPage footer={false}>
      <Typography variant="h3" component="h1" sx={{ mb: 1 }}>
        Check a signed document
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Documents signed through {PRODUCT_NAME} are sealed by the platform once every signer has signed.
        Choose such a PDF to check that it carries the seal, that nothing changed since, and which document it
        is. The file is checked and not kept.
      </Typography>
      <Paper
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          p: { xs: 2, sm: 4 },
          mb: 2,
          textAlign: 'center',
          border: 2,
          borderStyle: 'dashed',
          borderColor: over ? 'secondary.main' : 'divider',
          bgcolor: over ? '#eef3fb' : 'background.paper',
        }}
      >
        <FileIcon sx={{ fontSize: 40, color: 'text.secondary' }} />
        <Typography sx={{ my: 1 }}>Drop the PDF here, or</Typography>
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          onChange={(e) => void check(e.target.files?.[0])}
        />
        <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
          Choose a PDF
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          One PDF, up to 25 MB.
        </Typography>
        {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Checking the document" />}
      </Paper>
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {problem}
        </Alert>
      )}
      {result && <Result result={result.verification} name={result.name} />}
    </PublicPage>
  );
}
