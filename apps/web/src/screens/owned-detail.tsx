import type { ModelName } from '@rf/domain/entity';
import { useParams } from 'react-router';
import { Loading } from '../shared/status-screens.tsx';
import { useRecord } from '../entity/hooks.ts';
import { titleOf } from '../entity/model-meta.ts';
import type { AreaKey } from '../shared/areas.ts';
import { DetailScreen } from './detail-screen.tsx';
import { ownerPath } from './document-owners.tsx';
import type { RelatedConfig } from './types.ts';

/** The party a person or a statement belongs to, in the order its fields are read (a buyer's before its supplier). */
const PARTIES: readonly { readonly field: string; readonly model: ModelName }[] = [
  { field: 'buyerId', model: 'Buyer' },
  { field: 'supplierId', model: 'Supplier' },
  { field: 'investorId', model: 'Investor' },
  { field: 'spvId', model: 'Spv' },
  { field: 'brokerId', model: 'Broker' },
];

/**
 * `director/{id}`, `ubo/{id}`, `financials/{id}`: the record under the company or buyer line it
 * belongs to (breadcrumb back to it), with its review, history and documents; a politically
 * exposed person is marked on the header.
 */
export function OwnedDetailScreen({
  model,
  area,
  related,
  risk = false,
  deletable = false,
}: {
  model: 'Director' | 'UBO' | 'Financials';
  area: AreaKey;
  related?: readonly RelatedConfig[];
  risk?: boolean;
  deletable?: boolean;
}) {
  const { id } = useParams();
  const own = useRecord(model, id);
  const party = PARTIES.find((p) => own.data?.[p.field]);
  const partyId = party ? String(own.data?.[party.field]) : undefined;
  const company = useRecord(party?.model ?? 'Supplier', partyId);
  if (own.isLoading || (party && company.isLoading)) return <Loading />;
  const to = party && partyId ? ownerPath(area, party.model, partyId) : undefined;
  return (
    <DetailScreen
      model={model}
      area={area}
      editable
      deletable={deletable}
      risk={risk}
      {...(related ? { related } : {})}
      {...(party && company.data && to
        ? { listLabel: titleOf(party.model, company.data), listTo: to, afterDelete: to }
        : {})}
    />
  );
}
