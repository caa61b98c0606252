import { MODEL_NAMES, type ModelName } from '@rf/domain/entity';
import { Box, Button, Grid, Link, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuditEvents, type AuditEvent } from '../../entity/audit-api.ts';
import { auditModelLabel } from '../../entity/audit-text.ts';
import { AuditTrailBody } from '../../entity/audit-trail.tsx';
import { useAll } from '../../entity/hooks.ts';
import { useSearchBox } from '../../entity/use-list-state.ts';
import { ownerPath } from '../../screens/document-owners.tsx';
import { organisationsOf } from '../../screens/organisations.ts';
import { PageHeader } from '../../shared/page.tsx';
import { AUDIT_PARAMS, auditFilterOf, type AuditParam } from './audit-filter.ts';

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** Where an event's record opens in the admin area, when it has a page. */
function recordPath(e: AuditEvent): string | undefined {
  if ((e.model === 'Usergroup' || e.model === 'User') && e.ownerGroupId)
    return `/admin/user/${encodeURIComponent(e.ownerGroupId)}`;
  if (!e.recordId) return undefined;
  if (e.model === 'Bookkeeping') return `/admin/bookkeeping/${encodeURIComponent(e.recordId)}`;
  return (MODEL_NAMES as readonly string[]).includes(e.model)
    ? ownerPath('admin', e.model as ModelName, e.recordId)
    : undefined;
}

/**
 * `/admin/audit`: the audit trail of the whole platform (docs/architecture.md, “Audit trail”),
 * newest first, filtered by user, organisation, kind of record, record and period; the filters
 * live in the address, so a filtered view can be linked to.
 */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const filter = useMemo(() => auditFilterOf(new URLSearchParams(key)), [key]);
  const query = useAuditEvents(filter);
  const memberships = useAll('Usergroup', undefined, { max: 10000 });
  const organisations = useMemo(() => organisationsOf(memberships.data ?? []), [memberships.data]);
  const users = useMemo(() => {
    const bySub = new Map<string, string>();
    for (const m of memberships.data ?? [])
      if (typeof m.sub === 'string' && m.sub)
        bySub.set(m.sub, [m.user_name, m.user_email].filter(Boolean).join(' · ') || m.sub);
    return [...bySub].sort((a, b) => a[1].localeCompare(b[1]));
  }, [memberships.data]);
  const names = useMemo(() => new Map(organisations.map((o) => [o.groupId, o.name])), [organisations]);
  const set = useCallback(
    (name: AuditParam, value: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onRecord = useCallback((text: string) => set('record', text), [set]);
  const [record, setRecord] = useSearchBox(params.get('record') ?? '', onRecord);
  const filtered = AUDIT_PARAMS.some((p) => params.get(p));
  const select = (name: AuditParam, label: string, options: readonly (readonly [string, string])[]) => (
    <TextField
      select
      fullWidth
      label={label}
      value={params.get(name) ?? ''}
      onChange={(e) => set(name, e.target.value)}
    >
      <MenuItem value="">All</MenuItem>
      {options.map(([value, text]) => (
        <MenuItem key={value} value={value}>
          {text}
        </MenuItem>
      ))}
    </TextField>
  );
  const day = (name: 'from' | 'to', label: string) => (
    <TextField
      fullWidth
      type="date"
      label={label}
      value={params.get(name) ?? ''}
      onChange={(e) => set(name, e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  const recordOf = (e: AuditEvent) => {
    const path = recordPath(e);
    const owner = e.ownerGroupId ? names.get(e.ownerGroupId) : undefined;
    const what = capital(auditModelLabel(e.model));
    return (
      <>
        {path ? (
          <Link component={RouterLink} to={path} underline="hover">
            {what}
          </Link>
        ) : (
          what
        )}
        {owner ? ` of ${owner}` : ''}
      </>
    );
  };
  return (
    <>
      <PageHeader title="Audit trail" />
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Filters">
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>{select('user', 'User', users)}</Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {select(
              'org',
              'Organisation',
              organisations.map((o) => [o.groupId, o.name] as const),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            {select(
              'model',
              'Kind of record',
              [...MODEL_NAMES, 'User', 'File'].map((m) => [m, capital(auditModelLabel(m))] as const),
            )}
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              fullWidth
              label="Record id"
              value={record}
              onChange={(e) => setRecord(e.target.value)}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>{day('from', 'From')}</Grid>
          <Grid size={{ xs: 6, md: 2 }}>{day('to', 'To')}</Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
            {filtered && (
              <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Clear filters
              </Button>
            )}
          </Grid>
        </Grid>
      </Paper>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }} component="section" aria-label="Events">
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2" color="text.secondary">
            Every create, change, delete, operation, sign-in and sign-out, newest first. Nothing here can be
            edited or removed.
          </Typography>
        </Box>
        <AuditTrailBody
          query={query}
          empty={filtered ? 'No events match these filters.' : 'No events are recorded yet.'}
          organisationOf={(id) => names.get(id)}
          recordOf={recordOf}
        />
      </Paper>
    </>
  );
}
