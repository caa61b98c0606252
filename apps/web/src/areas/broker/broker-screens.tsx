import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router';
import { Loading } from '../../shared/status-screens.tsx';
import { useAll, useRecord } from '../../entity/hooks.ts';
import { titleOf } from '../../entity/model-meta.ts';
import { PageHeader } from '../../shared/page.tsx';
import { CreateScreen } from '../../screens/form-screens.tsx';
import type { CreateScreenConfig } from '../../screens/types.ts';

const NEW_SUPPLIER: CreateScreenConfig = {
  model: 'Supplier',
  area: 'broker',
  fromParams: { userId: 'ID', identityId: 'ident' },
  fromProfile: { brokerId: 'recordId' },
  omit: ['supplier_status'],
  back: '/broker/supplier/:created',
  crumbs: [{ label: 'Suppliers', to: '/broker/suppliers' }],
};

/**
 * `newsupplier/{ID}/{ident}/{sub}`: the company record of a supplier organisation the broker
 * invited. Inviting it (newuser) already created its record, introduced by the broker, so an
 * organisation that has one is sent to complete it instead of getting a second one.
 */
export function BrokerNewSupplierScreen() {
  const { ID } = useParams();
  const known = Boolean(ID && ID !== '-');
  const existing = useAll('Supplier', { userId: { eq: ID } }, { enabled: known, max: 1 });
  if (known && existing.isLoading) return <Loading />;
  const record = existing.data?.[0];
  if (!record) return <CreateScreen {...NEW_SUPPLIER} />;
  const name = titleOf('Supplier', record);
  return (
    <>
      <PageHeader
        title="New supplier"
        crumbs={[{ label: 'Suppliers', to: '/broker/suppliers' }, { label: 'New supplier' }]}
      />
      <Alert severity="info" sx={{ mb: 2 }}>
        {name} already has its supplier record, introduced by you when you invited the organisation. Complete
        its company details there.
      </Alert>
      <Stack direction="row" sx={{ gap: 1 }}>
        <Button variant="contained" component={RouterLink} to={`/broker/supplier/${record.id}?edit=1`}>
          Complete company details
        </Button>
        <Button variant="outlined" component={RouterLink} to={`/broker/supplier/${record.id}`}>
          Open {name}
        </Button>
      </Stack>
    </>
  );
}

const documentOf = (owner: 'Supplier' | 'Buyer'): CreateScreenConfig => {
  const path = owner === 'Supplier' ? '/broker/supplier/:id' : '/broker/buyer/:id';
  return {
    model: 'Document',
    area: 'broker',
    parent: {
      model: owner,
      field: owner === 'Supplier' ? 'supplierId' : 'buyerId',
      inheritOwner: true,
      listLabel: owner === 'Supplier' ? 'Suppliers' : 'Obligors',
      listTo: owner === 'Supplier' ? '/broker/suppliers' : '/broker/obligors',
      to: path,
    },
    back: path,
  };
};

/**
 * `brokernewdocument/{id}`: a document of one of the broker's suppliers or of one of their buyer
 * lines; `{id}` names the Supplier or the Buyer it belongs to, and the document is linked to that
 * record and owned by the supplier's organisation.
 */
export function BrokerNewDocumentScreen() {
  const { id } = useParams();
  const supplier = useRecord('Supplier', id);
  const buyer = useRecord('Buyer', id);
  if (supplier.isLoading || buyer.isLoading) return <Loading />;
  if (supplier.data) return <CreateScreen {...documentOf('Supplier')} />;
  if (buyer.data) return <CreateScreen {...documentOf('Buyer')} />;
  const error = supplier.error ?? buyer.error;
  return (
    <>
      <PageHeader title="New document" crumbs={[{ label: 'Suppliers', to: '/broker/suppliers' }]} />
      <Alert severity={error ? 'error' : 'warning'}>
        {error?.message ??
          'A document belongs to one of your suppliers or to one of their buyer lines: this one does not exist or is not one of yours.'}
      </Alert>
    </>
  );
}
