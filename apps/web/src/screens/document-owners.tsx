import type { ModelName } from '@rf/domain/entity';
import { Box, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { gql, type ApiRecord } from '../entity/graphql-client.ts';
import { useRecord } from '../entity/hooks.ts';
import { modelLabel, titleOf } from '../entity/model-meta.ts';
import { PepBadge } from '../entity/pep.tsx';
import type { AreaKey } from '../shared/areas.ts';

/**
 * The records a Document links to
 * (docs/business-rules.md, “Organisations, roles and who sees what”), with the Document field
 * holding each one's id.
 */
export const DOCUMENT_LINKS: readonly { readonly model: ModelName; readonly field: string }[] = [
  { model: 'Supplier', field: 'supplierId' },
  { model: 'Buyer', field: 'buyerId' },
  { model: 'Investor', field: 'investorId' },
  { model: 'Spv', field: 'spvId' },
  { model: 'Broker', field: 'brokerId' },
  { model: 'Director', field: 'directorId' },
  { model: 'UBO', field: 'uboId' },
  { model: 'Financials', field: 'financialsId' },
  { model: 'Bank', field: 'bankId' },
  { model: 'Request', field: 'requestId' },
  { model: 'Transaction', field: 'transactionId' },
];

/** Where each linked record opens in the admin area. */
const ADMIN_PATH: Partial<Record<ModelName, string>> = {
  Supplier: 'supplier',
  Buyer: 'buyer',
  Investor: 'investor',
  Spv: 'spv',
  Broker: 'broker',
  Director: 'director',
  UBO: 'ubo',
  Financials: 'financials',
  Bank: 'account',
  Request: 'request',
  Transaction: 'transaction',
};

/** The list a linked record belongs to, for breadcrumbs. */
const ADMIN_LIST: Partial<Record<ModelName, string>> = {
  Supplier: 'suppliers',
  Buyer: 'buyers',
  Investor: 'investors',
  Spv: 'spvs',
  Broker: 'brokers',
  Request: 'requests',
  Transaction: 'transactions',
};

/** The detail path of a linked record in an area, when the area has one. */
export function ownerPath(area: AreaKey, model: ModelName, id: string): string | undefined {
  const path = area === 'admin' ? ADMIN_PATH[model] : undefined;
  return path ? `/admin/${path}/${encodeURIComponent(id)}` : undefined;
}

/** The list of a linked record's kind in an area, when the area has one. */
export function ownerListPath(area: AreaKey, model: ModelName): string | undefined {
  const path = area === 'admin' ? ADMIN_LIST[model] : undefined;
  return path ? `/admin/${path}` : undefined;
}

const PROBE = `query DocumentOwnerOf($id: ID!) { ${DOCUMENT_LINKS.map(
  (l) => `${l.model}: get${l.model}(id: $id) { id }`,
).join(' ')} }`;

/**
 * Which model the record `id` belongs to, among those a Document links to (ids are UUIDs, unique
 * across tables): one query asking every model at once; `null` when none holds it.
 */
export function useDocumentOwnerModel(id: string | undefined) {
  return useQuery({
    queryKey: ['documentOwnerOf', id],
    enabled: Boolean(id && id !== '-'),
    queryFn: async () => {
      const data = await gql<Record<string, { id: string } | null>>(PROBE, { id });
      return DOCUMENT_LINKS.find((l) => data[l.model]) ?? null;
    },
  });
}

function OwnerLine({ model, id, area }: { model: ModelName; id: string; area: AreaKey }) {
  const q = useRecord(model, id);
  const to = ownerPath(area, model, id);
  const name = q.data ? titleOf(model, q.data) : q.isLoading ? '…' : 'Not found or not shared with you';
  const label = modelLabel(model);
  return (
    <Stack component="li" direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', py: 0.5 }}>
      <Typography color="text.secondary" sx={{ minWidth: 140 }}>
        {label.charAt(0).toUpperCase() + label.slice(1)}
      </Typography>
      {to && q.data ? (
        <Link component={RouterLink} to={to}>
          {name}
        </Link>
      ) : (
        <Typography component="span">{name}</Typography>
      )}
      {q.data && <PepBadge model={model} record={q.data} />}
    </Stack>
  );
}

/**
 * "Linked to": each record the document belongs to, opening its page
 * (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
export function DocumentOwners({ record, area }: { record: ApiRecord; area: AreaKey }) {
  const links = DOCUMENT_LINKS.filter((l) => typeof record[l.field] === 'string' && record[l.field]);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }} component="section" aria-label="Linked to">
      <Typography variant="h4" component="h2" sx={{ mb: 1 }}>
        Linked to
      </Typography>
      {links.length === 0 ? (
        <Typography color="text.secondary">
          This document is not linked to any record. Edit it to link it to its company, person or account.
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {links.map((l) => (
            <OwnerLine key={l.field} model={l.model} id={String(record[l.field])} area={area} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
