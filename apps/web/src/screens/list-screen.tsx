import { Button } from '@mui/material';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EntityList } from '../entity/entity-list.tsx';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { useRecord } from '../entity/hooks.ts';
import { modelLabel } from '../entity/model-meta.ts';
import { useOpenParam } from '../entity/use-list-state.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { RecordDialog } from './record-dialog.tsx';
import { fillPattern, type ListScreenConfig } from './types.ts';
import { combineFilters } from '../entity/entity-list.tsx';

/**
 * A list route: title with count, primary action, the list block. Each row links to its detail
 * route (`rowTo`), or, in an area without one, to the same list with the record in a dialog
 * (`?open=<id>`).
 */
export function ListScreen(config: ListScreenConfig) {
  const { model, rowTo, create } = config;
  const params = useParams();
  const navigate = useNavigate();
  const [total, setTotal] = useState<number | null>(null);
  const open = useOpenParam();
  const opened = useRecord(model, open.id ?? undefined);
  const { hrefFor } = open;
  const linkOf = useCallback(
    (row: ApiRecord) => (rowTo ? fillPattern(rowTo, row) : hrefFor(row.id)),
    [rowTo, hrefFor],
  );
  const fromParams = config.paramFilter
    ? Object.fromEntries(Object.entries(config.paramFilter).map(([field, p]) => [field, { eq: params[p] }]))
    : undefined;
  const filter = combineFilters(config.filter, fromParams);
  const primary = create
    ? { label: create.label, onClick: () => navigate(fillPattern(create.to, params)) }
    : undefined;
  return (
    <>
      <PageHeader
        title={config.title ?? modelLabel(model, true)}
        count={total}
        crumbs={config.crumbs?.map((c) => ({
          label: c.label,
          to: c.to ? fillPattern(c.to, params) : undefined,
        }))}
        actions={
          primary && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={primary.onClick}>
              {primary.label}
            </Button>
          )
        }
      />
      <EntityList
        model={model}
        filter={filter}
        columns={config.columns}
        onTotal={setTotal}
        primaryAction={primary}
        rowTo={linkOf}
      />
      <RecordDialog model={model} record={open.id ? (opened.data ?? null) : null} onClose={open.close} />
    </>
  );
}
