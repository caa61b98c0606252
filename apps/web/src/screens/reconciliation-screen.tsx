import {
  Box,
  Button,
  Chip,
  Grid,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiRecord } from '../entity/graphql-client.ts';
import { AddIcon } from '../shared/icons.tsx';
import { PageHeader } from '../shared/page.tsx';
import { PaymentDetail } from './reconciliation-detail.tsx';
import {
  isReconciliationView,
  RECONCILIATION_VIEWS,
  type PaymentSide,
  type ReconciliationView,
} from './reconciliation-filters.ts';
import { PaymentsList } from './reconciliation-list.tsx';
import { ManualEntryDialog } from './reconciliation-manual.tsx';
import { accountLabel, isDebit, usePlatformAccounts } from './reconciliation-parts.tsx';

/**
 * Admin `/admin/reconciliation` (docs/business-rules.md, “Payments and reconciliation”): money in
 * on collection accounts and money out on remittance and collection accounts, still to reconcile
 * by default, newest first, searched by payer, reference, remittance information or amount. The
 * payment opened beside the list (`?payment=<id>`; on a phone instead of it) shows what it may pay
 * and what it pays. "Manual entry" records a payment no statement brings.
 */
export function ReconciliationScreen() {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const side: PaymentSide = params.get('side') === 'out' ? 'out' : 'in';
  const viewParam = params.get('view');
  const view: ReconciliationView = isReconciliationView(viewParam) ? viewParam : 'open';
  const selected = params.get('payment');
  const [entering, setEntering] = useState(false);
  const accounts = usePlatformAccounts();
  const { accountIds, accountNames } = useMemo(() => {
    const all = accounts.data ?? [];
    const names = new Map(all.map((a) => [a.id, accountLabel(a)]));
    const ids = all.filter((a) => side === 'out' || a.bank_account_purpose === 'collection').map((a) => a.id);
    return { accountIds: ids, accountNames: names };
  }, [accounts.data, side]);

  const change = (set: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(set)) {
          if (v === null) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const opened = (t: ApiRecord | null) => {
    setEntering(false);
    if (t?.id) change({ side: isDebit(t) ? 'out' : 'in', view: null, payment: t.id });
  };

  const list = (
    <>
      <Stack direction="row" role="group" aria-label="Show" sx={{ gap: 0.75, flexWrap: 'wrap', mb: 1.5 }}>
        {RECONCILIATION_VIEWS.map((v) => (
          <Chip
            key={v.value}
            label={v.label}
            onClick={() => change({ view: v.value === 'open' ? null : v.value, payment: null })}
            color={view === v.value ? 'primary' : 'default'}
            variant={view === v.value ? 'filled' : 'outlined'}
            aria-pressed={view === v.value}
          />
        ))}
      </Stack>
      <PaymentsList
        side={side}
        view={view}
        accountIds={accountIds}
        accountNames={accountNames}
        selectedId={selected}
      />
    </>
  );
  const detail = selected ? (
    <PaymentDetail key={selected} id={selected} accountNames={accountNames} />
  ) : (
    <Box sx={{ p: 3, textAlign: 'center', border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography color="text.secondary">
        Open a payment to see what it may pay
        {side === 'in' ? ', allocate or split it' : ' and confirm the payout'}.
      </Typography>
    </Box>
  );

  return (
    <>
      <PageHeader
        title="Reconciliation"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEntering(true)}
            disabled={accounts.isLoading}
          >
            Manual entry
          </Button>
        }
      />
      <Tabs
        value={side}
        onChange={(_e, v: PaymentSide) => change({ side: v === 'in' ? null : v, payment: null })}
        aria-label="Payments"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="in" label="Money in" />
        <Tab value="out" label="Money out" />
      </Tabs>
      {phone ? (
        selected ? (
          <>
            <Button sx={{ mb: 1 }} onClick={() => change({ payment: null })}>
              ‹ Back to the list
            </Button>
            {detail}
          </>
        ) : (
          list
        )
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ md: 5 }}>{list}</Grid>
          <Grid size={{ md: 7 }}>{detail}</Grid>
        </Grid>
      )}
      {entering && (
        <ManualEntryDialog
          accounts={accounts.data ?? []}
          onClose={() => setEntering(false)}
          onRecorded={opened}
        />
      )}
    </>
  );
}
