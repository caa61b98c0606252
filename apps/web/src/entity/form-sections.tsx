import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { writeRefusal } from '@rf/domain/policy/fields';
import type { Role } from '@rf/domain/roles';
import { Box, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { VIEWS } from './field-view.tsx';
import type { FormLayout } from './form-layouts.ts';
import { fieldNamed, fromFormValues, humanise } from './form-values.ts';
import type { ApiRecord } from './graphql-client.ts';
import { isMachineField, isMetaField, isServerMoved } from './model-meta.ts';
import { entity } from './queries.ts';

export type Values = Record<string, unknown>;

export interface EntityFormProps {
  readonly model: ModelName;
  /** The record being edited; absent for a new record. */
  readonly record?: ApiRecord | null;
  /** Values always sent and not shown (parent ids, owner). */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** Starting values of shown fields. */
  readonly defaults?: Readonly<Record<string, unknown>>;
  /** Only these sections (in registry order). */
  readonly sections?: readonly string[];
  readonly omit?: readonly string[];
  /** Only these fields (overrides sections). */
  readonly only?: readonly string[];
  /** Fields required here although the registry leaves them optional. */
  readonly require?: readonly string[];
  /** Hide ref (party id) fields. */
  readonly hideRefs?: boolean;
  /** Hide the fields the platform moves (statuses, posting flags; model-meta `isServerMoved`). */
  readonly hideServerFields?: boolean;
  readonly submitLabel?: string;
  readonly onSaved: (record: ApiRecord) => void;
  readonly onCancel: () => void;
  readonly onDeleted?: () => void;
}

export interface Group {
  readonly section: string;
  readonly fields: FieldDef[];
  /** Figures shown computed in this section (FORM_LAYOUTS), never inputs. */
  readonly computed: FieldDef[];
}

/**
 * A server validation message split into its problems, each with the form field it names: the
 * server joins problems with "; ", and a part naming no field continues the one before it
 * ("…would own 110 % together; at most 100 % is possible").
 */
export function serverIssues(
  message: string,
  fields: readonly FieldDef[],
): { text: string; field: FieldDef | undefined }[] {
  const out: { text: string; field: FieldDef | undefined }[] = [];
  for (const part of message.split(/;\s+/)) {
    const field = fieldNamed(part, fields);
    const last = out[out.length - 1];
    if (!field && last?.field) last.text = `${last.text}; ${part}`;
    else out.push({ text: part, field });
  }
  return out;
}

/** Whether the signed-in role may write a field (the domain's write policy; the server checks it too). */
export function mayWrite(role: Role | null, model: ModelName, field: string): boolean {
  return role !== null && writeRefusal(role, model, field) === null;
}

/** The input the API accepts from this role: no refused fields; on create, no empty ones. */
export function inputFor(
  role: Role | null,
  model: ModelName,
  values: Record<string, unknown>,
  creating: boolean,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([k, v]) =>
        (k === '_version' || mayWrite(role, model, k)) && !(creating && (v === null || v === undefined)),
    ),
  );
}

export function formFieldsOf(
  model: ModelName,
  props: Pick<EntityFormProps, 'fixed' | 'sections' | 'omit' | 'hideRefs' | 'hideServerFields' | 'only'> & {
    role?: Role | null;
    /** The record (or the fixed values of a new one): buyer financials keep their audit type in a status field. */
    owner?: Readonly<Record<string, unknown>> | null;
  },
): FieldDef[] {
  const e = entity(model);
  // Statuses with a machine move only through changeStatus
  // (docs/business-rules.md, “Status moves, guards and effects”), never through a form.
  const owner = props.owner ?? props.fixed;
  const writable = (f: FieldDef) =>
    !isMachineField(model, f.name, owner) &&
    (props.role === undefined || mayWrite(props.role, model, f.name));
  if (props.only)
    return props.only
      .map((n) => e.fieldsByName.get(n))
      .filter((f): f is FieldDef => Boolean(f) && writable(f as FieldDef));
  const fixed = new Set(Object.keys(props.fixed ?? {}));
  const omit = new Set(props.omit ?? []);
  return e.fields.filter(
    (f) =>
      !isMetaField(f, e) &&
      f.type !== 'secret' &&
      !fixed.has(f.name) &&
      !omit.has(f.name) &&
      !(props.hideRefs && f.type === 'ref') &&
      !(props.hideServerFields && isServerMoved(model, f.name)) &&
      writable(f) &&
      (!props.sections || props.sections.includes(f.section)),
  );
}

/** The form's sections: the registry's, or the model's layout (FORM_LAYOUTS) with its computed figures. */
export function groupBySection(
  fields: readonly FieldDef[],
  layout?: FormLayout,
  computed: readonly FieldDef[] = [],
): Group[] {
  const sectionOf = (f: FieldDef) => (layout ? layout.sectionOf(f) : f.section);
  const groups: Group[] = [];
  const groupOf = (section: string) => {
    let g = groups.find((x) => x.section === section);
    if (!g) {
      g = { section, fields: [], computed: [] };
      groups.push(g);
    }
    return g;
  };
  for (const f of fields) groupOf(sectionOf(f)).fields.push(f);
  for (const f of computed) groupOf(sectionOf(f)).computed.push(f);
  if (!layout) return groups;
  const rank = (g: Group) => {
    const i = layout.order.indexOf(g.section);
    return i === -1 ? layout.order.length : i;
  };
  return groups
    .map((g, i) => ({ g, i }))
    .sort((a, b) => rank(a.g) - rank(b.g) || a.i - b.i)
    .map((x) => x.g);
}

/** Runs of a section's inputs under their subsection headings, each followed by its computed figures. */
export function subsectionsOf(g: Group, layout: FormLayout | undefined) {
  if (!layout) return [{ heading: null, fields: g.fields, computed: g.computed }];
  const runs: { heading: string | null; fields: FieldDef[]; computed: FieldDef[] }[] = [];
  for (const f of g.fields) {
    const heading = layout.subsectionOf(f);
    const last = runs[runs.length - 1];
    if (last && last.heading === heading) last.fields.push(f);
    else runs.push({ heading, fields: [f], computed: [] });
  }
  const rest: FieldDef[] = [];
  for (const c of g.computed) {
    const heading = layout.subsectionOf(c);
    const run = heading ? [...runs].reverse().find((r) => r.heading === heading) : undefined;
    if (run) run.computed.push(c);
    else rest.push(c);
  }
  if (rest.length) runs.push({ heading: null, fields: [], computed: rest });
  return runs;
}

/** The computed figures of a section, previewed from what is typed (the server computes them on save). */
export function ComputedFigures({
  model,
  layout,
  fields,
  shown,
  control,
  record,
  withNote,
}: {
  model: ModelName;
  withNote: boolean;
  layout: FormLayout;
  fields: readonly FieldDef[];
  shown: readonly FieldDef[];
  control: Control<Values>;
  record: ApiRecord | null | undefined;
}) {
  const values = useWatch({ control });
  const computed = useMemo(() => {
    try {
      return layout.compute({ ...(record ?? {}), ...fromFormValues(fields, values) });
    } catch {
      return {} as Record<string, string | null>;
    }
  }, [layout, record, fields, values]);
  return (
    <Box
      sx={{ mt: 2, p: 2, borderRadius: 1, bgcolor: '#f4f6f9', border: '1px dashed #c9ced8' }}
      aria-label="Computed figures"
      role="group"
    >
      <Typography variant="overline" color="text.secondary">
        Computed — not typed
      </Typography>
      <Grid container spacing={2}>
        {shown.map((f) => {
          const v = computed[f.name] ?? null;
          return (
            <Grid key={f.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <Typography variant="body2" color="text.secondary" id={`${f.name}-label`}>
                {f.label}
              </Typography>
              <Typography aria-labelledby={`${f.name}-label`} data-computed={f.name} sx={{ fontWeight: 500 }}>
                {v === null ? (
                  '—'
                ) : (
                  <>
                    {VIEWS[f.type](v, f, { model, record: { ...(record ?? {}), [f.name]: v } })}
                    {layout.unitOf(f.name)}
                  </>
                )}
              </Typography>
              {f.help && (
                <Typography variant="caption" color="text.secondary">
                  {humanise(f.help, entity(model).allFields)}
                </Typography>
              )}
            </Grid>
          );
        })}
      </Grid>
      {withNote && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {layout.computedNote}
        </Typography>
      )}
    </Box>
  );
}

/** The registry-driven form: sections, one input per field type, the domain's zod validation. */
