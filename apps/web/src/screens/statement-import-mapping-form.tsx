import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  Grid,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, type FormEvent } from 'react';
import type { CsvDateFormat, CsvDelimiter, CsvPreview } from '../entity/bank-upload.ts';
import {
  DATE_FORMATS,
  DELIMITERS,
  type ColumnField,
  type MappingForm,
  type MappingProblems,
} from './statement-import-mapping.ts';

/**
 * The CSV preview and its column mapping (docs/business-rules.md, “Payments and reconciliation”):
 * the first rows as the server split them, each column named by the fields it is mapped to, and
 * the form. A change of delimiter or header row asks the server for the preview again.
 */

const FIELD_LABELS: Readonly<Record<ColumnField, string>> = {
  bookingDate: 'Booking date',
  valueDate: 'Value date',
  amount: 'Amount',
  credit: 'Credit (money in)',
  debit: 'Debit (money out)',
  currency: 'Currency',
  reference: 'Bank reference',
  counterpartyName: 'Counterparty',
  counterpartyIban: 'Counterparty IBAN',
  remittanceInformation: 'Remittance information',
  description: 'Description',
};

const FIELD_HELP: Partial<Record<ColumnField, string>> = {
  reference: 'The bank’s own id of the entry: an entry whose reference the account has already is skipped.',
  remittanceInformation: 'What the payer wrote, such as the invoice number.',
};

/** The fields the form shows a column picker for, in this order (amounts apart). */
const OTHER_FIELDS: readonly ColumnField[] = [
  'currency',
  'reference',
  'counterpartyName',
  'counterpartyIban',
  'remittanceInformation',
  'description',
];

const columnName = (name: string, hasHeader: boolean): string => (hasHeader ? name : `Column ${name}`);

export function CsvMappingForm({
  fileName,
  preview,
  form,
  problems,
  busy,
  onChange,
  onLayout,
  onImport,
  onCancel,
}: {
  fileName: string;
  preview: CsvPreview;
  form: MappingForm;
  /** Shown once the administrator or owner has tried to import. */
  problems: MappingProblems;
  busy: boolean;
  onChange: (form: MappingForm) => void;
  /** The delimiter or header row changed: the preview is read again. */
  onLayout: (layout: { delimiter: CsvDelimiter; hasHeader: boolean }) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const set = <K extends keyof MappingForm>(key: K, value: MappingForm[K]) =>
    onChange({ ...form, [key]: value });
  const mappedTo = (column: string): string[] =>
    (Object.keys(FIELD_LABELS) as ColumnField[])
      .filter((f) => {
        if (form.amountMode === 'signed' && (f === 'credit' || f === 'debit')) return false;
        if (form.amountMode === 'split' && f === 'amount') return false;
        return form[f] === column;
      })
      .map((f) => FIELD_LABELS[f]);

  const picker = (field: ColumnField, required = false) => (
    <TextField
      select
      fullWidth
      size="small"
      id={`${id}-${field}`}
      label={FIELD_LABELS[field]}
      required={required}
      value={form[field]}
      onChange={(e) => set(field, e.target.value)}
      error={Boolean(problems[field])}
      helperText={problems[field] ?? FIELD_HELP[field] ?? ' '}
      disabled={busy}
    >
      <MenuItem value="">
        <em>Not in the file</em>
      </MenuItem>
      {preview.header.map((name) => (
        <MenuItem key={name} value={name}>
          {columnName(name, form.hasHeader)}
        </MenuItem>
      ))}
    </TextField>
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onImport();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="CSV column mapping">
      <Typography variant="h5" component="h3" sx={{ mb: 0.5 }}>
        Map the columns of {fileName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        The first rows as read with this layout. Say which column holds what; the mapping is saved for this
        account when the import succeeds.
      </Typography>
      <Box
        sx={{
          overflowX: 'auto',
          maxWidth: '100%',
          mb: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Table size="small" aria-label={`First rows of ${fileName}`}>
          <TableHead>
            <TableRow>
              {preview.header.map((name, i) => (
                <TableCell key={`${i}-${name}`} sx={{ verticalAlign: 'bottom', whiteSpace: 'nowrap' }}>
                  <Box sx={{ fontWeight: 600 }}>{columnName(name, form.hasHeader)}</Box>
                  <Typography variant="caption" color="primary" component="div">
                    {mappedTo(name).join(', ') || '\u00a0'}
                  </Typography>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={Math.max(1, preview.header.length)}>No rows below the header.</TableCell>
              </TableRow>
            ) : (
              preview.rows.map((row, r) => (
                <TableRow key={r}>
                  {preview.header.map((_name, c) => (
                    <TableCell
                      key={c}
                      sx={{
                        whiteSpace: 'nowrap',
                        maxWidth: 280,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                      }}
                    >
                      {row[c] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>

      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        File layout
      </Typography>
      <Grid container spacing={2} sx={{ mb: 1 }}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label="Delimiter"
            value={form.delimiter}
            onChange={(e) =>
              onLayout({ delimiter: e.target.value as CsvDelimiter, hasHeader: form.hasHeader })
            }
            disabled={busy}
          >
            {DELIMITERS.map((d) => (
              <MenuItem key={d.label} value={d.value}>
                {d.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label="Date format"
            value={form.dateFormat}
            onChange={(e) => set('dateFormat', e.target.value as CsvDateFormat)}
            disabled={busy}
          >
            {DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label="Decimal separator"
            value={form.decimalSeparator}
            onChange={(e) => set('decimalSeparator', e.target.value as '.' | ',')}
            disabled={busy}
          >
            <MenuItem value=".">Point (1,234.56)</MenuItem>
            <MenuItem value=",">Comma (1.234,56)</MenuItem>
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={form.hasHeader}
                onChange={(e) => onLayout({ delimiter: form.delimiter, hasHeader: e.target.checked })}
                disabled={busy}
              />
            }
            label="The first row names the columns"
          />
        </Grid>
      </Grid>

      <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
        Columns
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{picker('bookingDate', true)}</Grid>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>{picker('valueDate')}</Grid>
        <Grid size={12}>
          <FormControl disabled={busy}>
            <FormLabel id={`${id}-amounts`}>Amounts</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${id}-amounts`}
              value={form.amountMode}
              onChange={(e) => set('amountMode', e.target.value as MappingForm['amountMode'])}
            >
              <FormControlLabel value="signed" control={<Radio />} label="One column, money out negative" />
              <FormControlLabel value="split" control={<Radio />} label="Credit and debit columns" />
            </RadioGroup>
          </FormControl>
        </Grid>
        {form.amountMode === 'signed' ? (
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{picker('amount', true)}</Grid>
        ) : (
          <>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{picker('credit')}</Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>{picker('debit')}</Grid>
          </>
        )}
        {OTHER_FIELDS.map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6, md: 4 }}>
            {picker(field)}
          </Grid>
        ))}
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            fullWidth
            size="small"
            id={`${id}-defaultCurrency`}
            label="Default currency"
            value={form.defaultCurrency}
            onChange={(e) => set('defaultCurrency', e.target.value.toUpperCase())}
            error={Boolean(problems.defaultCurrency)}
            helperText={problems.defaultCurrency ?? 'For rows without a currency column or value.'}
            slotProps={{ htmlInput: { maxLength: 3, autoCapitalize: 'characters' } }}
            disabled={busy}
          />
        </Grid>
      </Grid>
      <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={busy}>
          Import with this mapping
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          Choose another file
        </Button>
      </Stack>
    </Box>
  );
}
