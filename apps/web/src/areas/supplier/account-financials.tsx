import type { FieldDef } from '@rf/domain/fields';
import { lifecycleOf } from '@rf/domain/lifecycle/lifecycles';
import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { notify } from '../../shared/errors.ts';
import { Loading } from '../../shared/status-screens.tsx';
import { HeaderCard, SectionList } from '../../entity/entity-detail.tsx';
import { EntityForm } from '../../entity/entity-form.tsx';
import type { ApiRecord } from '../../entity/graphql-client.ts';
import { useRecord } from '../../entity/hooks.ts';
import { titleOf } from '../../entity/model-meta.ts';
import { PageHeader, StatusChip } from '../../shared/page.tsx';
import { StatusActions } from '../../screens/status-actions.tsx';
import { LatestReason, StatusHistory } from '../../screens/status-history.tsx';

const COMPANY = { label: 'Company', to: '/app/account' };
const STATUS = 'financials_status';

/**
 * What the supplier is not shown of its statements: the party ids, and the risk bands, which are
 * the analyst's assessment (docs/business-rules.md, “Buyer risk bands, score and grade”: set by
 * the analyst). The screens show risk grades only to those who decide on limits (Limits and
 * Obligors of investor, SPV and broker; the admin's detail screens) and the supplier's buyer card
 * carries none, so the supplier area shows no band, score or grade. The supplier cannot set them
 * either (policy/fields.ts).
 */
export const hiddenFromSupplier = (f: FieldDef): boolean => f.type === 'risk' || f.type === 'ref';

/** Party statements start Under Review; the server may leave the field empty until a move. */
export function reviewStatusOf(record: ApiRecord): string {
  const v = record[STATUS];
  return typeof v === 'string' && v ? v : (lifecycleOf('Financials', STATUS)?.initial ?? 'Under Review');
}

/**
 * `/app/account?add=financials`: the statements form the admin and broker use (FinancialsCreateScreen):
 * entry by section with the statement files; the derived figures are computed by the server.
 */
export function NewFinancialsView({
  supplierId,
  onSaved,
  onCancel,
}: {
  supplierId: string;
  onSaved: (record: ApiRecord) => void;
  onCancel: () => void;
}) {
  return (
    <>
      <PageHeader
        title="New financial statements"
        crumbs={[COMPANY, { label: 'New financial statements' }]}
      />
      <EntityForm
        model="Financials"
        fixed={{ supplierId }}
        hideRefs
        hideServerFields
        submitLabel="Save financial statements"
        onSaved={(r) => {
          notify('Financial statements saved.');
          onSaved(r);
        }}
        onCancel={onCancel}
      />
    </>
  );
}

/**
 * `/app/account?financials=<id>`: the supplier's statements with their figures, review status and
 * decline reason; `&edit=1` corrects them, and a declined statement is resubmitted from here.
 */
export function FinancialsView({
  id,
  editing,
  onEdit,
  onBack,
}: {
  id: string;
  editing: boolean;
  onEdit: (on: boolean) => void;
  onBack: () => void;
}) {
  const q = useRecord('Financials', id);
  if (q.isLoading) return <Loading />;
  const record = q.data;
  if (!record) {
    return (
      <>
        <PageHeader title="Financial statements" crumbs={[COMPANY, { label: 'Financial statements' }]} />
        <Alert severity={q.error ? 'error' : 'warning'} action={<Button onClick={onBack}>Back</Button>}>
          {q.error?.message ?? 'These financial statements do not exist or were deleted.'}
        </Alert>
      </>
    );
  }
  const status = reviewStatusOf(record);
  const declined = status === 'Declined';
  const title = `Financial statements ${titleOf('Financials', record)}`;
  if (editing) {
    return (
      <>
        <PageHeader
          title={declined ? `Correct ${title.toLowerCase()}` : `Edit ${title.toLowerCase()}`}
          crumbs={[COMPANY, { label: title, to: `/app/account?financials=${id}` }, { label: 'Edit' }]}
        />
        {declined && (
          <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Why they were declined">
            <Typography color="text.secondary" sx={{ mb: 0.5 }}>
              Declined. Correct what is asked, save, then resubmit.
            </Typography>
            <LatestReason model="Financials" id={id} field={STATUS} status={status} />
          </Paper>
        )}
        <EntityForm
          model="Financials"
          record={record}
          hideRefs
          hideServerFields
          submitLabel="Save financial statements"
          onSaved={() => {
            notify(
              declined
                ? 'Financial statements saved. Resubmit them for review when they are ready.'
                : 'Financial statements saved.',
            );
            onEdit(false);
          }}
          onCancel={() => onEdit(false)}
          onDeleted={() => {
            notify('Financial statements deleted.');
            onBack();
          }}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title="" crumbs={[COMPANY, { label: title }]} />
      <HeaderCard
        model="Financials"
        record={{ ...record, [STATUS]: status }}
        actions={
          <>
            <StatusActions model="Financials" record={record} />
            <Button variant={declined ? 'contained' : 'outlined'} onClick={() => onEdit(true)}>
              {declined ? 'Correct' : 'Edit'}
            </Button>
          </>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }} component="section" aria-label="Review status">
        <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary">Review status</Typography>
          <StatusChip status={status} />
          <Typography variant="body2" color="text.secondary">
            {declined
              ? 'Correct what is asked, then resubmit the statements for review.'
              : status === 'Approved'
                ? 'The platform has approved these statements.'
                : 'The platform reviews these statements with your company.'}
          </Typography>
        </Stack>
        <LatestReason model="Financials" id={id} field={STATUS} status={status} />
      </Paper>
      <StatusHistory model="Financials" id={id} record={record} />
      <SectionList model="Financials" record={{ ...record, [STATUS]: status }} hide={hiddenFromSupplier} />
    </>
  );
}
