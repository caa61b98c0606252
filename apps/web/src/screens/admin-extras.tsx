import { Alert, Button, Dialog, DialogContent, DialogTitle, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../shared/errors.ts';
import { Loading } from '../shared/status-screens.tsx';
import { EntityForm } from '../entity/entity-form.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useAll, useRecord } from '../entity/hooks.ts';
import { titleOf } from '../entity/model-meta.ts';
import { useOpenParam } from '../entity/use-list-state.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';

/** `esign/{userid}/{buyerid}/{supplierid}`: the e-signature setup of a buyer line. */
export function EsignScreen() {
  const { userid, buyerid, supplierid } = useParams();
  const navigate = useNavigate();
  const buyer = useRecord('Buyer', buyerid);
  const existing = useAll('Esign', { buyerId: { eq: buyerid } }, { max: 1 });
  if (buyer.isLoading || existing.isLoading) return <Loading />;
  const record = existing.data?.[0] ?? null;
  const fixed: Record<string, unknown> = { buyerId: buyerid, supplierId: supplierid };
  if (buyer.data?.investorId) fixed.investorId = buyer.data.investorId;
  if (buyer.data?.spvId) fixed.spvId = buyer.data.spvId;
  if (!record && userid && userid !== '-') fixed.userId = userid;
  return (
    <>
      <PageHeader
        title="E-signing"
        crumbs={[
          { label: 'Buyers', to: '/admin/buyers' },
          {
            label: buyer.data ? titleOf('Buyer', buyer.data) : 'Buyer',
            to: `/admin/buyer/${String(buyerid)}`,
          },
          { label: 'E-signing' },
        ]}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        The platform does not send documents for signature yet. Today the supplier signs the IPU and the offer
        notice outside the platform and uploads the signed copies on each request (a batch of invoices shares
        one IPU and one offer notice). What you record here, the templates and signing steps of this line’s
        IPU, offer notice and RAA offer notice at an e-signature provider, is kept for when signing is
        connected; nothing is sent for signature from it.
      </Alert>
      <EntityForm
        model="Esign"
        record={record}
        fixed={fixed}
        hideRefs
        submitLabel={record ? 'Save' : 'Create e-sign setup'}
        onCancel={() => navigate(`/admin/buyer/${String(buyerid)}`)}
        onSaved={() => {
          notify('E-sign setup saved.');
          navigate(`/admin/buyer/${String(buyerid)}`);
        }}
      />
    </>
  );
}

/** The organisation link is set by the platform; the form names the parties themselves. */
const INSURANCE_OMIT = ['groupId'];
/** Marked required on the form; the record rules (rules/insurance.ts) also want a cover. */
const INSURANCE_REQUIRED = ['insurance_name', 'insurance_type'];

/** `newinsurance`: record a credit-insurance cover; existing covers below. */
export function InsuranceScreen() {
  const [search, setSearch] = useSearchParams();
  // The tab is in the URL (`?tab=covers`), so Back from a cover returns to the list.
  const tab: 'new' | 'list' = search.get('tab') === 'covers' ? 'list' : 'new';
  const setTab = (t: 'new' | 'list') => setSearch(t === 'list' ? { tab: 'covers' } : {});
  const opened = useOpenParam();
  const open = useRecord('Insurance', opened.id ?? undefined).data ?? null;
  const [formKey, setFormKey] = useState(0);
  return (
    <>
      <PageHeader title="Insurance" />
      <Tabs value={tab} onChange={(_, v: 'new' | 'list') => setTab(v)} sx={{ mb: 2 }}>
        <Tab value="new" label="New insurance" />
        <Tab value="list" label="Covers" />
      </Tabs>
      {tab === 'new' ? (
        <EntityForm
          key={formKey}
          model="Insurance"
          omit={INSURANCE_OMIT}
          require={INSURANCE_REQUIRED}
          submitLabel="Save insurance"
          onCancel={() => setTab('list')}
          onSaved={() => {
            notify('Insurance saved.');
            setFormKey((k) => k + 1);
            setTab('list');
          }}
        />
      ) : (
        <EntityList
          model="Insurance"
          rowTo={(r) => opened.hrefFor(r.id)}
          primaryAction={{ label: 'New insurance', onClick: () => setTab('new') }}
        />
      )}
      <Dialog open={Boolean(open)} onClose={opened.close} maxWidth="md" fullWidth>
        <DialogTitle>{open ? titleOf('Insurance', open) : ''}</DialogTitle>
        <DialogContent>
          {open && (
            <EntityForm
              model="Insurance"
              record={open}
              omit={INSURANCE_OMIT}
              require={INSURANCE_REQUIRED}
              onCancel={opened.close}
              onSaved={() => {
                notify('Insurance saved.');
                opened.close();
              }}
              onDeleted={() => {
                notify('Insurance deleted.');
                opened.close();
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

/** SOFR fixings (beyond the spec's routes): the base rates pricing uses. */
export function SofrScreen() {
  // The fixing being edited is in the URL (`?open=<id>`, `?open=new`): rows are links to it.
  const opened = useOpenParam();
  const [, setSearch] = useSearchParams();
  const record = useRecord('SOFR', opened.id && opened.id !== 'new' ? opened.id : undefined).data;
  const editing: ApiRecord | 'new' | null = opened.id === 'new' ? 'new' : (record ?? null);
  const setEditing = (to: 'new' | null) =>
    to === 'new'
      ? setSearch((p) => {
          const next = new URLSearchParams(p);
          next.set('open', 'new');
          return next;
        })
      : opened.close();
  const [total, setTotal] = useState<number | null>(null);
  return (
    <>
      <PageHeader
        title="SOFR fixings"
        count={total}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
            New fixing
          </Button>
        }
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        Pricing uses the latest fixing dated 2 to 10 days before the payout date; one record per date holds
        every series.
      </Alert>
      <EntityList
        model="SOFR"
        onTotal={setTotal}
        rowTo={(r) => opened.hrefFor(r.id)}
        primaryAction={{ label: 'New fixing', onClick: () => setEditing('new') }}
      />
      <Dialog open={Boolean(editing)} onClose={() => setEditing(null)} maxWidth="sm" fullWidth>
        <DialogTitle>{editing === 'new' ? 'New fixing' : 'Edit fixing'}</DialogTitle>
        <DialogContent>
          {editing && (
            <Paper sx={{ p: 0, border: 'none' }}>
              <EntityForm
                model="SOFR"
                record={editing === 'new' ? null : editing}
                only={['date', 'SOFR', 'SOFRM1', 'SOFRM3', 'SOFRM6', 'SOFRM12']}
                onCancel={() => setEditing(null)}
                onSaved={() => {
                  notify('Fixing saved.');
                  setEditing(null);
                }}
                onDeleted={() => {
                  notify('Fixing deleted.');
                  setEditing(null);
                }}
              />
            </Paper>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
