import {
  Alert,
  Box,
  Button,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { saveBlob } from '../entity/files.ts';
import { formatDate, formatMoney } from '../entity/format.ts';
import {
  newIdempotencyKey,
  PAYMENTS_KEY,
  useExportPayouts,
  usePayoutInstructions,
  type PayoutExport,
  type PayoutFormat,
  type PayoutInstruction,
  type PayoutStatus,
} from '../entity/payments-api.ts';
import { AREAS, type AreaKey } from '../shared/areas.ts';
import { notify } from '../shared/errors.ts';
import { DownloadIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import {
  chosenOf,
  contentTypeOf,
  defaultExecutionDate,
  PAYOUT_TABS,
  payoutTabOf,
  toggleAll,
  toggleOne,
} from './payouts-labels.ts';
import { PayoutTable } from './payouts-table.tsx';

/**
 * Admin `payouts` (docs/business-rules.md, “Payments and reconciliation”): the payout
 * instructions by status. Pending ones are chosen and exported as a pain.001.001.03
 * credit-transfer file or CSV for the funders' banks, which the browser downloads; they are then
 * Exported until a statement of the funder's account shows the debit carrying their reference,
 * which confirms them (Confirmed, with the transaction). Amounts are the server's, per row and
 * currency; nothing is added up here.
 */
export function PayoutsScreen({ area }: { area: AreaKey }) {
  const base = AREAS[area].base;
  const [search, setSearch] = useSearchParams();
  const status = payoutTabOf(search.get('status'));
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const pending = usePayoutInstructions({ status: 'Pending' });
  const exported = usePayoutInstructions({ status: 'Exported' });
  const confirmed = usePayoutInstructions({ status: 'Confirmed' });
  const lists = { Pending: pending, Exported: exported, Confirmed: confirmed } as const;
  const current = lists[status];
  const tab = PAYOUT_TABS.find((t) => t.status === status)!;
  // Another tab shows what may have changed meanwhile (an investor's statement confirms payouts):
  // each change of tab reads the lists again.
  const client = useQueryClient();
  const shown = useRef(status);
  useEffect(() => {
    if (shown.current === status) return;
    shown.current = status;
    void client.invalidateQueries({ queryKey: [PAYMENTS_KEY, 'instructions'] });
  }, [client, status]);

  return (
    <>
      <PageHeader title="Payouts" />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        The payments the platform asks a funder’s bank to make to a supplier: the advance when a request is
        approved, the rebate of its reserve when it is settled. Export pending payouts as a file for the
        banks; each is confirmed when the funder’s bank statement shows the debit carrying its reference.
      </Typography>
      <Tabs
        value={status}
        onChange={(_e, next: PayoutStatus) => setSearch(next === 'Pending' ? {} : { status: next })}
        aria-label="Payouts by status"
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {PAYOUT_TABS.map((t) => {
          const count = lists[t.status].data?.length;
          return (
            <Tab
              key={t.status}
              value={t.status}
              label={count === undefined ? t.label : `${t.label} (${count})`}
              id={`payouts-tab-${t.status}`}
              aria-controls="payouts-panel"
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id="payouts-panel" aria-labelledby={`payouts-tab-${status}`}>
        {current.error ? (
          <Alert severity="error" role="alert">
            The payouts could not be loaded: {current.error.message}
          </Alert>
        ) : current.isLoading || !current.data ? (
          <Paper sx={{ p: 2 }}>
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={32} />
          </Paper>
        ) : status === 'Pending' ? (
          <PendingPayouts rows={current.data} base={base} empty={tab.empty} />
        ) : (
          <Paper sx={{ p: { xs: 1.5, sm: 2 }, overflowX: 'auto' }}>
            {current.data.length === 0 ? (
              <Typography color="text.secondary">{tab.empty}</Typography>
            ) : (
              <>
                {tab.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {tab.note}
                  </Typography>
                )}
                <PayoutTable rows={current.data} status={status} base={base} />
              </>
            )}
          </Paper>
        )}
      </Box>
    </>
  );
}

const FORMATS: Readonly<Record<PayoutFormat, { button: string; name: string }>> = {
  'pain.001.001.03': { button: 'Export pain.001', name: 'a pain.001.001.03 credit-transfer file' },
  csv: { button: 'Export CSV', name: 'a CSV file' },
};

function download(file: PayoutExport): void {
  saveBlob(new Blob([file.content], { type: contentTypeOf(file.fileName) }), file.fileName);
}

/** The pending payouts with their checkboxes, the execution date and the two exports. */
function PendingPayouts({
  rows,
  base,
  empty,
}: {
  rows: readonly PayoutInstruction[];
  base: string;
  empty: string;
}) {
  const [chosenSet, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [executionDate, setExecutionDate] = useState(defaultExecutionDate);
  const [asking, setAsking] = useState<{ format: PayoutFormat; key: string } | null>(null);
  const [last, setLast] = useState<PayoutExport | null>(null);
  const exporter = useExportPayouts();
  const chosen = useMemo(() => chosenOf(rows, chosenSet), [rows, chosenSet]);
  const today = defaultExecutionDate();
  const dateProblem = !executionDate
    ? 'Give the date the banks are to pay on.'
    : executionDate < today
      ? `The execution date cannot be before today (${formatDate(today)}).`
      : null;
  const blocked = rows.filter((r) => r.problems.length > 0).length;

  const run = async (format: PayoutFormat, idempotencyKey: string) => {
    const file = await exporter.mutateAsync({ ids: chosen, format, executionDate, idempotencyKey });
    download(file);
    setLast(file);
    setChosen(new Set());
    setAsking(null);
    notify(
      `${file.instructions} ${file.instructions === 1 ? 'payout' : 'payouts'} exported to ${file.fileName}.`,
    );
  };

  const picked = rows.filter((r) => chosen.includes(r.id));
  return (
    <>
      {last && (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" startIcon={<DownloadIcon />} onClick={() => download(last)}>
              Download again
            </Button>
          }
        >
          {last.fileName} was downloaded with {last.instructions}{' '}
          {last.instructions === 1 ? 'payout' : 'payouts'}. Hand it to the funders’ banks; the payouts are now
          under Exported.
        </Alert>
      )}
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, overflowX: 'auto' }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              sx={{ gap: 1.5, alignItems: { md: 'flex-start' }, mb: 1.5 }}
            >
              <TextField
                type="date"
                label="Execution date"
                size="small"
                value={executionDate}
                onChange={(e) => setExecutionDate(e.target.value)}
                error={Boolean(dateProblem)}
                helperText={dateProblem ?? 'The day the banks are asked to pay.'}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today } }}
                sx={{ minWidth: 200 }}
              />
              <Stack
                direction="row"
                sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', pt: { md: 0.25 } }}
              >
                {(Object.keys(FORMATS) as PayoutFormat[]).map((format) => (
                  <Button
                    key={format}
                    variant={format === 'csv' ? 'outlined' : 'contained'}
                    startIcon={<DownloadIcon />}
                    disabled={chosen.length === 0 || Boolean(dateProblem)}
                    onClick={() => setAsking({ format, key: newIdempotencyKey() })}
                  >
                    {FORMATS[format].button}
                  </Button>
                ))}
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {chosen.length === 0
                    ? 'Choose the payouts to export.'
                    : `${chosen.length} ${chosen.length === 1 ? 'payout' : 'payouts'} chosen.`}
                </Typography>
              </Stack>
            </Stack>
            {blocked > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {blocked === 1 ? 'One payout waits' : `${blocked} payouts wait`} for an approved account in
                its currency before it can be exported (see the warning under it).
              </Typography>
            )}
            <PayoutTable
              rows={rows}
              status="Pending"
              base={base}
              choice={{
                chosen: new Set(chosen),
                onToggle: (id) => setChosen((s) => toggleOne(s, id)),
                onToggleAll: () => setChosen((s) => toggleAll(rows, s)),
              }}
            />
          </>
        )}
      </Paper>
      {asking && (
        <ConfirmDialog
          title={`Export ${picked.length} ${picked.length === 1 ? 'payout' : 'payouts'}?`}
          confirm={FORMATS[asking.format].button}
          explain={
            <>
              <Typography sx={{ mb: 1 }}>
                This makes {FORMATS[asking.format].name} asking the banks to pay on{' '}
                {formatDate(executionDate)} and downloads it. The payouts are then Exported and cannot be
                exported again; each is confirmed when the funder’s statement shows its debit.
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {picked.map((r) => (
                  <li key={r.id}>
                    {r.reference}: {formatMoney(r.amount, r.currency)} to {r.supplierName ?? 'the supplier'}
                  </li>
                ))}
              </Box>
            </>
          }
          onConfirm={() => run(asking.format, asking.key)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
