import type { ModelName } from '@rf/domain/entity';
import type { FieldDef, FieldType } from '@rf/domain/fields';
import { Box, Link, Typography } from '@mui/material';
import { useState, type MouseEvent, type ReactNode } from 'react';
import { reportError } from '../shared/errors.ts';
import { StatusChip } from '../shared/page.tsx';
import { FilePreviewDialog } from './file-preview.tsx';
import { fileNameOf, openFile } from './files.ts';
import {
  formatDate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatMoney,
  formatRate,
} from './format.ts';
import { useUser } from '../auth/user-context.tsx';
import { isFunderModel, useFunders } from './funders.ts';
import { useRecord } from './hooks.ts';
import { currencyFor, refTitleOf } from './model-meta.ts';
import { countryName } from './reference-names.ts';
import { isStatusChipField, valueLabel } from './value-labels.ts';

export interface ViewContext {
  readonly model: ModelName;
  readonly record: Record<string, unknown>;
}

/** A stored file: its name opens the preview (PDF, images), "Download" saves it. */
export function FileLink({ fileKey, label }: { fileKey: string; label?: string | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
      <Link
        component="button"
        type="button"
        title="Preview"
        aria-label={`Preview ${label ?? fileNameOf(fileKey)}`}
        onClick={(e: MouseEvent) => {
          e.stopPropagation();
          setOpen(true);
        }}
        sx={{ textAlign: 'left', wordBreak: 'break-all' }}
      >
        {label ?? fileNameOf(fileKey)}
      </Link>
      <Link
        component="button"
        type="button"
        variant="body2"
        color="text.secondary"
        aria-label={`Download ${label ?? fileNameOf(fileKey)}`}
        onClick={(e: MouseEvent) => {
          e.stopPropagation();
          void openFile(fileKey).catch((err: unknown) => reportError(err, { context: 'download' }));
        }}
      >
        Download
      </Link>
      {open && <FilePreviewDialog fileKey={fileKey} name={label} onClose={() => setOpen(false)} />}
    </Box>
  );
}

function RefName({ model, id }: { model: ModelName; id: string }) {
  // A broker knows a line's investor and SPV by name only (entity/funders.ts).
  const byName = useUser().role === 'Broker' && isFunderModel(model);
  const q = useRecord(model, byName ? undefined : id);
  const funder = useFunders(byName).data?.find((f) => f.id === id);
  if (funder) return <>{funder.name}</>;
  if (q.data) return <>{refTitleOf(model, q.data)}</>;
  // A party outside the reader's scope (an investor is not shown the line's broker): say so.
  if (!byName && (q.isSuccess || q.isError))
    return (
      <Typography component="span" color="text.secondary">
        Not shared with you
      </Typography>
    );
  return (
    <Typography component="span" color="text.secondary">
      …
    </Typography>
  );
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** How each field type is shown: the display layer's one `Record<FieldType, …>`. */
export const VIEWS: Record<FieldType, (value: unknown, f: FieldDef, ctx: ViewContext) => ReactNode> = {
  id: (v) => <span style={{ fontFamily: 'monospace', fontSize: 13 }}>{text(v)}</span>,
  ref: (v, f) => (typeof v === 'string' && v ? <RefName model={f.ref as ModelName} id={v} /> : ''),
  text: (v) => text(v),
  longtext: (v) => <span style={{ whiteSpace: 'pre-wrap' }}>{text(v)}</span>,
  email: (v) => (typeof v === 'string' && v ? <Link href={`mailto:${v}`}>{v}</Link> : ''),
  phone: (v) => (typeof v === 'string' && v ? <Link href={`tel:${v}`}>{v}</Link> : ''),
  url: (v) =>
    typeof v === 'string' && v ? (
      <Link href={v} target="_blank" rel="noreferrer">
        {v}
      </Link>
    ) : (
      ''
    ),
  country: (v) => (typeof v === 'string' && v ? `${countryName(v)} (${v})` : ''),
  currency: (v) => text(v),
  integer: (v, f) => (/year|period/.test(f.name) ? text(v) : formatInteger(v)),
  money: (v, f, ctx) => formatMoney(v, currencyFor(ctx.model, f.name, ctx.record)),
  rate: (v) => formatRate(v),
  ratio: (v) =>
    formatDecimal(v, 4)
      .replace(/(\.\d*?)0+$/, '$1')
      .replace(/\.$/, ''),
  date: (v) => formatDate(v),
  datetime: (v) => formatDateTime(v),
  boolean: (v) => (v === true ? 'Yes' : v === false ? 'No' : ''),
  enum: (v, f) =>
    isStatusChipField(f) && typeof v === 'string' ? (
      <StatusChip status={v} label={valueLabel(f, v)} />
    ) : (
      valueLabel(f, v)
    ),
  risk: (v) => (typeof v === 'string' && v ? <StatusChip status={v} /> : ''),
  attachment: (v) => (typeof v === 'string' && v ? <FileLink fileKey={v} /> : ''),
  secret: (v) => (v ? '••••••' : ''),
};

/** Plain text of a value, for grids and CSV. */
export const TEXTS: Record<FieldType, (value: unknown, f: FieldDef, ctx: ViewContext) => string> = {
  id: text,
  ref: text,
  text,
  longtext: text,
  email: text,
  phone: text,
  url: text,
  country: (v) => (typeof v === 'string' && v ? countryName(v) : ''),
  currency: text,
  integer: (v, f) => (/year|period/.test(f.name) ? text(v) : formatInteger(v)),
  money: (v, f, ctx) => formatMoney(v, currencyFor(ctx.model, f.name, ctx.record)),
  rate: formatRate,
  ratio: (v) => text(v),
  date: formatDate,
  datetime: formatDateTime,
  boolean: (v) => (v === true ? 'Yes' : v === false ? 'No' : ''),
  enum: (v, f) => valueLabel(f, v),
  risk: text,
  attachment: (v) => (typeof v === 'string' && v ? fileNameOf(v) : ''),
  secret: () => '',
};

export function FieldValue({
  field,
  model,
  record,
}: {
  field: FieldDef;
  model: ModelName;
  record: Record<string, unknown>;
}) {
  const v = record[field.name];
  if (v === null || v === undefined || v === '') {
    return (
      <Typography component="span" color="text.disabled">
        —
      </Typography>
    );
  }
  return <>{VIEWS[field.type](v, field, { model, record })}</>;
}
