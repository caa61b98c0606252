import { Alert, Button } from '@mui/material';
import { useNavigate, useParams, useSearchParams, Link as RouterLink } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { useUser } from '../auth/user-context.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { HeaderCard, RelatedTable, SectionList } from '../entity/entity-detail.tsx';
import { useRecord } from '../entity/hooks.ts';
import { machineFieldsOf, modelLabel } from '../entity/model-meta.ts';
import { useRecordTitle } from '../entity/record-title.tsx';
import { PageHeader } from '../shared/page.tsx';
import { StatusActions } from './status-actions.tsx';
import { BuyerRiskPanel, FinancialsRiskPanel } from './risk-panel.tsx';
import { InsurancePanel } from './insurance-parts.tsx';
import { RequestPostingsPanel } from './request-postings.tsx';
import { DocumentVersions } from './document-versions.tsx';
import { DocumentOwners } from './document-owners.tsx';
import { CompanyChecklist, CompanyStatusActions, isCompanyModel } from './company-checklist.tsx';
import { StatusHistory } from './status-history.tsx';
import { fillPattern, type DetailScreenConfig } from './types.ts';

/** A detail route: header card with the status moves, related tables, the status history, sections; `?edit=1` shows the form. */
export function DetailScreen(config: DetailScreenConfig) {
  const { model } = config;
  const { id } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const user = useUser();
  const q = useRecord(model, id);
  const editing = search.get('edit') === '1' && config.editable;
  const title = useRecordTitle(model, q.data);
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data) {
    return (
      <>
        <PageHeader
          title={modelLabel(model)}
          crumbs={config.listTo ? [{ label: config.listLabel ?? '', to: config.listTo }] : []}
        />
        <Alert severity={q.error ? 'error' : 'warning'}>
          {q.error
            ? q.error.message
            : `This ${modelLabel(model)} does not exist or you do not have access to it.`}
        </Alert>
      </>
    );
  }
  const record = q.data;
  // The reviewer sees a company's onboarding checklist; "Submit for review" waits for it
  // (docs/business-rules.md, “Status moves, guards and effects”).
  const company = user.role === 'Admin' && isCompanyModel(model) ? model : null;
  const crumbs = [
    ...(config.listTo ? [{ label: config.listLabel ?? modelLabel(model, true), to: config.listTo }] : []),
    { label: title, to: editing ? `?` : undefined },
    ...(editing ? [{ label: 'Edit' }] : []),
  ];
  if (editing) {
    return (
      <>
        <PageHeader title={`Edit ${title}`} crumbs={crumbs} />
        <EntityForm
          model={model}
          record={record}
          hideServerFields={user.role !== 'Admin'}
          hideRefs={user.role !== 'Admin'}
          onSaved={() => {
            notify(`${modelLabel(model).replace(/^./, (c) => c.toUpperCase())} saved.`);
            setSearch({});
          }}
          onCancel={() => setSearch({})}
          onDeleted={
            config.deletable
              ? () => {
                  notify(`${modelLabel(model).replace(/^./, (c) => c.toUpperCase())} deleted.`);
                  navigate(config.afterDelete ?? config.listTo ?? '..', { replace: true });
                }
              : undefined
          }
        />
      </>
    );
  }
  return (
    <>
      {config.listTo && <PageHeader title="" crumbs={crumbs} />}
      <HeaderCard
        model={model}
        record={record}
        actions={
          <>
            {company ? (
              <CompanyStatusActions model={company} record={record} />
            ) : (
              <StatusActions model={model} record={record} />
            )}
            {config.links?.map((l) => (
              <Button key={l.label} variant="outlined" component={RouterLink} to={fillPattern(l.to, record)}>
                {l.label}
              </Button>
            ))}
            {config.editable && (
              <Button variant="outlined" onClick={() => setSearch({ edit: '1' })}>
                Edit
              </Button>
            )}
          </>
        }
      />
      {config.risk && model === 'Buyer' && <BuyerRiskPanel buyer={record} />}
      {config.risk && model === 'Financials' && <FinancialsRiskPanel statement={record} />}
      {config.insurance && (
        <InsurancePanel
          {...(model === 'Buyer' ? { buyerId: record.id } : { insuranceId: record.id })}
          admin={user.role === 'Admin'}
        />
      )}
      {config.postings && typeof record.requestId === 'string' && (
        <RequestPostingsPanel requestId={record.requestId} area={config.area} />
      )}
      {company && <CompanyChecklist model={company} record={record} />}
      {config.related?.map((r) => (
        <RelatedTable
          key={`${r.model}-${r.field}`}
          model={r.model}
          field={r.field}
          parentId={record.id}
          title={r.title}
          columns={r.columns}
          onAdd={r.add ? () => navigate(fillPattern(r.add as string, record)) : undefined}
          rowTo={r.rowTo ? (row) => fillPattern(r.rowTo as string, row) : undefined}
        />
      ))}
      {model === 'Document' && <DocumentOwners record={record} area={config.area} />}
      {model === 'Document' && <DocumentVersions id={record.id} />}
      {machineFieldsOf(model, record).length > 0 && (
        <StatusHistory model={model} id={record.id} record={record} />
      )}
      <SectionList model={model} record={record} />
    </>
  );
}
