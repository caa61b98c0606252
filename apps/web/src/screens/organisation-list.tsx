import { Alert, Box, Button, Chip, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo } from 'react';
import { downloadText, toCsv } from '../entity/csv.ts';
import { LinkCell, useRowClick } from '../entity/entity-list.tsx';
import { formatDate } from '../entity/format.ts';
import { useAll } from '../entity/hooks.ts';
import { changeList, PAGE_SIZES } from '../entity/list-state.ts';
import { useListState, useSearchBox } from '../entity/use-list-state.ts';
import { DownloadIcon, SearchIcon } from '../shared/icons.tsx';
import { StatusChip } from '../shared/page.tsx';
import { STATUSES, typeLabel, type GroupType } from './group-common.tsx';
import { organisationsOf, type OrganisationRow } from './organisations.ts';

const SORTABLE = new Set(['name', 'type', 'status', 'users', 'contact', 'createdAt']);
const sortable = (field: string) => SORTABLE.has(field);

/**
 * Organisations (one row per `groupId`, from their Usergroup memberships) with search, status
 * chips and CSV; each row's name links to the organisation (`rowTo`). Search, status, sort and page
 * are in the query string, as in every list (list-state.ts).
 */
export function OrganisationList({
  groupType,
  rowTo,
  onTotal,
  primaryAction,
}: {
  groupType?: GroupType | undefined;
  rowTo: (row: OrganisationRow) => string;
  onTotal: (n: number | null) => void;
  primaryAction: { label: string; onClick: () => void };
}) {
  const q = useAll('Usergroup', groupType ? { group_type: { eq: groupType } } : undefined, { max: 10000 });
  const [state, update] = useListState({ statuses: STATUSES, sortable, cursorless: true });
  const onSearch = useCallback((text: string) => update((s) => changeList(s, { q: text })), [update]);
  const [search, setSearch] = useSearchBox(state.q, onSearch);
  const { status } = state;
  const setStatus = (to: string | null) => update((s) => changeList(s, { status: to }));
  const rowClick = useRowClick(rowTo);
  // The same sort keeps the same model: the grid goes back to the first page on any new one.
  const sortKey = JSON.stringify(state.sort);
  const sortModel: GridSortModel = useMemo(
    () => (JSON.parse(sortKey) as typeof state.sort).map((s) => ({ field: s.field, sort: s.direction })),
    [sortKey],
  );
  const all = useMemo(() => organisationsOf(q.data ?? []), [q.data]);
  const rows = useMemo(() => {
    const needle = state.q.toLowerCase();
    return all.filter(
      (r) =>
        (!status || r.status === status) &&
        (!needle ||
          [r.name, r.contact, r.emails.join(' '), typeLabel(r.type)].some((v) =>
            v.toLowerCase().includes(needle),
          )),
    );
  }, [all, state.q, status]);
  const total = q.data ? all.length : null;
  useEffect(() => onTotal(total), [total, onTotal]);
  const columns: GridColDef<OrganisationRow>[] = [
    {
      field: 'name',
      headerName: 'Organisation',
      flex: 1.6,
      minWidth: 200,
      renderCell: (p) => (
        <LinkCell to={rowTo(p.row)} hasFocus={p.hasFocus} tabIndex={p.tabIndex}>
          {p.row.name}
        </LinkCell>
      ),
    },
    {
      field: 'type',
      headerName: 'Type',
      flex: 0.7,
      minWidth: 100,
      valueGetter: (_v, row) => typeLabel(row.type),
    },
    {
      field: 'status',
      headerName: 'Status',
      flex: 0.7,
      minWidth: 110,
      renderCell: (p) => <StatusChip status={p.row.status} />,
    },
    { field: 'users', headerName: 'Users', type: 'number', flex: 0.5, minWidth: 80 },
    { field: 'contact', headerName: 'Contact', flex: 1.6, minWidth: 200 },
    {
      field: 'createdAt',
      headerName: 'Created',
      flex: 0.8,
      minWidth: 120,
      valueFormatter: (v: string | null) => formatDate(v),
    },
  ];
  const exportCsv = () =>
    downloadText(
      `${groupType ? `${typeLabel(groupType).toLowerCase()}-` : ''}organisations.csv`,
      toCsv(
        ['Organisation', 'Type', 'Status', 'Users', 'Contact', 'User e-mails', 'Created'],
        rows.map((r) => [
          r.name,
          typeLabel(r.type),
          r.status,
          String(r.users),
          r.contact,
          r.emails.join(' '),
          r.createdAt ? r.createdAt.slice(0, 10) : '',
        ]),
      ),
    );
  const filtered = Boolean(status || state.q);
  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'center' }, mb: 1.5 }}>
        <Stack
          direction="row"
          role="group"
          aria-label="Filter by status"
          sx={{ gap: 0.75, flexWrap: 'wrap' }}
        >
          <Chip
            label="All"
            color={status === null ? 'primary' : 'default'}
            variant={status === null ? 'filled' : 'outlined'}
            onClick={() => setStatus(null)}
            aria-pressed={status === null}
          />
          {STATUSES.map((s) => (
            <Chip
              key={s}
              label={s}
              color={status === s ? 'primary' : 'default'}
              variant={status === s ? 'filled' : 'outlined'}
              onClick={() => setStatus(status === s ? null : s)}
              aria-pressed={status === s}
            />
          ))}
        </Stack>
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
          onClick={exportCsv}
          disabled={!rows.length}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          Export CSV
        </Button>
      </Stack>
      {q.error && <Alert severity="error">{q.error.message}</Alert>}
      {q.data && rows.length === 0 ? (
        <Box sx={{ py: 6, textAlign: 'center' }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {filtered ? 'No organisations match this filter.' : 'There are no organisations here yet.'}
          </Typography>
          {!filtered && (
            <Button variant="contained" onClick={primaryAction.onClick}>
              {primaryAction.label}
            </Button>
          )}
        </Box>
      ) : (
        <DataGrid<OrganisationRow>
          rows={rows}
          columns={columns}
          getRowId={(r) => r.groupId}
          loading={q.isLoading}
          paginationModel={{ page: state.page, pageSize: state.pageSize }}
          onPaginationModelChange={(m) =>
            update((s) =>
              m.pageSize !== s.pageSize ? changeList(s, { pageSize: m.pageSize }) : { ...s, page: m.page },
            )
          }
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
          pageSizeOptions={[...PAGE_SIZES]}
          disableColumnFilter
          disableRowSelectionOnClick
          onRowClick={(p, e) => rowClick(p.row, e)}
          autoHeight
          sx={{
            border: 'none',
            '& .MuiDataGrid-row': { cursor: 'pointer' },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 500 },
          }}
        />
      )}
    </Paper>
  );
}
