import type { ModelName } from '@rf/domain/entity';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { TEXTS } from '../entity/field-view.tsx';
import { formatDateTime } from '../entity/format.ts';
import { entity } from '../entity/queries.ts';
import { useStatusHistory, type StatusHistoryEntry } from '../entity/status-api.ts';
import { StatusChip } from '../shared/page.tsx';
import { actionOfEntry, machineFieldsOf } from './status-moves.ts';

const ROLE_LABEL: Record<string, string> = { Spv: 'SPV' };

/** "Ada Admin (Admin)", or the role alone when the server kept no name. */
export function actorOf(e: Pick<StatusHistoryEntry, 'actorName' | 'actorRole'>): string {
  const role = ROLE_LABEL[e.actorRole] ?? e.actorRole;
  return e.actorName ? `${e.actorName} (${role})` : role;
}

/**
 * The fields an action changed, as the screen shows them: "Approved limit: USD 500,000.00 →
 * USD 400,000.00"; fields the viewer's registry does not know are left out.
 */
export function changedFields(
  model: ModelName,
  entry: Pick<StatusHistoryEntry, 'changes'>,
  record?: Readonly<Record<string, unknown>> | null,
): { label: string; before: string; after: string }[] {
  const e = entity(model);
  return Object.entries(entry.changes ?? {}).flatMap(([name, pair]) => {
    const f = e.fieldsByName.get(name);
    if (!f || !Array.isArray(pair)) return [];
    const [before, after] = pair as readonly [unknown, unknown];
    const text = (v: unknown) =>
      v === null || v === undefined || v === ''
        ? '—'
        : TEXTS[f.type](v, f, { model, record: { ...(record ?? {}), [name]: v } }) || '—';
    return [{ label: f.label, before: text(before), after: text(after) }];
  });
}

/** Newest first, so the latest decision and its reason lead. */
export function newestFirst(entries: readonly StatusHistoryEntry[]): StatusHistoryEntry[] {
  return [...entries].sort((a, b) => b.changedAt.localeCompare(a.changedAt));
}

/**
 * The detail screen's history panel: every operation on the record
 * (status moves and actions) named by its declaration, with who ran it, when, the reason, and for
 * an action the fields it changed.
 */
export function StatusHistory({
  model,
  id,
  record,
}: {
  model: ModelName;
  id: string;
  record?: Readonly<Record<string, unknown>> | null;
}) {
  const q = useStatusHistory(model, id);
  const fields = machineFieldsOf(model, record);
  const labelOf = (field: string) => entity(model).fieldsByName.get(field)?.label ?? field;
  const rows = newestFirst(q.data ?? []);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="History">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        History
      </Typography>
      {q.isLoading ? (
        <Typography color="text.secondary">Loading...</Typography>
      ) : q.error ? (
        <Typography color="error">{q.error.message}</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">
          No status changes yet. Approvals, declines and resubmissions appear here with who made them, when
          and why.
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rows.map((e, i) => (
            <Box
              component="li"
              key={`${e.changedAt}-${i}`}
              sx={{ py: 1, borderTop: i ? 1 : 0, borderColor: 'divider' }}
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                sx={{ gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'baseline' } }}
              >
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ minWidth: 150, whiteSpace: 'nowrap' }}
                >
                  {formatDateTime(e.changedAt)}
                </Typography>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 500 }}>{actionOfEntry(model, e)}</Typography>
                    {fields.length > 1 && (
                      <Typography variant="body2" color="text.secondary">
                        {labelOf(e.field)}
                      </Typography>
                    )}
                    {e.from && e.from !== e.to && <StatusChip status={e.from} />}
                    {e.from && e.from !== e.to && <Typography aria-label="to">→</Typography>}
                    {e.from !== e.to && <StatusChip status={e.to} />}
                  </Stack>
                  {changedFields(model, e, record).map((c) => (
                    <Typography key={c.label} variant="body2">
                      {c.label}: {c.before} → {c.after}
                    </Typography>
                  ))}
                  <Typography variant="body2" color="text.secondary">
                    by {actorOf(e)}
                  </Typography>
                  {e.comment && (
                    <Typography
                      variant="body2"
                      sx={{ mt: 0.5, whiteSpace: 'pre-wrap', borderLeft: 3, borderColor: 'divider', pl: 1 }}
                    >
                      {e.comment}
                    </Typography>
                  )}
                </Box>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** The comment of the move that brought the record to its current state (e.g. why it was declined). */
export function LatestReason({
  model,
  id,
  field,
  status,
  label,
}: {
  model: ModelName;
  id: string;
  field: string;
  status: string | null;
  /** A caption shown above the reason, only when there is one. */
  label?: string;
}) {
  const q = useStatusHistory(model, id);
  // Moves only: an action since (signed copies attached) keeps the state and its reason.
  const last = newestFirst((q.data ?? []).filter((e) => e.field === field && e.from !== e.to))[0];
  if (!last || last.to !== status || !last.comment) return null;
  return (
    <>
      {label && (
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {actorOf(last)}:
        </Box>{' '}
        {last.comment}
      </Typography>
    </>
  );
}
