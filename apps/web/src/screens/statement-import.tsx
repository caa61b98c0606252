import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { fetchCsvMapping } from '../entity/payments-api.ts';
import {
  previewCsvStatement,
  uploadStatement,
  type CsvDelimiter,
  type CsvMapping,
  type CsvPreview,
  type StatementImportResult,
} from '../entity/bank-upload.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { refreshAfterPayments } from '../entity/payments-api.ts';
import { FileIcon } from '../shared/icons.tsx';
import { RecentImports } from './statement-import-history.tsx';
import { CsvMappingForm } from './statement-import-mapping-form.tsx';
import {
  formOfSaved,
  guessMapping,
  isXmlText,
  statementFileProblem,
  STATEMENT_EXTENSIONS,
  toCsvMapping,
  type MappingForm,
  type MappingProblems,
} from './statement-import-mapping.ts';
import { ImportSummary } from './statement-import-summary.tsx';

const hasProblems = (problems: MappingProblems): boolean => Object.keys(problems).length > 0;

/** The file being read: its upload's share sent, `null` while the server reads it. */
interface Sending {
  readonly what: 'preview' | 'import';
  readonly sent: number | null;
}

interface CsvStep {
  readonly preview: CsvPreview;
  readonly form: MappingForm;
  /** Shown after a first try to import. */
  readonly problems: MappingProblems;
}

/**
 * The statement import of a remittance or collection account
 * (docs/business-rules.md, “Payments and reconciliation”): a camt.053/054 XML file is imported at
 * once; a CSV file is previewed first and imported with the column mapping the owner or
 * administrator confirms. The upload shows its progress, the server's summary follows with the new
 * transactions, and the account's recent imports are listed. A refusal (another account's
 * statement, a malformed file) is the server's message.
 */
export function StatementImportPanel({
  account,
  transactionTo,
}: {
  account: ApiRecord;
  transactionTo: (id: string) => string;
}) {
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState<Sending | null>(null);
  const [csv, setCsv] = useState<CsvStep | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const approved = account.bank_status === 'Approved';
  const currency = typeof account.iso_currency_code === 'string' ? account.iso_currency_code : '';
  const name = String(account.bank_account_name ?? 'this account');
  const busy = sending !== null;

  const reset = () => {
    setFile(null);
    setCsv(null);
    setResult(null);
    setError(null);
    if (input.current) input.current.value = '';
  };

  const send = async <T,>(
    what: Sending['what'],
    call: (progress: (sent: number | null) => void) => Promise<T>,
  ) => {
    setError(null);
    setSending({ what, sent: 0 });
    try {
      return await call((sent) => setSending({ what, sent }));
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The file could not be sent. Please try again.');
      return null;
    } finally {
      setSending(null);
    }
  };

  const importFile = async (chosen: File, mapping: CsvMapping | null) => {
    const done = await send('import', (progress) =>
      uploadStatement({ accountId: account.id, file: chosen, mapping }, progress),
    );
    if (!done) return;
    setCsv(null);
    setResult(done);
    refreshAfterPayments(client);
  };

  const previewFile = async (chosen: File, layout: { delimiter?: CsvDelimiter; hasHeader: boolean }) => {
    const preview = await send('preview', (progress) => previewCsvStatement(chosen, layout, progress));
    if (!preview) return;
    // The mapping of the account's last CSV import, when this file has its columns; else a guess.
    const saved = await fetchCsvMapping(account.id).catch(() => null);
    const form = formOfSaved(saved, preview, currency) ?? guessMapping(preview, layout.hasHeader, currency);
    setCsv({ preview, form, problems: {} });
  };

  const choose = async (chosen: File | undefined) => {
    if (!chosen || busy) return;
    reset();
    const problem = statementFileProblem(chosen);
    if (problem) {
      setError(problem);
      return;
    }
    setFile(chosen);
    const head = await chosen.slice(0, 1024).text();
    if (isXmlText(head)) await importFile(chosen, null);
    else await previewFile(chosen, { hasHeader: true });
  };

  const importCsv = async () => {
    if (!file || !csv) return;
    const checked = toCsvMapping(csv.form);
    if (checked.problems) {
      setCsv({ ...csv, problems: checked.problems });
      return;
    }
    setCsv({ ...csv, problems: {} });
    await importFile(file, checked.mapping);
  };

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (approved) void choose(e.dataTransfer.files[0]);
  };

  const progress = sending && (
    <Box sx={{ my: 1.5 }} aria-live="polite">
      <LinearProgress
        variant={sending.sent === null ? 'indeterminate' : 'determinate'}
        value={sending.sent === null ? undefined : Math.round(sending.sent * 100)}
        aria-label={sending.sent === null ? 'Reading the statement' : 'Uploading the statement'}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {sending.sent === null
          ? sending.what === 'import'
            ? `Reading ${file?.name ?? 'the file'} and bringing in its entries…`
            : `Reading the first rows of ${file?.name ?? 'the file'}…`
          : `Uploading ${file?.name ?? 'the file'}: ${Math.round(sending.sent * 100)} %`}
      </Typography>
    </Box>
  );

  return (
    <Paper
      component="section"
      aria-label={`Import a statement into ${name}`}
      sx={{ p: { xs: 1.5, sm: 2 }, mt: 2 }}
      data-testid={`statement-import-${account.id}`}
    >
      <Typography variant="h4" component="h2" sx={{ mb: 0.5 }}>
        Import a statement
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Bring the bank’s entries of {name} in from a camt.053 or camt.054 file (XML), or from a CSV export of
        its online banking. An entry the account has already is skipped, so a file can be imported again
        safely.
      </Typography>
      {!approved && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          This account is {String(account.bank_status ?? 'not approved')}: an administrator approves it before
          statements can be imported into it.
        </Alert>
      )}
      {!csv && !result && (
        <Box
          onDragOver={(e) => {
            e.preventDefault();
            if (approved && !busy) setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
          data-testid="statement-drop-zone"
          sx={{
            p: { xs: 2, sm: 3 },
            textAlign: 'center',
            border: 2,
            borderStyle: 'dashed',
            borderRadius: 1,
            borderColor: over ? 'secondary.main' : 'divider',
            bgcolor: over ? '#eef3fb' : 'background.paper',
            opacity: approved ? 1 : 0.6,
          }}
        >
          <FileIcon sx={{ fontSize: 36, color: 'text.secondary' }} />
          <Typography sx={{ my: 1 }}>Drop the statement file here, or</Typography>
          <input
            ref={input}
            type="file"
            name="statement"
            accept={STATEMENT_EXTENSIONS.join(',')}
            hidden
            disabled={!approved || busy}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button variant="contained" disabled={!approved || busy} onClick={() => input.current?.click()}>
            Choose a file
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            camt.053 or camt.054 (.xml), or CSV (.csv, .txt)
          </Typography>
        </Box>
      )}
      {progress}
      {error && (
        <Alert severity="error" role="alert" sx={{ my: 1.5 }}>
          {error}
        </Alert>
      )}
      {csv && file && (
        <CsvMappingForm
          fileName={file.name}
          preview={csv.preview}
          form={csv.form}
          problems={csv.problems}
          busy={busy}
          onChange={(form) =>
            // After a first try, what is still missing is said as the form changes.
            setCsv({
              ...csv,
              form,
              problems: hasProblems(csv.problems) ? (toCsvMapping(form).problems ?? {}) : {},
            })
          }
          onLayout={(layout) => void previewFile(file, layout)}
          onImport={() => void importCsv()}
          onCancel={reset}
        />
      )}
      {result && file && (
        <>
          <ImportSummary result={result} fileName={file.name} transactionTo={transactionTo} />
          <Button variant="outlined" sx={{ mt: 1.5 }} onClick={reset}>
            Import another file
          </Button>
        </>
      )}
      <RecentImports bankId={account.id} />
    </Paper>
  );
}
