import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { scopeOf } from '@rf/domain/policy/policy';
import type { Role } from '@rf/domain/roles';
import { isFunderModel } from './funders.ts';
import { useUser } from '../auth/user-context.tsx';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Grid,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRowClick } from './entity-list.tsx';
import { AddIcon, ExpandIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { FieldValue, TEXTS } from './field-view.tsx';
import { formatDateTime } from './format.ts';
import type { ApiRecord } from './graphql-client.ts';
import { useAll } from './hooks.ts';
import {
  columnLabel,
  isInternalField,
  isMetaField,
  keyFiguresOf,
  listColumnsOf,
  modelLabel,
  statusFieldOf,
} from './model-meta.ts';
import { RecordAuditTrail } from './audit-trail.tsx';
import { useRecordTitle } from './record-title.tsx';
import { PepBadge } from './pep.tsx';
import { entity, readableFields } from './queries.ts';
import { sumDecimals } from './decimal-sum.ts';
import { isStatusChipField, valueLabel } from './value-labels.ts';

/** Header card: name, status chip, key figures and the actions allowed here. */
export function HeaderCard({
  model,
  record,
  actions,
  children,
}: {
  model: ModelName;
  record: ApiRecord;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const status = statusFieldOf(model);
  const figures = keyFiguresOf(model);
  const title = useRecordTitle(model, record);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2, justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="overline" color="text.secondary">
            {modelLabel(model)}
          </Typography>
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h2" component="h1" sx={{ wordBreak: 'break-word' }}>
              {title}
            </Typography>
            {status && (
              <StatusChip
                status={record[status.name] as string | null}
                label={valueLabel(status, record[status.name])}
                size="medium"
              />
            )}
            <PepBadge model={model} record={record} size="medium" />
          </Stack>
        </Box>
        {actions && (
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {figures.length > 0 && (
        <Grid container spacing={2} sx={{ mt: 1 }}>
          {figures.map((f) => (
            <Grid key={f.name} size={{ xs: 6, md: 3 }}>
              <Typography variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography variant="h5" component="div">
                <FieldValue field={f} model={model} record={record} />
              </Typography>
            </Grid>
          ))}
        </Grid>
      )}
      {children}
    </Paper>
  );
}

export function FieldGrid({
  model,
  record,
  fields,
}: {
  model: ModelName;
  record: ApiRecord;
  fields: readonly FieldDef[];
}) {
  return (
    <Grid container spacing={2}>
      {fields.map((f) => (
        <Grid
          key={f.name}
          size={{ xs: 12, sm: f.type === 'longtext' ? 12 : 6, md: f.type === 'longtext' ? 12 : 4 }}
        >
          <Typography variant="body2" color="text.secondary">
            {f.label}
          </Typography>
          <Box sx={{ wordBreak: 'break-word' }}>
            <FieldValue field={f} model={model} record={record} />
          </Box>
        </Grid>
      ))}
    </Grid>
  );
}

const unreadableParty = (role: Role, model: ModelName): boolean =>
  scopeOf(role, model, 'read').kind === 'none' && !(role === 'Broker' && isFunderModel(model));

/** Sections of the registry as accordions; Meta last and closed. */
export function SectionList({
  model,
  record,
  hideEmptySections = false,
  hide,
}: {
  model: ModelName;
  record: ApiRecord;
  hideEmptySections?: boolean;
  /** Fields this viewer is not shown (e.g. the analyst's risk bands on the supplier's screens). */
  hide?: ((f: FieldDef) => boolean) | undefined;
}) {
  const e = entity(model);
  const role = useUser().role;
  const groups = useMemo(() => {
    const out: { section: string; fields: FieldDef[] }[] = [];
    for (const f of readableFields(model)) {
      if (isMetaField(f, e) || isInternalField(model, f.name) || hide?.(f)) continue;
      // A party this role can never read (a supplier's broker) is no use as a bare id; a broker
      // still knows a line's investor and SPV by name (entity/funders.ts).
      if (f.type === 'ref' && f.ref && role && unreadableParty(role, f.ref as ModelName)) continue;
      const g = out.find((x) => x.section === f.section);
      if (g) g.fields.push(f);
      else out.push({ section: f.section, fields: [f] });
    }
    return out;
  }, [model, e, hide, role]);
  return (
    <Box sx={{ mb: 2 }}>
      {groups
        .filter(
          (g) =>
            !hideEmptySections ||
            g.fields.some(
              (f) => record[f.name] !== null && record[f.name] !== undefined && record[f.name] !== '',
            ),
        )
        .map((g, i) => (
          <Accordion
            key={g.section}
            defaultExpanded={i < 2}
            disableGutters
            sx={{ '&:before': { display: 'none' }, mb: 1 }}
            // Each section's region is named by its heading, so screen readers can tell them apart.
            slotProps={{ region: { 'aria-labelledby': `${model}-section-${i}` } }}
          >
            <AccordionSummary expandIcon={<ExpandIcon />} id={`${model}-section-${i}`}>
              <Typography variant="h4" component="h2">
                {g.section}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <FieldGrid model={model} record={record} fields={g.fields} />
            </AccordionDetails>
          </Accordion>
        ))}
      <Accordion
        disableGutters
        sx={{ '&:before': { display: 'none' } }}
        slotProps={{ region: { 'aria-labelledby': `${model}-section-record` } }}
      >
        <AccordionSummary expandIcon={<ExpandIcon />} id={`${model}-section-record`}>
          <Typography variant="h4" component="h2">
            Record
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          {/* Created and changed; the record's ids, owner and storage keys are not for people. */}
          <Typography variant="body2" color="text.secondary">
            Created {formatDateTime(record.createdAt)}; last changed {formatDateTime(record.updatedAt)}.
          </Typography>
        </AccordionDetails>
      </Accordion>
      {/* Every change of the record, for administrators (docs/architecture.md, “Audit trail”). */}
      {role === 'Admin' && typeof record.id === 'string' && <RecordAuditTrail model={model} id={record.id} />}
    </Box>
  );
}

export interface RelatedTableProps {
  readonly model: ModelName;
  readonly field: string;
  readonly parentId: string;
  readonly title?: string | undefined;
  readonly columns?: readonly string[] | undefined;
  readonly onAdd?: (() => void) | undefined;
  /** Where a row leads: its first cell is a link there. */
  readonly rowTo?: ((row: ApiRecord) => string) | undefined;
  /** Opens a row without a URL of its own (prefer `rowTo`). */
  readonly onOpen?: ((row: ApiRecord) => void) | undefined;
}

/** Related records as a compact table with its own "Add". */
export function RelatedTable(props: RelatedTableProps) {
  const { model, field, parentId, onAdd, onOpen, rowTo } = props;
  const rowClick = useRowClick(rowTo, onOpen);
  const opens = Boolean(rowTo || onOpen);
  const q = useAll(model, { [field]: { eq: parentId } }, { max: 200 });
  const e = entity(model);
  const cols = props.columns
    ? props.columns.map((n) => e.fieldsByName.get(n)).filter((f): f is FieldDef => Boolean(f))
    : listColumnsOf(model).slice(0, 5);
  const rows = q.data ?? [];
  const title = props.title ?? modelLabel(model, true);
  const people = model === 'Director' || model === 'UBO';
  const ownership = model === 'UBO' ? sumDecimals(rows.map((r) => r.ubo_ownership_percentage)) : null;
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h4" component="h2">
          {title}{' '}
          <Typography component="span" color="text.secondary">
            ({q.isLoading ? '…' : rows.length})
          </Typography>
        </Typography>
        {onAdd && (
          <Button size="small" startIcon={<AddIcon />} onClick={onAdd}>
            Add
          </Button>
        )}
      </Stack>
      {q.isLoading ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : q.error ? (
        <Typography color="error">{q.error.message}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">None yet.</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                {cols.map((c) => (
                  <TableCell
                    key={c.name}
                    align={['money', 'rate', 'integer', 'ratio'].includes(c.type) ? 'right' : 'left'}
                  >
                    {columnLabel(model, c)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow
                  key={r.id}
                  hover={opens}
                  onClick={opens ? (e) => rowClick(r, e) : undefined}
                  sx={{ cursor: opens ? 'pointer' : 'default' }}
                >
                  {cols.map((c, i) => (
                    <TableCell
                      key={c.name}
                      align={['money', 'rate', 'integer', 'ratio'].includes(c.type) ? 'right' : 'left'}
                    >
                      {i === 0 && rowTo ? (
                        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          <Link
                            component={RouterLink}
                            to={rowTo(r)}
                            underline="hover"
                            sx={{ fontWeight: 500 }}
                          >
                            {c.type === 'ref' ? (
                              <FieldValue field={c} model={model} record={r} />
                            ) : (
                              TEXTS[c.type](r[c.name], c, { model, record: r }) || `Open ${modelLabel(model)}`
                            )}
                          </Link>
                          {people && <PepBadge model={model} record={r} />}
                        </Stack>
                      ) : i === 0 && people ? (
                        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                          <span>{TEXTS[c.type](r[c.name], c, { model, record: r }) || '—'}</span>
                          <PepBadge model={model} record={r} />
                        </Stack>
                      ) : c.type === 'ref' ? (
                        <FieldValue field={c} model={model} record={r} />
                      ) : isStatusChipField(c) || c.type === 'attachment' || c.type === 'risk' ? (
                        <FieldValue field={c} model={model} record={r} />
                      ) : (
                        TEXTS[c.type](r[c.name], c, { model, record: r }) || '—'
                      )}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {ownership !== null && (
            <Typography
              variant="body2"
              sx={{ mt: 1, textAlign: 'right', fontWeight: 500 }}
              color={Number(ownership) > 100 ? 'error' : 'text.primary'}
            >
              Total ownership: {ownership} %{Number(ownership) > 100 ? ' (above 100 %)' : ''}
            </Typography>
          )}
        </Box>
      )}
    </Paper>
  );
}
