import { isModelName } from '@rf/domain/registry';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ExpandIcon } from '../shared/icons.tsx';
import { useAuditEvents, type AuditEvent } from './audit-api.ts';
import {
  auditActionLabel,
  auditActorText,
  auditChangeTexts,
  auditFieldOf,
  auditModelLabel,
} from './audit-text.ts';
import { FieldValue } from './field-view.tsx';
import { formatDateTime } from './format.ts';
import { useAll } from './hooks.ts';

/** Organisation names by id, from their memberships (the first one's name). */
export function useOrganisationNames(): (groupId: string) => string | undefined {
  const q = useAll('Usergroup', undefined, { max: 10000 });
  const names = useMemo(() => {
    const byId = new Map<string, string>();
    for (const m of q.data ?? [])
      if (typeof m.groupId === 'string' && typeof m.group_name === 'string' && !byId.has(m.groupId))
        byId.set(m.groupId, m.group_name);
    return byId;
  }, [q.data]);
  return useCallback((groupId) => names.get(groupId), [names]);
}

/**
 * A value of a change: a reference by the name of what it points at, the owner by its
 * organisation's name, anything else as the registry formats it.
 */
function ChangeValue(props: {
  model: string;
  field: string;
  value: unknown;
  text: string;
  organisationOf?: ((groupId: string) => string | undefined) | undefined;
}) {
  const { model, field, value, text } = props;
  const f = auditFieldOf(model, field);
  if (typeof value !== 'string' || !value) return <>{text}</>;
  if (field === 'userId') return <>{props.organisationOf?.(value) ?? value}</>;
  if (f?.type === 'ref' && isModelName(model))
    return <FieldValue field={f} model={model} record={{ [field]: value }} />;
  return <>{text}</>;
}

/**
 * Audit events as a list, newest first: when, what was done (to which record, when `recordOf`
 * names it), each changed field before → after, who and from where
 * (docs/architecture.md, “Audit trail”).
 */
export function AuditEventList({
  events,
  organisationOf,
  recordOf,
}: {
  events: readonly AuditEvent[];
  /** The name of an organisation, when known. */
  organisationOf?: ((groupId: string) => string | undefined) | undefined;
  /** The record an event is about, as a link or words; none on the record's own page. */
  recordOf?: ((event: AuditEvent) => ReactNode) | undefined;
}) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((e, i) => {
        const organisation = e.actorGroupId ? organisationOf?.(e.actorGroupId) : undefined;
        return (
          <Box
            component="li"
            key={e.id}
            aria-label={`${auditActionLabel(e.action)} ${formatDateTime(e.at)}`}
            sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider', minWidth: 0 }}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0.25, sm: 2 } }}>
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 150, whiteSpace: 'nowrap' }}>
                {formatDateTime(e.at)}
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0, wordBreak: 'break-word' }}>
                <Typography sx={{ fontWeight: 500 }}>
                  {auditActionLabel(e.action)}
                  {recordOf && (
                    <>
                      {' · '}
                      {recordOf(e)}
                    </>
                  )}
                </Typography>
                {auditChangeTexts(e.model, e.changes).map((c) => (
                  <Typography key={c.field} variant="body2">
                    {c.label}:{' '}
                    <ChangeValue
                      model={e.model}
                      field={c.field}
                      value={c.old}
                      text={c.before}
                      organisationOf={organisationOf}
                    />{' '}
                    →{' '}
                    <ChangeValue
                      model={e.model}
                      field={c.field}
                      value={c.new}
                      text={c.after}
                      organisationOf={organisationOf}
                    />
                  </Typography>
                ))}
                {e.detail && <Typography variant="body2">{e.detail}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  by {auditActorText(e)}
                  {organisation ? `, ${organisation}` : ''}
                </Typography>
                {e.address && (
                  <Typography
                    variant="body2"
                    color="text.secondary"
                    title={e.userAgent ?? undefined}
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  >
                    from {e.address}
                    {e.userAgent ? ` · ${e.userAgent}` : ''}
                  </Typography>
                )}
              </Box>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

/** A page of a trail with its loading, error, empty and "Show more" states. */
export function AuditTrailBody({
  query,
  empty,
  ...list
}: {
  query: ReturnType<typeof useAuditEvents>;
  empty: string;
} & Omit<Parameters<typeof AuditEventList>[0], 'events'>) {
  const events = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isLoading) return <Typography color="text.secondary">Loading...</Typography>;
  if (query.error) return <Typography color="error">{query.error.message}</Typography>;
  if (!events.length) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <>
      <AuditEventList events={events} {...list} />
      {query.hasNextPage && (
        <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={{ mt: 1 }}>
          {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </>
  );
}

function RecordTrail({ model, id }: { model: string; id: string }) {
  const query = useAuditEvents({ model, recordId: id }, { pageSize: 20 });
  const organisationOf = useOrganisationNames();
  return (
    <>
      <AuditTrailBody
        query={query}
        organisationOf={organisationOf}
        empty={`No changes of this ${auditModelLabel(model)} are recorded yet.`}
      />
      <Link
        component={RouterLink}
        to={`/admin/audit?record=${encodeURIComponent(id)}`}
        sx={{ mt: 1, display: 'inline-block' }}
      >
        Open in the audit trail
      </Link>
    </>
  );
}

/**
 * The "Audit trail" section of a record's detail, for administrators: every change of the record,
 * who made it, when and from where. Loaded when opened.
 */
export function RecordAuditTrail({ model, id }: { model: string; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Accordion
      expanded={open}
      onChange={(_e, expanded) => setOpen(expanded)}
      disableGutters
      sx={{ '&:before': { display: 'none' }, mt: 1 }}
      slotProps={{ region: { 'aria-labelledby': `${model}-section-audit` } }}
    >
      <AccordionSummary expandIcon={<ExpandIcon />} id={`${model}-section-audit`}>
        <Typography variant="h4" component="h2">
          Audit trail
        </Typography>
      </AccordionSummary>
      <AccordionDetails>{open && <RecordTrail model={model} id={id} />}</AccordionDetails>
    </Accordion>
  );
}
