import { Typography } from '@mui/material';
import { useParams } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { EntityList } from '../entity/entity-list.tsx';
import { useRecord } from '../entity/hooks.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { PageHeader } from '../shared/page.tsx';

/** Route parameters of the request flow: `{id}` is the Buyer in the supplier area, else `{id}/{buyId}/{supId}`. */

export function PickSupplierScreen({ area, purpose }: { area: AreaKey; purpose: 'request' | 'buyer' }) {
  const base = AREAS[area].base;
  return (
    <>
      <PageHeader
        title={purpose === 'request' ? 'New request: choose the supplier' : 'New buyer: choose the supplier'}
        crumbs={[
          {
            label: purpose === 'request' ? 'Requests' : 'Buyers',
            to:
              purpose === 'request'
                ? `${base}/requests`
                : area === 'admin'
                  ? `${base}/buyers`
                  : `${base}/obligors`,
          },
          { label: 'Choose supplier' },
        ]}
      />
      <EntityList
        model="Supplier"
        rowTo={(s) =>
          purpose === 'request'
            ? `${base}/newrequestlist/${s.id}`
            : `${base}/newbuyer/${s.id}/${String(s.userId ?? '-')}/${String(s.identityId ?? s.userId ?? '-')}`
        }
      />
    </>
  );
}

/** Admin `newrequestlist/{supId}`: the supplier's buyer lines; approved ones lead to the request options. */
export function PickBuyerLineScreen({ area }: { area: AreaKey }) {
  const { supId } = useParams();
  const base = AREAS[area].base;
  const supplier = useRecord('Supplier', supId);
  if (supplier.isLoading) return <Loading />;
  const s = supplier.data;
  return (
    <>
      <PageHeader
        title={`New request for ${String(s?.supplier_name ?? 'supplier')}`}
        crumbs={[
          { label: 'Requests', to: `${base}/requests` },
          { label: 'Choose supplier', to: `${base}/newrequestsupplierlist` },
          { label: String(s?.supplier_name ?? '') },
        ]}
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Choose an approved buyer line.
      </Typography>
      <EntityList
        model="Buyer"
        filter={{ supplierId: { eq: supId } }}
        rowTo={(b) =>
          `${base}/newrequestoptions/${String(b.userId ?? s?.userId ?? '-')}/${b.id}/${String(supId)}`
        }
      />
    </>
  );
}
