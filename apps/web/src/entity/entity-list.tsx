import type { ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';
import { Box, Button, Chip, InputAdornment, Link, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { reportError } from '../shared/errors.ts';
import { useUser } from '../auth/user-context.tsx';
import { DownloadIcon, SearchIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { csvColumns, csvOf, downloadText, refNamesFor } from './csv.ts';
import { TEXTS, VIEWS } from './field-view.tsx';
import type { ApiRecord } from './graphql-client.ts';
import { usePage } from './hooks.ts';
import { changeList, cursorOf, goToPage, PAGE_SIZES } from './list-state.ts';
import { columnLabel, listColumnsOf, modelLabel, searchFieldsOf, statusFieldOf } from './model-meta.ts';
import { listAll, readableFields, type Filter, type SortSpec } from './queries.ts';
import { useListState, useSearchBox } from './use-list-state.ts';
import { useUrlFilters } from './list-url-filters.ts';
import { isStatusChipField, valueLabel } from './value-labels.ts';

export interface EntityListProps {
  readonly model: ModelName;
  /** Always applied (scope of the screen). */
  readonly filter?: Filter | undefined;
  readonly columns?: readonly string[] | undefined;
  /** Where a row leads: its first cell is a link there (keyboard, "open in new tab"). */
  readonly rowTo?: ((row: ApiRecord) => string) | undefined;
  /** Opens a row without a URL of its own (prefer `rowTo`). */
  readonly onOpen?: (row: ApiRecord) => void;
  /** The primary action, also offered by the empty state. */
  readonly primaryAction?: { readonly label: string; readonly onClick: () => void } | undefined;
  readonly onTotal?: (total: number | null) => void;
  readonly pageSize?: number;
  readonly compact?: boolean;
  readonly exportName?: string;
  /** Prefix of the list's query-string parameters, for two lists on one screen. */
  readonly urlKey?: string;
}

/**
 * A grid cell that is a real link (`<a href>`): it takes the keyboard focus when the grid moves
 * its focus to the cell, so Enter opens the row, and "open in new tab" works on it.
 */
export function LinkCell({
  to,
  hasFocus,
  tabIndex,
  children,
}: {
  to: string;
  hasFocus: boolean;
  tabIndex: 0 | -1;
  children: ReactNode;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  useLayoutEffect(() => {
    if (hasFocus) ref.current?.focus();
  }, [hasFocus]);
  return (
    <Link
      component={RouterLink}
      to={to}
      ref={ref}
      tabIndex={tabIndex}
      underline="hover"
      color="primary"
      sx={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis' }}
      onClick={(e) => e.stopPropagation()}
    >
      {children}
    </Link>
  );
}

/** Whether a click on a row came from something that handles it itself (a link, a button). */
const fromControl = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('a, button, input, [role="button"]'));

/** A row click opens the row (the first cell is its link); Ctrl/⌘ or the middle button: a new tab. */
export function useRowClick<R>(rowTo: ((row: R) => string) | undefined, onOpen?: (row: R) => void) {
  const navigate = useNavigate();
  return useCallback(
    (row: R, e: { target: EventTarget | null; ctrlKey: boolean; metaKey: boolean; button?: number }) => {
      if (fromControl(e.target)) return;
      if (rowTo) {
        const to = rowTo(row);
        if (e.ctrlKey || e.metaKey || e.button === 1) window.open(to, '_blank', 'noopener');
        else navigate(to);
      } else onOpen?.(row);
    },
    [rowTo, onOpen, navigate],
  );
}

/** `and` of the parts that are set. */
export function combineFilters(...parts: (Filter | undefined | null)[]): Filter | undefined {
  const set = parts.filter((p): p is Filter => Boolean(p && Object.keys(p).length));
  if (set.length === 0) return undefined;
  if (set.length === 1) return set[0];
  return { and: set };
}

export function columnFor(model: ModelName, f: FieldDef): GridColDef<ApiRecord> {
  const numeric = ['money', 'rate', 'ratio', 'integer'].includes(f.type);
  return {
    field: f.name,
    headerName: columnLabel(model, f),
    flex: f.type === 'text' || f.type === 'email' || f.type === 'ref' ? 1.4 : 1,
    minWidth: numeric ? 130 : f.type === 'ref' ? 200 : 140,
    align: numeric ? 'right' : 'left',
    headerAlign: numeric ? 'right' : 'left',
    sortable: f.type !== 'attachment',
    renderCell: (params) => {
      const v = params.row[f.name];
      if (isStatusChipField(f) || f.type === 'risk') {
        return <StatusChip status={typeof v === 'string' ? v : null} label={valueLabel(f, v)} />;
      }
      // A link to another record shows that record's name, never its id.
      if (f.type === 'ref') return VIEWS.ref(v, f, { model, record: params.row });
      return TEXTS[f.type](v, f, { model, record: params.row });
    },
  };
}

/**
 * The list block: server-paginated DataGrid with sorting, status chips, search, CSV and an empty
 * state. Search, status, sort and page live in the query string (list-state.ts), so Back, reload
 * and "open in new tab" show the same list; with `rowTo` each row's first cell is a link.
 */
export function EntityList(props: EntityListProps) {
  const { model, filter, rowTo, onOpen, primaryAction, onTotal } = props;
  const { role } = useUser();
  const statusField = statusFieldOf(model);
  const sortableNames = useMemo(
    () =>
      new Set(
        readableFields(model)
          .filter((f) => f.type !== 'attachment')
          .map((f) => f.name),
      ),
    [model],
  );
  const sortable = useCallback((name: string) => sortableNames.has(name), [sortableNames]);
  const [state, update] = useListState({
    prefix: props.urlKey,
    pageSize: props.pageSize,
    statuses: statusField?.values,
    sortable,
  });
  const onSearch = useCallback((q: string) => update((s) => changeList(s, { q })), [update]);
  const [search, setSearch] = useSearchBox(state.q, onSearch);
  const [exporting, setExporting] = useState(false);
  const { status, q } = state;
  // Filters a link put in the address (a dashboard card's currency, past due), server-side too.
  const url = useUrlFilters(model, !props.urlKey && !props.compact);

  const searchFields = useMemo(() => searchFieldsOf(model), [model]);
  const effectiveFilter = useMemo(
    () =>
      combineFilters(
        filter,
        ...url.filters.map((f) => f.filter),
        status && statusField ? { [statusField.name]: { eq: status } } : undefined,
        q && searchFields.length
          ? { or: searchFields.map((name) => ({ [name]: { contains: q } })) }
          : undefined,
      ),
    [filter, url.filters, status, statusField, q, searchFields],
  );
  // The same sort keeps the same objects: the grid goes back to the first page on any new sort model.
  const sortKey = JSON.stringify(state.sort);
  const sort: SortSpec[] = useMemo(() => JSON.parse(sortKey) as SortSpec[], [sortKey]);
  const sortModel: GridSortModel = useMemo(
    () => sort.map((s) => ({ field: s.field, sort: s.direction })),
    [sort],
  );

  // The page shown is fetched with the token the URL keeps for it (none for the first page).
  const page = state.page;
  const query = usePage(model, {
    filter: effectiveFilter,
    sort,
    limit: state.pageSize,
    nextToken: cursorOf(state),
  });
  const data = query.data;
  const current = query.isPlaceholderData ? undefined : data;
  const nextToken = current?.nextToken ?? null;
  const total = data?.total ?? null;
  // While the next page loads (the page before stays on screen), its count says whether one follows.
  const hasNext = current ? Boolean(nextToken) : total !== null && (page + 1) * state.pageSize < total;
  useEffect(() => {
    if (!query.isPlaceholderData) onTotal?.(total);
  }, [total, onTotal, query.isPlaceholderData]);
  useEffect(() => {
    if (!query.error) return;
    // A page token from another day or another user (a shared link) no longer opens its page: start again.
    if (page > 0 && /nextToken/i.test(query.error.message)) {
      update((s) => ({ ...s, page: 0, cursors: [] }));
      return;
    }
    reportError(query.error, { context: `list ${model}` });
  }, [query.error, model, page, update]);

  const columns = useMemo(() => {
    const e = readableFields(model);
    const fields = props.columns
      ? props.columns.map((n) => e.find((f) => f.name === n)).filter((f): f is FieldDef => Boolean(f))
      : listColumnsOf(model);
    const cols = fields.map((f) => columnFor(model, f));
    const first = cols[0];
    if (rowTo && first) {
      const inner = first.renderCell;
      cols[0] = {
        ...first,
        renderCell: (params) => (
          <LinkCell to={rowTo(params.row)} hasFocus={params.hasFocus} tabIndex={params.tabIndex}>
            {inner?.(params) || `Open ${modelLabel(model)}`}
          </LinkCell>
        ),
      };
    }
    return cols;
  }, [model, props.columns, rowTo]);
  const rowClick = useRowClick(rowTo, onOpen);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await listAll(model, { filter: effectiveFilter, sort });
      const cols = csvColumns(model, role);
      const names = await refNamesFor(cols, rows, role);
      downloadText(
        `${props.exportName ?? modelLabel(model, true).toLowerCase().replace(/\s+/g, '-')}.csv`,
        csvOf(cols, rows, names),
      );
    } catch (e) {
      reportError(e, { context: 'CSV export' });
    } finally {
      setExporting(false);
    }
  };

  const empty = data && data.items.length === 0 && page === 0;
  const filtered = Boolean(status || q || url.filters.length);
  return (
    <Paper sx={{ p: props.compact ? 0 : { xs: 1.5, sm: 2 }, border: props.compact ? 'none' : undefined }}>
      {!props.compact && (
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          sx={{ gap: 1.5, alignItems: { md: 'center' }, mb: 1.5 }}
        >
          {statusField?.values && (
            <Stack
              direction="row"
              role="group"
              aria-label="Filter by status"
              sx={{ gap: 0.75, flexWrap: 'wrap' }}
            >
              <Chip
                label="All"
                color={status === null ? 'primary' : 'default'}
                onClick={() => update((s) => changeList(s, { status: null }))}
                variant={status === null ? 'filled' : 'outlined'}
                aria-pressed={status === null}
              />
              {statusField.values.map((v) => (
                <Chip
                  key={v}
                  label={valueLabel(statusField, v)}
                  onClick={() => update((s) => changeList(s, { status: s.status === v ? null : v }))}
                  color={status === v ? 'primary' : 'default'}
                  variant={status === v ? 'filled' : 'outlined'}
                  aria-pressed={status === v}
                />
              ))}
              {url.filters.map((f) => (
                <Chip key={f.param} label={f.label} color="secondary" onDelete={() => url.remove(f.param)} />
              ))}
            </Stack>
          )}
          <Box sx={{ flex: 1 }} />
          <TextField
            placeholder="Search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ maxWidth: { md: 280 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'aria-label': 'Search', type: 'search' },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            disabled={exporting}
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </Button>
        </Stack>
      )}
      {empty && !query.isFetching ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {filtered
              ? `No ${modelLabel(model, true).toLowerCase()} match this filter.`
              : query.error
                ? `The ${modelLabel(model, true).toLowerCase()} could not be loaded.`
                : `There are no ${modelLabel(model, true).toLowerCase()} yet.`}
          </Typography>
          {primaryAction && !filtered && (
            <Button variant="contained" onClick={primaryAction.onClick}>
              {primaryAction.label}
            </Button>
          )}
        </Box>
      ) : (
        <DataGrid<ApiRecord>
          rows={data?.items ?? []}
          columns={columns}
          loading={query.isFetching}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          // Before the first answer the page from the URL must still exist, or the grid goes to page 1.
          rowCount={
            total ??
            (!data ? (page + 1) * state.pageSize : hasNext ? -1 : page * state.pageSize + data.items.length)
          }
          paginationMeta={total === null ? { hasNextPage: hasNext } : undefined}
          paginationModel={{ page, pageSize: state.pageSize }}
          onPaginationModelChange={(m) =>
            update((s) =>
              m.pageSize !== s.pageSize
                ? changeList(s, { pageSize: m.pageSize })
                : // The next page's token is the one of the page on screen.
                  goToPage(s, m.page, s.page === page ? nextToken : null),
            )
          }
          pageSizeOptions={[...PAGE_SIZES]}
          sortModel={sortModel}
          onSortModelChange={(m) =>
            update((s) =>
              changeList(s, {
                sort: m
                  .filter((x) => x.sort)
                  .map((x) => ({ field: x.field, direction: x.sort as 'asc' | 'desc' })),
              }),
            )
          }
          disableColumnFilter
          disableRowSelectionOnClick
          onRowClick={rowTo || onOpen ? (p, e) => rowClick(p.row, e) : undefined}
          autoHeight
          density={props.compact ? 'compact' : 'standard'}
          sx={{
            border: 'none',
            '& .MuiDataGrid-row': { cursor: rowTo || onOpen ? 'pointer' : 'default' },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 500 },
          }}
        />
      )}
    </Paper>
  );
}
