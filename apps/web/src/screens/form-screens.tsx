import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { RelatedTable } from '../entity/entity-detail.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { useRecord } from '../entity/hooks.ts';
import { PepBadge } from '../entity/pep.tsx';
import { machineFieldsOf, modelLabel, titleOf } from '../entity/model-meta.ts';
import type { AreaKey } from '../shared/areas.ts';
import { PageHeader, StatusChip } from '../shared/page.tsx';
import { StatusActions } from './status-actions.tsx';
import { LatestReason, StatusHistory } from './status-history.tsx';
import { fillPattern, type CreateScreenConfig, type EditScreenConfig } from './types.ts';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A "new record" route: the route parameters fill the parent and owner fields (docs/architecture.md, “Route parameters”). */
export function CreateScreen(config: CreateScreenConfig) {
  const { model, parent } = config;
  const params = useParams();
  const navigate = useNavigate();
  const user = useUser();
  const parentId = parent ? params[parent.param ?? 'id'] : undefined;
  const parentQ = useRecord(parent?.model ?? model, parent ? parentId : undefined);
  if (parent && parentQ.isLoading) return <Loading />;
  if (parent && (parentQ.error || !parentQ.data)) {
    return (
      <Alert severity="error">
        {parentQ.error?.message ?? `The ${modelLabel(parent.model)} of this page does not exist.`}
      </Alert>
    );
  }
  if (config.fromProfile && !user.record && Object.values(config.fromProfile).includes('recordId')) {
    return (
      <Alert severity="info">
        {user.loading
          ? 'Loading...'
          : 'Your company details are not complete yet. Add them under Company first.'}
      </Alert>
    );
  }
  const parentRecord = parentQ.data ?? null;
  const fixed: Record<string, unknown> = {};
  if (parent && parentRecord) {
    fixed[parent.field ?? `${parent.model.charAt(0).toLowerCase()}${parent.model.slice(1)}Id`] =
      parentRecord.id;
    if (parent.inheritOwner && user.role !== 'Supplier') {
      if (parentRecord.userId) fixed.userId = parentRecord.userId;
      if (parentRecord.identityId) fixed.identityId = parentRecord.identityId;
    }
  }
  for (const [field, p] of Object.entries(config.fromParams ?? {})) {
    const v = params[p];
    if (v && v !== '-') fixed[field] = v;
  }
  for (const [field, source] of Object.entries(config.fromProfile ?? {})) {
    const v = source === 'recordId' ? user.record?.id : source === 'groupId' ? user.groupId : user.identityId;
    if (v) fixed[field] = v;
  }
  const label = modelLabel(model);
  const title = config.title ?? `New ${label}`;
  const parentCrumbs =
    parent && parentRecord
      ? [
          ...(parent.listTo
            ? [{ label: parent.listLabel ?? modelLabel(parent.model, true), to: parent.listTo }]
            : []),
          ...(parent.to
            ? [{ label: titleOf(parent.model, parentRecord), to: fillPattern(parent.to, params) }]
            : []),
        ]
      : [];
  const crumbs = [
    ...(config.crumbs ?? []).map((c) => ({
      label: c.label,
      to: c.to ? fillPattern(c.to, params) : undefined,
    })),
    ...parentCrumbs,
    { label: title },
  ];
  const back = (created?: string) => fillPattern(config.back, params, created ? { created } : {});
  return (
    <>
      <PageHeader title={title} crumbs={crumbs} />
      <EntityForm
        model={model}
        fixed={fixed}
        sections={config.sections}
        omit={config.omit}
        hideRefs={user.role !== 'Admin'}
        hideServerFields={user.role !== 'Admin'}
        submitLabel={`Save ${label}`}
        onSaved={(r) => {
          notify(`${cap(label)} saved.`);
          navigate(back(r.id));
        }}
        onCancel={() => (config.back.includes(':created') ? navigate(-1) : navigate(back()))}
      />
    </>
  );
}

/** An "update" route: the record's form, with its review status, the owner's moves (e.g. resubmit) and its history. */
export function EditScreen(config: EditScreenConfig) {
  const { model } = config;
  const params = useParams();
  const navigate = useNavigate();
  const user = useUser();
  const q = useRecord(model, params.id);
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <Alert severity="error">{q.error?.message ?? `This ${modelLabel(model)} does not exist.`}</Alert>;
  const record = q.data;
  const back = fillPattern(config.back, params, record);
  const statusFields = machineFieldsOf(model, record);
  return (
    <>
      <PageHeader
        title={config.title ?? `Edit ${titleOf(model, record)}`}
        crumbs={[
          ...(config.crumbs ?? []).map((c) => ({ label: c.label, to: c.to })),
          { label: titleOf(model, record) },
        ]}
        actions={statusFields.length > 0 ? <StatusActions model={model} record={record} /> : undefined}
      />
      {statusFields.map((f) => (
        <Paper key={f} sx={{ p: 2, mb: 2 }} component="section" aria-label="Review status">
          <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography color="text.secondary">Review status</Typography>
            <StatusChip status={(record[f] as string | null) ?? null} />
            <PepBadge model={model} record={record} />
            {record[f] === 'Declined' && (
              <Typography variant="body2" color="text.secondary">
                Correct what is asked, save, then resubmit.
              </Typography>
            )}
            {record[f] === 'Approved' && user.role !== 'Admin' && (
              <Typography variant="body2" color="text.secondary">
                Approved. Changing it sends it back for review.
              </Typography>
            )}
          </Stack>
          <LatestReason
            model={model}
            id={record.id}
            field={f}
            status={(record[f] as string | null) ?? null}
          />
        </Paper>
      ))}
      <EntityForm
        model={model}
        record={record}
        hideRefs={user.role !== 'Admin'}
        hideServerFields={user.role !== 'Admin'}
        onSaved={() => {
          // A declined record stays open after its correction is saved, for the owner's "Resubmit".
          const declined = statusFields.some((f) => record[f] === 'Declined');
          notify(
            declined
              ? `${cap(modelLabel(model))} saved. Resubmit it for review when it is ready.`
              : `${cap(modelLabel(model))} saved.`,
          );
          if (declined) window.scrollTo({ top: 0 });
          else navigate(back);
        }}
        onCancel={() => navigate(back)}
        onDeleted={() => {
          notify(`${cap(modelLabel(model))} deleted.`);
          navigate(back);
        }}
      />
      {statusFields.length > 0 && (
        <Stack sx={{ mt: 2 }}>
          <StatusHistory model={model} id={record.id} record={record} />
        </Stack>
      )}
    </>
  );
}

/** `…newfinancials/{id}/{buyId}/{ident}`: statements owned by organisation `id`, describing Buyer `buyId`. */
export function FinancialsCreateScreen({ area }: { area: AreaKey }) {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const buyId = params.buyId && params.buyId !== '-' ? params.buyId : undefined;
  // The company the statements describe, when not a buyer: `?supplierId=` (or investorId, spvId, brokerId).
  const party = (['supplierId', 'investorId', 'spvId', 'brokerId'] as const).find((f) => search.get(f));
  const partyId = party ? (search.get(party) ?? undefined) : undefined;
  const buyer = useRecord('Buyer', buyId);
  const base = `/${area}`;
  const fixed: Record<string, unknown> = {};
  if (params.id && params.id !== '-') fixed.userId = params.id;
  if (params.ident && params.ident !== '-') fixed.identityId = params.ident;
  if (buyId) fixed.buyerId = buyId;
  if (party && partyId) fixed[party] = partyId;
  const parentPath = buyId
    ? area === 'admin' || area === 'broker'
      ? `${base}/buyer/${buyId}`
      : base
    : party && partyId
      ? `${base}/${party.replace(/Id$/, '')}/${partyId}`
      : `${base}/dashboard`;
  if (buyId && buyer.isLoading) return <Loading />;
  return (
    <>
      <PageHeader
        title="New financial statements"
        crumbs={[
          ...(buyer.data ? [{ label: titleOf('Buyer', buyer.data), to: parentPath }] : []),
          { label: 'New financial statements' },
        ]}
      />
      <EntityForm
        model="Financials"
        fixed={fixed}
        hideRefs
        hideServerFields={area !== 'admin'}
        submitLabel="Save financial statements"
        onSaved={(r) => {
          notify('Financial statements saved.');
          navigate(area === 'broker' ? parentPath : `${base}/financials/${r.id}`);
        }}
        onCancel={() => navigate(parentPath)}
      />
    </>
  );
}

/** What a line's financial statements show in a list: the statement and the ratios derived from it. */
const LINE_FINANCIALS_COLUMNS = [
  'financials_reporting_period',
  'financials_status',
  'sales',
  'working_capital',
  'current_ratio',
  'interest_coverage',
  'debt_equity_ratio',
];

/**
 * The investor's `investornewfinancials/{id}/{buyId}/{ident}` route: a funder reads a buyer line's
 * financial statements but never enters them; the supplier, its broker or an administrator does
 * (docs/business-rules.md, “Party records and inviting users”; the server refuses a funder's
 * create or update). So the route lists the line's statements, each opening read-only, with who
 * keeps them.
 */
export function LineFinancialsScreen({ area }: { area: 'investor' | 'spv' }) {
  const params = useParams();
  const buyId = params.buyId && params.buyId !== '-' ? params.buyId : undefined;
  const buyer = useRecord('Buyer', buyId);
  if (buyer.isLoading) return <Loading />;
  const base = `/${area}`;
  const lineTo = buyId ? `${base}/buyer/${buyId}` : `${base}/obligors`;
  return (
    <>
      <PageHeader
        title="Financial statements"
        crumbs={[
          { label: 'Obligors', to: `${base}/obligors` },
          ...(buyer.data ? [{ label: titleOf('Buyer', buyer.data), to: lineTo }] : []),
          { label: 'Financial statements' },
        ]}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        A line’s financial statements are entered by its supplier, the supplier’s broker or an administrator.
        As the line’s {area === 'spv' ? 'SPV' : 'investor'} you read them here and on the buyer’s page.
      </Alert>
      {buyer.data ? (
        <RelatedTable
          model="Financials"
          field="buyerId"
          parentId={buyer.data.id}
          columns={LINE_FINANCIALS_COLUMNS}
          {...(area === 'investor' ? { rowTo: (row) => `${base}/financials/${row.id}` } : {})}
        />
      ) : (
        <Alert severity="warning">
          {buyer.error?.message ?? 'This buyer line does not exist or you do not have access to it.'}
        </Alert>
      )}
    </>
  );
}
