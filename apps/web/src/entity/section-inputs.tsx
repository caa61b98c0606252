import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { Box, Grid, Paper, Stack, Typography } from '@mui/material';
import { Controller, type Control } from 'react-hook-form';
import { INPUTS } from './field-inputs.tsx';
import type { FormLayout } from './form-layouts.ts';
import { ComputedFigures, subsectionsOf, type Group, type Values } from './form-sections.tsx';
import type { ApiRecord } from './graphql-client.ts';

/**
 * The form's sections as shown: each a panel with its heading, its inputs under their subsection
 * headings, and the figures computed from them.
 */
export function SectionInputs({
  model,
  groups,
  layout,
  fields,
  control,
  record,
  only,
  disabled,
  readOnly,
}: {
  model: ModelName;
  /** The sections shown (all, or the current step's). */
  groups: readonly Group[];
  layout: FormLayout | undefined;
  /** Every input of the form (the computed figures are previewed from them). */
  fields: readonly FieldDef[];
  control: Control<Values>;
  record: ApiRecord | null | undefined;
  /** A form of a few named fields: no panels, no headings, full-width inputs. */
  only: boolean;
  disabled: boolean;
  /** Inputs shown but not editable: what the record's state freezes (their help says why). */
  readOnly?: ReadonlySet<string>;
}) {
  return (
    <Stack spacing={2}>
      {groups.map((g) => (
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
                              disabled={disabled || Boolean(readOnly?.has(f.name))}
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
  );
}
