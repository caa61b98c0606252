import type { FieldDef } from '@rf/domain/fields';
import { recordRuleIssues } from '@rf/domain/rules/record-rules';
import { recordSchema } from '@rf/domain/validation';
import { useUser } from '../auth/user-context.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  Link,
  Paper,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { toError } from '../shared/errors.ts';
import { INPUTS } from './field-inputs.tsx';
import { FORM_LAYOUTS } from './form-layouts.ts';
import { todayIso } from './format.ts';
import { fieldNamed, fromFormValues, humanise, toFormValues } from './form-values.ts';
import { GraphQLError, type ApiRecord } from './graphql-client.ts';
import { useRemove, useSave } from './hooks.ts';
import { isMachineField, modelLabel } from './model-meta.ts';
import { entity } from './queries.ts';

import {
  ComputedFigures,
  formFieldsOf,
  groupBySection,
  inputFor,
  serverIssues,
  subsectionsOf,
  type EntityFormProps,
  type Values,
} from './form-sections.tsx';
import { ConflictTable } from './conflict-table.tsx';

/** Helpers that other modules import from here. */
export { formFieldsOf, groupBySection, inputFor, mayWrite, serverIssues } from './form-sections.tsx';
export type { EntityFormProps } from './form-sections.tsx';

export function EntityForm(props: EntityFormProps) {
  const { model, record, fixed, onSaved, onCancel } = props;
  const e = entity(model);
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const { sections, omit, hideRefs, hideServerFields, only } = props;
  const { role } = useUser();
  const ownerBuyer = (record ?? fixed)?.buyerId ?? null;
  const { require } = props;
  const fields = useMemo(
    () =>
      formFieldsOf(model, {
        fixed,
        sections,
        omit,
        hideRefs,
        hideServerFields,
        only,
        role,
        owner: { buyerId: ownerBuyer },
      }).map((f) => (require?.includes(f.name) ? { ...f, required: true } : f)),
    [model, fixed, sections, omit, hideRefs, hideServerFields, only, role, ownerBuyer, require],
  );
  const layout = FORM_LAYOUTS[model];
  const computedFields = useMemo(
    () =>
      (layout?.computed ?? [])
        .map((n) => e.fieldsByName.get(n))
        .filter((f): f is FieldDef => Boolean(f) && !omit?.includes((f as FieldDef).name) && !only),
    [layout, e, omit, only],
  );
  const groups = useMemo(
    () => groupBySection(fields, layout, computedFields),
    [fields, layout, computedFields],
  );
  const stepped = groups.length > 4;
  const [step, setStep] = useState(0);
  const save = useSave(model);
  const client = useQueryClient();
  const remove = useRemove(model);
  const [serverError, setServerError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [conflict, setConflict] = useState<{ current: ApiRecord; input: Values } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const resolver = useMemo(() => {
    const base = recordSchema(e, { requireRequired: false });
    const requiredShown = fields.filter((f) => f.required);
    const schema = z.preprocess(
      (values) => ({ ...fromFormValues(fields, values as Values), ...(fixed ?? {}) }),
      base.superRefine((value, ctx) => {
        const v = value as Values;
        for (const f of requiredShown) {
          if (v[f.name] === null || v[f.name] === undefined) {
            ctx.addIssue({ code: 'custom', path: [f.name], message: `${f.label} is required` });
          }
        }
        // The rules the server checks across fields (record-rules.ts), next to the field they name;
        // a rule about a field this form does not show is left to the server's answer.
        for (const issue of recordRuleIssues(model, { ...(record ?? {}), ...v }, todayIso())) {
          const f = fieldNamed(issue, fields);
          if (
            f &&
            !requiredShown.some((r) => r.name === f.name && (v[f.name] === null || v[f.name] === undefined))
          )
            ctx.addIssue({ code: 'custom', path: [f.name], message: issue });
        }
      }),
    );
    const zr = zodResolver(schema as unknown as z.ZodType<Values, Values>) as unknown as Resolver<Values>;
    const wrapped: Resolver<Values> = async (values, context, options) => {
      const result = await zr(values, context, options);
      for (const err of Object.values(result.errors)) {
        if (err && typeof err.message === 'string') err.message = humanise(err.message, e.allFields);
      }
      return result;
    };
    return wrapped;
  }, [e, fields, fixed, model, record]);

  const form = useForm<Values>({
    defaultValues: toFormValues(fields, record, props.defaults),
    resolver,
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState, reset, setError } = form;
  // Read while rendering: react-hook-form only tracks the formState parts a render subscribed to,
  // so a dirtyFields first read in the submit handler would be empty and an update would send nothing.
  const dirtyFields = formState.dirtyFields as Record<string, unknown>;

  const submit = async (input: Values, version?: number) => {
    setServerError(null);
    setRefused(false);
    try {
      const dirty = dirtyFields;
      const changed = record
        ? Object.fromEntries(Object.entries(input).filter(([k]) => k in dirty || (fixed && k in fixed)))
        : input;
      // An update never writes a status that has a machine: those move through changeStatus only.
      const statusFree = record
        ? Object.fromEntries(Object.entries(changed).filter(([k]) => !isMachineField(model, k, record)))
        : changed;
      const payload = inputFor(
        role,
        model,
        record ? { ...statusFree, _version: version ?? record._version } : statusFree,
        !record,
      );
      const saved = await save.mutateAsync({ input: payload, ...(record ? { id: record.id } : {}) });
      onSaved(saved);
    } catch (err) {
      if (
        err instanceof GraphQLError &&
        err.errorType === 'ConflictUnhandled' &&
        err.data &&
        typeof err.data === 'object'
      ) {
        setConflict({ current: err.data as ApiRecord, input });
        return;
      }
      const raw = toError(err).message;
      let unplaced = humanise(raw, e.allFields);
      if (err instanceof GraphQLError && err.errorType === 'ValidationError') {
        // The server names the field of each problem ("ubo_id_expiry_date must be after …"), several
        // joined with "; ": each goes next to its field and into the summary's list; only what names
        // no field of this form stays as text.
        const rest: string[] = [];
        for (const part of serverIssues(raw, fields)) {
          if (part.field)
            setError(part.field.name, { type: 'server', message: humanise(part.text, e.allFields) });
          else rest.push(humanise(part.text, e.allFields));
        }
        unplaced = rest.join('; ');
      }
      setRefused(true);
      setServerError(unplaced || null);
    }
  };

  const errors = formState.errors as FieldErrors<Values>;
  const errorList = fields.filter((f) => errors[f.name]);
  const stepOf = (name: string) => groups.findIndex((g) => g.fields.some((f) => f.name === name));

  const focusField = (name: string) => {
    if (stepped) setStep(Math.max(0, stepOf(name)));
    setTimeout(() => document.getElementById(name)?.focus(), 50);
  };

  const shown = stepped ? groups.slice(step, step + 1) : groups;
  return (
    <Box component="form" noValidate onSubmit={handleSubmit((input) => submit(input))}>
      {(errorList.length > 0 && formState.isSubmitted) || serverError || refused ? (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          <AlertTitle>{refused ? 'The record was not saved' : 'Please correct these fields'}</AlertTitle>
          {serverError && <Typography variant="body2">{serverError}</Typography>}
          {formState.isSubmitted && errorList.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {errorList.map((f) => (
                <li key={f.name}>
                  <Link component="button" type="button" onClick={() => focusField(f.name)}>
                    {String(errors[f.name]?.message ?? f.label)}
                  </Link>
                </li>
              ))}
            </Box>
          )}
        </Alert>
      ) : null}
      {stepped && (
        <Paper sx={{ p: 2, mb: 2, overflowX: 'auto' }}>
          <Stepper nonLinear activeStep={step} alternativeLabel={desktop} orientation="horizontal">
            {groups.map((g, i) => (
              <Step key={g.section} completed={false}>
                <StepButton
                  color="inherit"
                  onClick={() => setStep(i)}
                  optional={
                    g.fields.some((f) => errors[f.name]) ? (
                      <Typography variant="caption" color="error">
                        Needs attention
                      </Typography>
                    ) : undefined
                  }
                >
                  {desktop || i === step ? g.section : ''}
                </StepButton>
              </Step>
            ))}
          </Stepper>
        </Paper>
      )}
      <Stack spacing={2}>
        {shown.map((g) => (
          <Paper
            key={g.section}
            sx={{ p: only ? 0 : { xs: 2, sm: 3 }, border: only ? 'none' : undefined }}
            component="section"
            aria-label={g.section}
          >
            {!only && (
              <Typography variant="h4" component="h2" sx={{ mb: 2 }}>
                {g.section}
              </Typography>
            )}
            {subsectionsOf(g, layout).map((run, ri, runs) => (
              <Box key={`${run.heading ?? ''}-${ri}`} sx={{ mt: ri > 0 ? 3 : 0 }}>
                {run.heading && (
                  <Typography variant="h5" component="h3" sx={{ mb: 1.5 }}>
                    {run.heading}
                  </Typography>
                )}
                {run.fields.length > 0 && (
                  <Grid container spacing={2}>
                    {run.fields.map((f) => {
                      const Input = INPUTS[f.type];
                      return (
                        <Grid key={f.name} size={{ xs: 12, md: f.type === 'longtext' || only ? 12 : 6 }}>
                          <Controller
                            name={f.name}
                            control={control}
                            render={({ field, fieldState }) => (
                              <Input
                                field={f}
                                model={model}
                                name={f.name}
                                value={field.value}
                                onChange={field.onChange}
                                onBlur={field.onBlur}
                                error={fieldState.error?.message}
                                required={f.required}
                                disabled={formState.isSubmitting}
                              />
                            )}
                          />
                        </Grid>
                      );
                    })}
                  </Grid>
                )}
                {layout && run.computed.length > 0 && (
                  <ComputedFigures
                    model={model}
                    layout={layout}
                    fields={fields}
                    shown={run.computed}
                    control={control}
                    record={record}
                    withNote={!runs.slice(ri + 1).some((r) => r.computed.length > 0)}
                  />
                )}
              </Box>
            ))}
          </Paper>
        ))}
      </Stack>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mt: 2, flexWrap: 'wrap' }}>
        {stepped && step > 0 && (
          <Button variant="outlined" onClick={() => setStep(step - 1)}>
            Back
          </Button>
        )}
        {stepped && step < groups.length - 1 && (
          <Button variant="outlined" onClick={() => setStep(step + 1)}>
            Next: {groups[step + 1]?.section}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {record && props.onDeleted && (
          <Button color="error" onClick={() => setConfirmDelete(true)} disabled={formState.isSubmitting}>
            Delete
          </Button>
        )}
        <Button onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : (props.submitLabel ?? 'Save')}
        </Button>
      </Stack>

      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>Delete this {modelLabel(model)}?</DialogTitle>
        <DialogContent>
          <Typography>It disappears from every list. This cannot be undone from the app.</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={async () => {
              if (!record) return;
              try {
                await remove.mutateAsync({ id: record.id, version: record._version });
                setConfirmDelete(false);
                props.onDeleted?.();
              } catch (err) {
                setConfirmDelete(false);
                setRefused(true);
                setServerError(toError(err).message);
              }
            }}
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog open={Boolean(conflict)} onClose={() => setConflict(null)} maxWidth="md" fullWidth>
        <DialogTitle>Someone else changed this {modelLabel(model)}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            The record was saved by someone else after you opened it. Compare the versions, then reload theirs
            or overwrite it with yours.
          </Typography>
          {conflict && (
            <ConflictTable model={model} fields={fields} mine={conflict.input} theirs={conflict.current} />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConflict(null)}>Cancel</Button>
          <Button
            variant="outlined"
            onClick={() => {
              if (!conflict) return;
              reset(toFormValues(fields, conflict.current));
              onReloaded(conflict.current);
              setConflict(null);
            }}
          >
            Reload their version
          </Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => {
              if (!conflict) return;
              const { input, current } = conflict;
              setConflict(null);
              void submit(input, current._version);
            }}
          >
            Overwrite with mine
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );

  function onReloaded(current: ApiRecord) {
    client.setQueryData([model, 'get', current.id], current);
  }
}
