import { Button, Paper, Typography } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../app/errors.ts';
import { Loading } from '../../app/status-screens.tsx';
import { useUser } from '../../auth/user-context.tsx';
import { HeaderCard, RelatedTable, SectionList } from '../../entity/entity-detail.tsx';
import { EntityForm } from '../../entity/entity-form.tsx';
import { useAll } from '../../entity/hooks.ts';
import { AddIcon } from '../../layout/icons.tsx';
import { PageHeader } from '../../layout/page.tsx';
import { sumDecimals } from '../../screens/lines.ts';
import { StatusActions } from '../../screens/status-actions.tsx';
import { StatusHistory } from '../../screens/status-history.tsx';
import { DeclinedItems } from './account-attention.tsx';
import { labelled, OnboardingPanel, submissionBlockers, supplierChecklist } from './account-checklist.tsx';
import { AddDocumentDialog, DocumentView } from './account-documents.tsx';
import { FinancialsView, NewFinancialsView } from './account-financials.tsx';

/**
 * `/app` and `/app/account`: the company, its onboarding checklist, people, documents and
 * financial statements. The company's own records open as views of this screen (the supplier
 * area has no routes of its own for them, spec §2):
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
    return (
      <>
        <PageHeader title="Company" />
        <Paper sx={{ p: 4, textAlign: 'center' }}>
          <Typography sx={{ mb: 2 }}>
            Start by telling us about your company. You can save and come back at any time.
          </Typography>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => navigate('/app/newaccount')}>
            Add company details
          </Button>
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
        onOpen={(r) => navigate(`/app/updatedirector/${r.id}`)}
      />
      <RelatedTable
        model="UBO"
        field="supplierId"
        parentId={id}
        columns={['ubo_name', 'ubo_ownership_percentage', 'ubo_email', 'ubo_status']}
        onAdd={() => navigate(`/app/newsupplierubo/${id}`)}
        onOpen={(r) => navigate(`/app/updateubo/${r.id}`)}
      />
      <RelatedTable
        model="Document"
        field="supplierId"
        parentId={id}
        onAdd={() => setSearch({ add: 'document' })}
        onOpen={(r) => setSearch({ document: r.id })}
      />
      <RelatedTable
        model="Financials"
        field="supplierId"
        parentId={id}
        title="Financial statements"
        columns={['financials_reporting_period', 'sales', 'net_profit', 'financials_status']}
        onAdd={() => setSearch({ add: 'financials' })}
        onOpen={(r) => setSearch({ financials: r.id })}
      />
      <StatusHistory model="Supplier" id={id} />
      <SectionList model="Supplier" record={supplier} />
      {search.get('add') === 'document' && (
        <AddDocumentDialog supplierId={id} onClose={() => setSearch({}, { replace: true })} />
      )}
    </>
  );
}
