import { onboardingChecklist, submissionBlockers, type ChecklistItem } from '@rf/domain/rules/onboarding';
import { Alert, AlertTitle, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { humanise } from '../../entity/form-values.ts';
import type { ApiRecord } from '../../entity/graphql-client.ts';
import { entity } from '../../entity/queries.ts';
import { StatusChip } from '../../shared/page.tsx';
import { ChecklistList } from '../../screens/company-checklist.tsx';
import { LatestReason } from '../../screens/status-history.tsx';

/** The checklist facts of a supplier (the server's `onboardingFacts` reads the same rows). */
export function supplierChecklist(
  supplier: ApiRecord,
  related: {
    directors: readonly ApiRecord[];
    ubos: readonly ApiRecord[];
    financials: number;
    documents: number;
  },
): ChecklistItem[] {
  return onboardingChecklist('Supplier', {
    company: supplier,
    directors: related.directors,
    ubos: related.ubos,
    documents: related.documents,
    financials: related.financials,
  });
}

export { submissionBlockers };

/** The checklist's field names in the words of the screens ("supplier_country" → "Country"). */
export const labelled = (text: string): string => humanise(text, entity('Supplier').allFields);

/** What each checklist line leads to on `/app/account`. */
const NEXT_STEP: Record<string, string> = {
  company: 'Edit company',
  attachments: 'Edit company',
  directors: 'Add director',
  ubos: 'Add UBO',
  financials: 'Add financial statements',
  documents: 'Add document',
};

/** The onboarding panel of `/app/account`: review status, what is missing and the next steps. */
export function OnboardingPanel({
  supplierId,
  status,
  items,
  loaded,
  ownership,
  onStep,
}: {
  supplierId: string;
  status: string;
  items: readonly ChecklistItem[];
  loaded: boolean;
  /** Total UBO ownership, or null without UBOs. */
  ownership: string | null;
  onStep: (key: string) => void;
}) {
  const blockers = submissionBlockers(items);
  const submittable = status === 'Draft' || status === 'Declined';
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Onboarding checklist">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Typography variant="h4" component="h2">
          Onboarding
        </Typography>
        <StatusChip status={status} />
      </Stack>
      <Typography color="text.secondary">
        {status === 'Under Review'
          ? 'Your company is being reviewed. We will e-mail you when it is done.'
          : status === 'Approved'
            ? 'Your company is approved. You can request limits for your buyers.'
            : status === 'Declined'
              ? 'Your company was declined. Correct what is asked, then submit it for review again.'
              : 'Complete these steps, then submit your company for review.'}
      </Typography>
      <LatestReason model="Supplier" id={supplierId} field="supplier_status" status={status} />
      {submittable && loaded && blockers.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }} role="status">
          <AlertTitle>&quot;Submit for review&quot; needs these first</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {blockers.map((b) => (
              <li key={b}>{labelled(b)}</li>
            ))}
          </Box>
        </Alert>
      )}
      {submittable && loaded && blockers.length === 0 && (
        <Alert severity="success" sx={{ mt: 1.5 }}>
          Everything needed is there: submit your company for review.
        </Alert>
      )}
      <ChecklistList
        items={items}
        missing={(i) => labelled(i.missing ?? '')}
        ownership={ownership}
        action={(i) =>
          !i.done &&
          (submittable || !i.required) &&
          NEXT_STEP[i.key] && (
            <Button size="small" sx={{ flexShrink: 0 }} onClick={() => onStep(i.key)}>
              {NEXT_STEP[i.key]}
            </Button>
          )
        }
      />
    </Paper>
  );
}
