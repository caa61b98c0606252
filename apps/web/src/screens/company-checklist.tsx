import type { ModelName } from '@rf/domain/entity';
import {
  onboardingChecklist,
  submissionBlockers,
  type ChecklistItem,
  type CompanyModel,
} from '@rf/domain/rules/onboarding';
import { needsEnhancedDueDiligence } from '@rf/domain/rules/record-rules';
import { Alert, AlertTitle, Box, Paper, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { humanise } from '../entity/form-values.ts';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll } from '../entity/hooks.ts';
import { entity } from '../entity/queries.ts';
import { CheckIcon, CloseIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { sumDecimals } from './lines.ts';
import { StatusActions } from './status-actions.tsx';
import { LatestReason } from './status-history.tsx';

const PARTY_FIELD: Record<CompanyModel, string> = {
  Supplier: 'supplierId',
  Investor: 'investorId',
  Spv: 'spvId',
  Broker: 'brokerId',
};

export const isCompanyModel = (model: ModelName): model is CompanyModel => model in PARTY_FIELD;

/**
 * The onboarding checklist of a company
 * (docs/business-rules.md, “Status moves, guards and effects”) from the rows the server's
 * `onboardingFacts` reads: its directors, UBOs, documents and financial statements.
 */
export function useCompanyChecklist(model: CompanyModel, record: ApiRecord) {
  const filter = { [PARTY_FIELD[model]]: { eq: record.id } };
  const directors = useAll('Director', filter, { max: 200 });
  const ubos = useAll('UBO', filter, { max: 200 });
  const documents = useAll('Document', filter, { max: 200 });
  const financials = useAll('Financials', filter, { max: 200 });
  const loaded = Boolean(directors.data && ubos.data && documents.data && financials.data);
  const items: ChecklistItem[] = onboardingChecklist(model, {
    company: record,
    directors: directors.data ?? [],
    ubos: ubos.data ?? [],
    documents: documents.data?.length ?? 0,
    financials: financials.data?.length ?? 0,
  });
  const pep = [
    ...(directors.data ?? []).filter((d) => needsEnhancedDueDiligence('Director', d)),
    ...(ubos.data ?? []).filter((u) => needsEnhancedDueDiligence('UBO', u)),
  ].map((p) => String(p.director_name ?? p.ubo_name ?? 'a person'));
  // Field names become their labels; names of people stay as they are ("David" is no field "id").
  const fields = entity(model).allFields;
  const missing = (i: ChecklistItem) =>
    i.key === 'company' || i.key === 'attachments' ? humanise(i.missing ?? '', fields) : (i.missing ?? '');
  return {
    items,
    missing,
    // The server refuses a submission for the same reasons (submit-company.ts).
    blockers: submissionBlockers(items).length
      ? items.filter((i) => i.required && !i.done).map((i) => `${i.label}: ${missing(i)}`)
      : [],
    loaded,
    ownership: sumDecimals((ubos.data ?? []).map((u) => u.ubo_ownership_percentage)),
    hasUbos: (ubos.data?.length ?? 0) > 0,
    pep: [...new Set(pep)],
  };
}

const statusOf = (model: CompanyModel, record: ApiRecord): string =>
  String(record[`${model.toLowerCase()}_status`] ?? 'Draft');

/** The status moves of a company; "Submit for review" waits for a complete checklist. */
export function CompanyStatusActions({ model, record }: { model: CompanyModel; record: ApiRecord }) {
  const c = useCompanyChecklist(model, record);
  return (
    <StatusActions
      model={model}
      record={record}
      blocked={(m) =>
        m.action === 'Submit for review' && (!c.loaded || c.blockers.length > 0)
          ? c.loaded
            ? `Still missing: ${c.blockers.join('; ')}`
            : 'Checking the onboarding checklist…'
          : null
      }
    />
  );
}

/** The reviewer's view of a company's onboarding: what it has, what it lacks, who needs enhanced due diligence. */
export function CompanyChecklist({ model, record }: { model: CompanyModel; record: ApiRecord }) {
  const c = useCompanyChecklist(model, record);
  const status = statusOf(model, record);
  const open = status === 'Draft' || status === 'Declined';
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Onboarding checklist">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h4" component="h2">
          Onboarding checklist
        </Typography>
        <StatusChip status={status} />
      </Stack>
      <LatestReason model={model} id={record.id} field={`${model.toLowerCase()}_status`} status={status} />
      {c.loaded && open && c.blockers.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }} role="status">
          <AlertTitle>&quot;Submit for review&quot; needs these first</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {c.blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </Box>
        </Alert>
      )}
      {c.loaded && open && c.blockers.length === 0 && (
        <Alert severity="success" sx={{ mt: 1.5 }}>
          Everything needed is there: the company can be submitted for review.
        </Alert>
      )}
      {c.pep.length > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="pep-summary">
          Enhanced due diligence: {c.pep.join(', ')} {c.pep.length === 1 ? 'is a' : 'are'} politically exposed{' '}
          {c.pep.length === 1 ? 'person' : 'persons'}.
        </Alert>
      )}
      {!c.loaded ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Loading...
        </Typography>
      ) : (
        <ChecklistList items={c.items} missing={c.missing} ownership={c.hasUbos ? c.ownership : null} />
      )}
    </Paper>
  );
}

/** The lines of an onboarding checklist: done or missing (and what), optional ones marked, an action each. */
export function ChecklistList({
  items,
  missing,
  ownership,
  action,
}: {
  items: readonly ChecklistItem[];
  missing: (item: ChecklistItem) => string;
  /** Total UBO ownership, or null without UBOs. */
  ownership: string | null;
  action?: (item: ChecklistItem) => ReactNode;
}) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, mt: 1, p: 0 }} aria-label="Checklist">
      {items.map((i) => (
        <Stack
          component="li"
          key={i.key}
          direction="row"
          sx={{ gap: 1.5, alignItems: 'flex-start', py: 0.75 }}
        >
          <Box sx={{ pt: 0.25 }}>
            {i.done ? (
              <CheckIcon color="success" />
            ) : (
              <CloseIcon color={i.required ? 'warning' : 'disabled'} />
            )}
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography>
              {i.label}
              {i.key === 'ubos' && ownership !== null && ` (total ownership ${ownership} %)`}
              {!i.required && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  · optional for the review
                </Typography>
              )}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {i.done ? 'Complete' : `Missing: ${missing(i)}`}
            </Typography>
          </Box>
          {action?.(i)}
        </Stack>
      ))}
    </Stack>
  );
}
