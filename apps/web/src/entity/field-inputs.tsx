import type { ModelName } from '@rf/domain/entity';
import type { FieldDef, FieldType } from '@rf/domain/fields';
import { RISK_BANDS } from '@rf/domain/fields';
import { COUNTRIES, CURRENCIES, PREFERRED_CURRENCIES } from '@rf/domain/reference-lists';
import {
  Autocomplete,
  Box,
  Button,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useRef, useState, type ComponentType } from 'react';
import { toError } from '../shared/errors.ts';
import { FileIcon } from '../shared/icons.tsx';
import { FileLink } from './field-view.tsx';
import { uploadFile, type UploadedFile } from './files.ts';
import { formatBytes, formatDate } from './format.ts';
import { useUser } from '../auth/user-context.tsx';
import { isFunderModel, useFunders } from './funders.ts';
import { useAll } from './hooks.ts';
import { titleOf } from './model-meta.ts';
import { countryName, currencyName } from './reference-names.ts';
import { choicesOf, optionsOf } from './value-labels.ts';

export interface InputProps {
  readonly field: FieldDef;
  /** The record's model (a text field of some models offers a list of values). */
  readonly model?: ModelName | undefined;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly onBlur: () => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
  readonly required?: boolean;
  readonly name: string;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** Help from the field catalogue; a note that names code (a field name, a document) is never shown. */
export function userHelp(f: FieldDef): string | undefined {
  const h = f.help?.trim();
  if (!h || /old app|\(sic\)|values not shown|business-rules|decisions|\b[a-z]+_[a-z_]+\b/i.test(h))
    return undefined;
  if (h.toLowerCase() === f.label.toLowerCase()) return undefined;
  return h.charAt(0).toUpperCase() + h.slice(1);
}
const help = (p: InputProps) => p.error ?? userHelp(p.field);

function TextInput(
  p: InputProps & {
    type?: string;
    multiline?: boolean;
    inputMode?: 'decimal' | 'numeric' | 'email' | 'tel' | 'url';
    end?: string;
    placeholder?: string;
  },
) {
  return (
    <TextField
      id={p.name}
      name={p.name}
      label={p.field.label}
      value={str(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      error={Boolean(p.error)}
      helperText={help(p)}
      disabled={p.disabled}
      required={p.required}
      type={p.type ?? 'text'}
      multiline={p.multiline}
      minRows={p.multiline ? 3 : undefined}
      placeholder={p.placeholder}
      slotProps={{
        htmlInput: { inputMode: p.inputMode },
        input: p.end ? { endAdornment: <InputAdornment position="end">{p.end}</InputAdornment> } : {},
        inputLabel: p.type === 'date' || p.type === 'datetime-local' ? { shrink: true } : {},
      }}
    />
  );
}

function SelectInput(p: InputProps & { options: readonly { value: string; label: string }[] }) {
  return (
    <TextField
      select
      id={p.name}
      name={p.name}
      label={p.field.label}
      value={str(p.value)}
      onChange={(e) => p.onChange(e.target.value)}
      onBlur={p.onBlur}
      error={Boolean(p.error)}
      helperText={help(p)}
      disabled={p.disabled}
      required={p.required}
    >
      <MenuItem value="">
        <em>Not set</em>
      </MenuItem>
      {p.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface Option {
  readonly value: string;
  readonly label: string;
  readonly group?: string;
}

function Picker(p: InputProps & { options: readonly Option[] }) {
  const selected = p.options.find((o) => o.value === str(p.value)) ?? null;
  return (
    <Autocomplete
      options={p.options as Option[]}
      value={selected}
      groupBy={p.options.some((o) => o.group) ? (o) => o.group ?? '' : undefined}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      onChange={(_, o) => p.onChange(o?.value ?? '')}
      onBlur={p.onBlur}
      disabled={p.disabled}
      autoHighlight
      size="small"
      renderInput={(params) => (
        <TextField
          {...params}
          id={p.name}
          name={p.name}
          label={p.field.label}
          error={Boolean(p.error)}
          helperText={help(p)}
          required={p.required}
        />
      )}
    />
  );
}

function CountryInput(p: InputProps) {
  const options = useMemo(
    () =>
      COUNTRIES.map((c) => ({ value: c, label: `${countryName(c)} (${c})` })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [],
  );
  return <Picker {...p} options={options} />;
}

function CurrencyInput(p: InputProps) {
  const options = useMemo(
    () =>
      CURRENCIES.map((c) => ({
        value: c,
        label: `${c} · ${currencyName(c)}`,
        group: (PREFERRED_CURRENCIES as readonly string[]).includes(c) ? 'Common' : 'All currencies',
      })),
    [],
  );
  return <Picker {...p} options={options} />;
}

function RefInput(p: InputProps) {
  const model = p.field.ref as ModelName;
  // A broker picks a line's investor and SPV by name only (entity/funders.ts).
  const byName = useUser().role === 'Broker' && isFunderModel(model);
  const q = useAll(model, undefined, { max: 500, enabled: !byName });
  const funders = useFunders(byName);
  const options = useMemo(
    () =>
      byName
        ? (funders.data ?? []).filter((f) => f.model === model).map((f) => ({ value: f.id, label: f.name }))
        : (q.data ?? []).map((r) => ({ value: r.id, label: titleOf(model, r) })),
    [byName, funders.data, q.data, model],
  );
  const current = str(p.value);
  const withCurrent =
    current && !options.some((o) => o.value === current)
      ? [...options, { value: current, label: current }]
      : options;
  return <Picker {...p} options={withCurrent} />;
}

function FileInput(p: InputProps) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = str(p.value);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    try {
      const result = await uploadFile(file, setProgress);
      setUploaded(result);
      p.onChange(result.key);
    } catch (e) {
      setFailure(toError(e).message);
    } finally {
      setProgress(null);
      p.onBlur();
    }
  };
  return (
    <Box>
      <Typography variant="body2" color={p.error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {p.field.label}
        {p.required ? ' *' : ''}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          size="small"
          disabled={p.disabled || progress !== null}
          onClick={() => input.current?.click()}
        >
          {key ? 'Replace file' : 'Choose file'}
        </Button>
        {key && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minWidth: 0 }}>
            <FileIcon fontSize="small" color="action" />
            <FileLink fileKey={key} label={uploaded?.key === key ? uploaded.name : undefined} />
            {uploaded?.key === key && (
              <Typography variant="caption" color="text.secondary">
                ({formatBytes(uploaded.size)})
              </Typography>
            )}
            <Button size="small" color="inherit" disabled={p.disabled} onClick={() => p.onChange('')}>
              Remove
            </Button>
          </Stack>
        )}
      </Stack>
      {progress !== null && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          sx={{ mt: 1 }}
          aria-label="Upload progress"
        />
      )}
      {(failure || p.error || p.field.help) && (
        <Typography variant="caption" color={failure || p.error ? 'error' : 'text.secondary'}>
          {failure ?? help(p)}
        </Typography>
      )}
      <input
        ref={input}
        type="file"
        hidden
        name={p.name}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </Box>
  );
}

const BOOL_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function BooleanInput(p: InputProps) {
  return (
    <SelectInput
      {...p}
      value={p.value === true ? 'true' : p.value === false ? 'false' : ''}
      onChange={(v) => p.onChange(v === 'true' ? true : v === 'false' ? false : null)}
      options={BOOL_OPTIONS}
    />
  );
}

/** The form layer's one map from field type to input (docs/decisions/0001). */
export const INPUTS: Record<FieldType, ComponentType<InputProps>> = {
  id: (p) => <TextInput {...p} disabled />,
  ref: RefInput,
  text: (p) =>
    choicesOf(p.model, p.field) ? (
      <SelectInput {...p} options={optionsOf(p.model, p.field, p.value)} />
    ) : (
      <TextInput {...p} />
    ),
  longtext: (p) => <TextInput {...p} multiline />,
  email: (p) => <TextInput {...p} type="email" inputMode="email" />,
  phone: (p) => <TextInput {...p} type="tel" inputMode="tel" placeholder="+15550000001" />,
  url: (p) => <TextInput {...p} type="url" inputMode="url" placeholder="https://" />,
  country: CountryInput,
  currency: CurrencyInput,
  integer: (p) => <TextInput {...p} inputMode="numeric" />,
  money: (p) => <TextInput {...p} inputMode="decimal" placeholder="0.00" />,
  rate: (p) => <TextInput {...p} inputMode="decimal" end="%" />,
  ratio: (p) => <TextInput {...p} inputMode="decimal" />,
  date: (p) => <TextInput {...p} type="date" />,
  datetime: (p) => <TextInput {...p} type="datetime-local" />,
  boolean: BooleanInput,
  enum: (p) => <SelectInput {...p} options={optionsOf(p.model, p.field, p.value)} />,
  risk: (p) => <SelectInput {...p} options={RISK_BANDS.map((v) => ({ value: v, label: v }))} />,
  attachment: FileInput,
  secret: (p) => <TextInput {...p} type="password" />,
};

/** A date as the user sees it next to an ISO input. */
export const describeDate = formatDate;
