import { Button, Paper, Typography } from '@mui/material';
import { ChecklistList } from '../../screens/company-checklist.tsx';
import { PayoutAccountSection } from '../../screens/bank-account-payout.tsx';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../shared/errors.ts';
import { Loading } from '../../shared/status-screens.tsx';
import { useUser } from '../../auth/user-context.tsx';
import { HeaderCard, RelatedTable, SectionList } from '../../entity/entity-detail.tsx';
import { EntityForm } from '../../entity/entity-form.tsx';
import { useAll } from '../../entity/hooks.ts';
import { AddIcon } from '../../shared/icons.tsx';
import { PageHeader } from '../../shared/page.tsx';
import { sumDecimals } from '../../screens/lines.ts';
import { StatusActions } from '../../screens/status-actions.tsx';
import { StatusHistory } from '../../screens/status-history.tsx';
import { DeclinedItems } from './account-attention.tsx';
import { labelled, OnboardingPanel, submissionBlockers, supplierChecklist } from './account-checklist.tsx';
import { AddDocumentDialog, DocumentView } from './account-documents.tsx';
import { FinancialsView, NewFinancialsView } from './account-financials.tsx';

const NOTHING_YET = { directors: [], ubos: [], financials: 0, documents: 0 };

/**
 * `/app` and `/app/account`: the company, its onboarding checklist, people, documents and
 * financial statements. The company's own records open as views of this screen (the supplier
 * area has no routes of its own for them):
 * `?edit=1` the company form, `?add=document` the new-document dialog, `?document=<id>` a document,
 * `?add=financials` new statements, `?financials=<id>[&edit=1]` statements (and their correction).
 */
export function AccountScreen() {
  const user = useUser();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const supplier = user.record;
  const id = supplier?.id ?? '';
  const directors = useAll('Director', { supplierId: { eq: id } }, { enabled: Boolean(id) });
  const ubos = useAll('UBO', { supplierId: { eq: id } }, { enabled: Boolean(id) });
  const financials = useAll('Financials', { supplierId: { eq: id } }, { enabled: Boolean(id) });
  const documents = useAll('Document', { supplierId: { eq: id } }, { enabled: Boolean(id) });
  if (user.loading) return <Loading />;
  if (!supplier) {
    // A new supplier lands here (not on an empty dashboard): the checklist of what onboarding
    // needs, starting with the company details, which every other step hangs on.
    return (
      <>
        <PageHeader title="Company" />
        <Paper sx={{ p: { xs: 2, sm: 3 }, mb: 2 }} component="section" aria-label="Onboarding checklist">
          <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
            Onboarding
          </Typography>
          <Typography color="text.secondary">
            Start by telling us about your company; you can save and come back at any time. Then add its
            directors, its owners (UBOs) and their ID documents, and submit the company for review. Once it is
            approved you can request limits for your buyers.
          </Typography>
          <ChecklistList
            items={supplierChecklist({ id: '' }, NOTHING_YET).map((i) => ({ ...i, done: false }))}
            missing={(i) =>
              i.key === 'company' ? 'its name, register number and address' : 'add the company details first'
            }
            ownership={null}
            action={(i) =>
              i.key === 'company' && (
                <Button
                  variant="contained"
                  size="small"
                  startIcon={<AddIcon />}
                  sx={{ flexShrink: 0 }}
                  onClick={() => navigate('/app/newaccount')}
                >
                  Add company details
                </Button>
              )
            }
          />
        </Paper>
      </>
    );
  }
  const toList = () => setSearch({});
  const documentId = search.get('document');
  if (documentId) return <DocumentView id={documentId} onBack={toList} />;
  const financialsId = search.get('financials');
  if (financialsId) {
    return (
      <FinancialsView
        id={financialsId}
        editing={search.get('edit') === '1'}
        onEdit={(on) =>
          setSearch(on ? { financials: financialsId, edit: '1' } : { financials: financialsId })
        }
        onBack={toList}
      />
    );
  }
  if (search.get('add') === 'financials') {
    return (
      <NewFinancialsView
        supplierId={id}
        onSaved={(r) => setSearch({ financials: r.id }, { replace: true })}
        onCancel={toList}
      />
    );
  }
  if (search.get('edit') === '1') {
    return (
      <>
        <PageHeader
          title="Edit company"
          crumbs={[{ label: 'Company', to: '/app/account' }, { label: 'Edit' }]}
        />
        <EntityForm
          model="Supplier"
          record={supplier}
          hideRefs
          hideServerFields
          omit={['supplier_status']}
          onCancel={toList}
          onSaved={() => {
            notify('Company saved.');
            user.refresh();
            toList();
          }}
        />
      </>
    );
  }
  const loaded = Boolean(directors.data && ubos.data && financials.data && documents.data);
  const items = supplierChecklist(supplier, {
    directors: directors.data ?? [],
    ubos: ubos.data ?? [],
    financials: financials.data?.length ?? 0,
    documents: documents.data?.length ?? 0,
  });
  const blockers = submissionBlockers(items);
  const status = String(supplier.supplier_status ?? 'Draft');
  const ownership = ubos.data?.length ? sumDecimals(ubos.data.map((u) => u.ubo_ownership_percentage)) : null;
  const goTo = (key: string) => {
    if (key === 'directors') navigate(`/app/newsupplierdirector/${id}`);
    else if (key === 'ubos') navigate(`/app/newsupplierubo/${id}`);
    else if (key === 'documents') setSearch({ add: 'document' });
    else if (key === 'financials') setSearch({ add: 'financials' });
    else setSearch({ edit: '1' });
  };
  return (
    <>
      <HeaderCard
        model="Supplier"
        record={supplier}
        actions={
          <>
            <StatusActions
              model="Supplier"
              record={supplier}
              blocked={(m) =>
                m.action === 'Submit for review' && (!loaded || blockers.length > 0)
                  ? loaded
                    ? `Still missing: ${labelled(blockers.join('; '))}`
                    : 'Checking the onboarding checklist…'
                  : null
              }
              onDone={(r) => {
                user.refresh();
                if (r.supplier_status === 'Under Review') navigate('/app/suppliers');
              }}
            />
            <Button variant="outlined" onClick={() => setSearch({ edit: '1' })}>
              Edit company
            </Button>
          </>
        }
      />
      <DeclinedItems
        directors={directors.data ?? []}
        ubos={ubos.data ?? []}
        financials={financials.data ?? []}
        onOpen={(to) => navigate(to)}
      />
      <OnboardingPanel
        supplierId={id}
        status={status}
        items={items}
        loaded={loaded}
        ownership={ownership}
        onStep={goTo}
      />
      <RelatedTable
        model="Director"
        field="supplierId"
        parentId={id}
        columns={['director_name', 'director_jobtitle', 'director_email', 'director_status']}
        onAdd={() => navigate(`/app/newsupplierdirector/${id}`)}
        rowTo={(r) => `/app/updatedirector/${r.id}`}
      />
      <RelatedTable
        model="UBO"
        field="supplierId"
        parentId={id}
        columns={['ubo_name', 'ubo_ownership_percentage', 'ubo_email', 'ubo_status']}
        onAdd={() => navigate(`/app/newsupplierubo/${id}`)}
        rowTo={(r) => `/app/updateubo/${r.id}`}
      />
      <RelatedTable
        model="Document"
        field="supplierId"
        parentId={id}
        onAdd={() => setSearch({ add: 'document' })}
        rowTo={(r) => `/app/account?document=${encodeURIComponent(r.id)}`}
      />
      <RelatedTable
        model="Financials"
        field="supplierId"
        parentId={id}
        title="Financial statements"
        columns={['financials_reporting_period', 'sales', 'net_profit', 'financials_status']}
        onAdd={() => setSearch({ add: 'financials' })}
        rowTo={(r) => `/app/account?financials=${encodeURIComponent(r.id)}`}
      />
      <PayoutAccountSection supplierId={id} />
      <StatusHistory model="Supplier" id={id} />
      <SectionList model="Supplier" record={supplier} />
      {search.get('add') === 'document' && (
        <AddDocumentDialog supplierId={id} onClose={() => setSearch({}, { replace: true })} />
      )}
    </>
  );
}
