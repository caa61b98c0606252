import { fieldSchema } from '@rf/domain/validation';
import type { FieldDef } from '@rf/domain/fields';
import { Alert, AlertTitle, Box, Button, Grid, IconButton, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { notify, toError } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { inputFor } from '../entity/entity-form.tsx';
import { INPUTS } from '../entity/field-inputs.tsx';
import { formatMoney } from '../entity/format.ts';
import { fieldNamed, fromFormValues, humanise, toFormValues } from '../entity/form-values.ts';
import { gql, type ApiRecord } from '../entity/graphql-client.ts';
import { useRecord } from '../entity/hooks.ts';
import { entity } from '../entity/queries.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { CloseIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { IndicativePricePanel } from './indicative-price.tsx';
import { sumDecimals } from './lines.ts';

/** Route parameters of the request flow: `{id}` is the Buyer in the supplier area, else `{id}/{buyId}/{supId}`. */
import {
  LimitWarning,
  LineSummary,
  NotApproved,
  SigningNote,
  termsOf,
  useLine,
} from './request-flow-parts.tsx';

const R = entity('Request').fieldsByName;
const ROW_FIELDS = [
  'invoice_number',
  'invoice_amount',
  'invoice_currency',
  'invoice_date',
  'invoice_due_date',
  'sold_goods_description',
  'invoice_attachment',
  'bill_of_lading_attachment',
  'purchase_order_attachment',
  'cargo_insurance_attachment',
].map((n) => R.get(n) as FieldDef);
const ROW_REQUIRED = new Set([
  'invoice_number',
  'invoice_amount',
  'invoice_currency',
  'invoice_date',
  'invoice_due_date',
  'sold_goods_description',
  'invoice_attachment',
  'bill_of_lading_attachment',
]);
const SIGNER = ['ipu_signature_name', 'ipu_signature_email'].map((n) => R.get(n) as FieldDef);

/**
 * `submitRequests`: the whole batch in one transaction on the server, all or nothing, checked as a
 * whole against the line's limit, with one batch id
 * (docs/business-rules.md, “Line limits and what requests hold”,
 * “Batches of invoices on one line”).
 */
async function submitRequests(
  buyerId: string,
  requests: Record<string, unknown>[],
): Promise<{ batchId: string; ids: string[]; requests: ApiRecord[] }> {
  const data = await gql<{ submitRequests: { batchId: string; ids: string[]; requests: string } }>(
    'mutation SubmitRequests($input: SubmitRequestsInput!) { submitRequests(input: $input) { batchId ids requests } }',
    { input: { buyerId, requests: JSON.stringify(requests) } },
  );
  const out = data.submitRequests;
  return { ...out, requests: JSON.parse(out.requests) as ApiRecord[] };
}

/** A refusal as a sentence of the summary: without a leading "field: " (about the whole batch) and with a full stop. */
function sentence(message: string): string {
  const text = message.replace(/^[a-z_]+: (\S)/, (_m, first: string) => first.toUpperCase());
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

interface MultiValues {
  signer: Record<string, unknown>;
  invoices: Record<string, unknown>[];
}

/** One invoice's indicative price, following its amount and due date as they are typed. */
function InvoicePrice({
  control,
  index,
  buyerId,
}: {
  control: Control<MultiValues>;
  index: number;
  buyerId: string;
}) {
  const [amount, due] = useWatch({
    control,
    name: [`invoices.${index}.invoice_amount`, `invoices.${index}.invoice_due_date`],
  });
  return <IndicativePricePanel buyerId={buyerId} amount={amount} due={due} compact />;
}

/**
 * `newmultirequest/{id}/{buyId}/{supId}`: 1–50 invoices against one buyer, one IPU
 * (docs/business-rules.md, “Batches of invoices on one line”).
 */
export function MultiRequestScreen({ area }: { area: AreaKey }) {
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const user = useUser();
  const base = AREAS[area].base;
  const { buyer, use, refusal, loading } = useLine(params.buyId);
  const supplier = useRecord('Supplier', params.supId);
  const [failure, setFailure] = useState<string | null>(null);
  const blank = () => toFormValues(ROW_FIELDS, null, { invoice_currency: buyer.data?.buyer_currency });
  const form = useForm<MultiValues>({
    defaultValues: { signer: toFormValues(SIGNER, null), invoices: [toFormValues(ROW_FIELDS, null)] },
  });
  const rows = useFieldArray({ control: form.control, name: 'invoices' });
  const signerName = useWatch({ control: form.control, name: 'signer.ipu_signature_name' });
  // The first invoice starts in the line's currency too, once the line is loaded.
  const lineCurrency = buyer.data?.buyer_currency;
  // A refusal is shown above the invoices: bring it into view, wherever the user clicked Submit.
  const failureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView({ block: 'center' });
  }, [failure]);
  useEffect(() => {
    if (typeof lineCurrency === 'string' && !form.getValues('invoices.0.invoice_currency'))
      form.setValue('invoices.0.invoice_currency', lineCurrency);
  }, [lineCurrency, form]);
  if (loading || supplier.isLoading) return <Loading />;
  if (!buyer.data)
    return <Alert severity="error">{buyer.error?.message ?? 'This buyer line does not exist.'}</Alert>;
  const b = buyer.data;

  const validate = (values: MultiValues): boolean => {
    let ok = true;
    form.clearErrors();
    const check = (f: FieldDef, value: unknown, path: string, required: boolean) => {
      if (value === null || value === undefined) {
        if (required) {
          form.setError(path as 'signer', { message: `${f.label} is required` });
          ok = false;
        }
        return;
      }
      const r = fieldSchema(f).safeParse(value);
      if (!r.success) {
        form.setError(path as 'signer', {
          message: humanise(r.error.issues[0]?.message ?? 'Invalid', ROW_FIELDS.concat(SIGNER)),
        });
        ok = false;
      }
    };
    const signer = fromFormValues(SIGNER, values.signer);
    // Both are needed: the IPU goes to this person first
    // (docs/business-rules.md, “Signing the financing documents”).
    for (const f of SIGNER) check(f, signer[f.name], `signer.${f.name}`, true);
    values.invoices.forEach((row, i) => {
      const v = fromFormValues(ROW_FIELDS, row);
      for (const f of ROW_FIELDS) check(f, v[f.name], `invoices.${i}.${f.name}`, ROW_REQUIRED.has(f.name));
      if (
        typeof v.invoice_date === 'string' &&
        typeof v.invoice_due_date === 'string' &&
        v.invoice_due_date < v.invoice_date
      ) {
        form.setError(`invoices.${i}.invoice_due_date` as 'signer', {
          message: 'The due date is before the invoice date',
        });
        ok = false;
      }
    });
    return ok;
  };

  const submit = async (values: MultiValues) => {
    setFailure(null);
    if (!validate(values)) return;
    const common = { ...termsOf(b, supplier.data), ...fromFormValues(SIGNER, values.signer) };
    if (area !== 'supplier' && params.id) {
      Object.assign(common, { userId: params.id });
      if (b.identityId) Object.assign(common, { identityId: b.identityId });
    }
    const invoices = values.invoices.map((row) => fromFormValues(ROW_FIELDS, row));
    // The server checks the same rule in the transaction; this only saves a round trip.
    const early = refusal(
      invoices.map((v) => ({
        invoiceAmount: String(v.invoice_amount),
        currency: (v.invoice_currency as string) ?? null,
      })),
    );
    if (early) {
      setFailure(`${humanise(sentence(early.message), ROW_FIELDS)} None of the invoices were submitted.`);
      return;
    }
    const total = sumDecimals(invoices.map((v) => v.invoice_amount));
    try {
      const requests = invoices.map((v) => inputFor(user.role, 'Request', { ...common, ...v }, true));
      const done = await submitRequests(b.id, requests);
      void client.invalidateQueries({ queryKey: ['Request'] });
      notify(
        `${done.ids.length} invoices (${formatMoney(total, b.buyer_currency as string)}) were submitted for review.`,
      );
      navigate(`${base}/requests`);
    } catch (e) {
      // All or nothing (docs/business-rules.md, “Batches of invoices on one line”): the server
      // created none; "Invoice n: field …" goes to its field.
      const message = toError(e).message;
      const row = /^Invoice (\d+): (.*)$/s.exec(message);
      const f = row ? fieldNamed(row[2]!, ROW_FIELDS) : undefined;
      if (row && f)
        form.setError(`invoices.${Number(row[1]) - 1}.${f.name}` as 'signer', {
          message: humanise(row[2]!, ROW_FIELDS),
        });
      setFailure(
        `${humanise(sentence(message), ROW_FIELDS.concat(SIGNER))} None of the invoices were submitted.`,
      );
    }
  };

  const field = (f: FieldDef, path: string, required: boolean) => {
    const Input = INPUTS[f.type];
    return (
      <Controller
        name={path as 'signer'}
        control={form.control}
        render={({ field: c, fieldState }) => (
          <Input
            field={f}
            name={path}
            value={c.value}
            onChange={c.onChange}
            onBlur={c.onBlur}
            error={fieldState.error?.message}
            required={required}
            disabled={form.formState.isSubmitting}
          />
        )}
      />
    );
  };
  const errorCount = Object.keys(form.formState.errors).length;
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit(submit)}>
      <PageHeader
        title="Several invoices"
        crumbs={[
          { label: 'Requests', to: `${base}/requests` },
          { label: String(b.buyer_name ?? '') },
          { label: 'Several invoices' },
        ]}
      />
      <NotApproved buyer={b} />
      <LineSummary buyer={b} use={use} />
      <LimitWarning buyer={b} free={use?.free ?? null} />
      {(failure || (form.formState.isSubmitted && errorCount > 0)) && (
        <Alert severity="error" sx={{ mb: 2 }} ref={failureRef}>
          <AlertTitle>The invoices were not submitted</AlertTitle>
          {failure ?? 'Please correct the marked fields.'}
        </Alert>
      )}
      <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
          Buyer signer of the IPU
        </Typography>
        <Grid container spacing={2}>
          {SIGNER.map((f) => (
            <Grid key={f.name} size={{ xs: 12, md: 6 }}>
              {field(f, `signer.${f.name}`, true)}
            </Grid>
          ))}
        </Grid>
        <Box sx={{ mt: 1.5, color: 'text.secondary' }}>
          <SigningNote area={area} buyerSigner={signerName} />
        </Box>
      </Paper>
      <Stack spacing={2}>
        {rows.fields.map((row, i) => (
          <Paper
            key={row.id}
            sx={{ p: { xs: 2, sm: 3 } }}
            component="section"
            aria-label={`Invoice ${i + 1}`}
          >
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
              <Typography variant="h4" component="h2">
                Invoice {i + 1}
              </Typography>
              {rows.fields.length > 1 && (
                <IconButton aria-label={`Remove invoice ${i + 1}`} onClick={() => rows.remove(i)}>
                  <CloseIcon />
                </IconButton>
              )}
            </Stack>
            <Grid container spacing={2}>
              {ROW_FIELDS.map((f) => (
                <Grid key={f.name} size={{ xs: 12, md: f.type === 'longtext' ? 12 : 6 }}>
                  {field(f, `invoices.${i}.${f.name}`, ROW_REQUIRED.has(f.name))}
                </Grid>
              ))}
            </Grid>
            <InvoicePrice control={form.control} index={i} buyerId={b.id} />
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', mt: 2 }}>
        <Button variant="outlined" disabled={rows.fields.length >= 50} onClick={() => rows.append(blank())}>
          Add another invoice
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={() => navigate(-1)} disabled={form.formState.isSubmitting}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={form.formState.isSubmitting || b.buyer_status !== 'Approved'}
        >
          {form.formState.isSubmitting
            ? 'Submitting…'
            : `Submit ${rows.fields.length} invoice${rows.fields.length > 1 ? 's' : ''}`}
        </Button>
      </Stack>
    </Box>
  );
}

/** Admin `newrequestsupplierlist` / `newsupplierbuyer` and broker `newsupplierbuyer`: choose the supplier first. */
