import type { RouteObject } from 'react-router';
import { screen } from '../shared/lazy-screen.ts';
import {
  bankScreens,
  dashboardScreens,
  detailScreens,
  ledgerScreens,
  lineScreens,
  listScreens,
  reportScreens,
  requestScreens,
  settingsScreens,
} from './loaders.ts';

/** A collection payment with what it paid (docs/business-rules.md, “Payments and reconciliation”). */
const collectionPayment = () => import('../screens/reconciliation-funder-payment.tsx');

/** Routes the investor and SPV areas share. */
export function funderRoutes(area: 'investor' | 'spv'): RouteObject[] {
  const base = `/${area}`;
  const transactionDetail = (purpose: 'remittance' | 'collection') =>
    screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Transaction',
      area,
      listLabel: purpose === 'remittance' ? 'Remittance' : 'Collection',
      listTo: `${base}/bank/${purpose}`,
    });
  return [
    { index: true, lazy: screen(dashboardScreens, (m) => m.DashboardScreen, { area }) },
    {
      path: 'buyer/:id',
      lazy: screen(detailScreens, (m) => m.DetailScreen, {
        model: 'Buyer',
        area,
        listLabel: 'Obligors',
        listTo: `${base}/obligors`,
        risk: true,
        insurance: true,
        related: [
          {
            model: 'Director',
            field: 'buyerId',
            columns: ['director_name', 'director_jobtitle', 'director_status'],
          },
          { model: 'UBO', field: 'buyerId', columns: ['ubo_name', 'ubo_ownership_percentage', 'ubo_status'] },
          { model: 'Document', field: 'buyerId' },
          {
            model: 'Financials',
            field: 'buyerId',
            // The statement and the ratios derived from it
            // (docs/business-rules.md, “Buyer risk bands, score and grade”), also for the SPV,
            // whose area has no statement screen of its own. Read only: the supplier, its broker or
            // an administrator enters them
            // (docs/business-rules.md, “Party records and inviting users”).
            columns: [
              'financials_reporting_period',
              'financials_status',
              'sales',
              'working_capital',
              'current_ratio',
              'interest_coverage',
              'debt_equity_ratio',
            ],
            ...(area === 'investor' ? { rowTo: `${base}/financials/:id` } : {}),
          },
          { model: 'Request', field: 'buyerId', rowTo: `${base}/request/:id` },
        ],
      }),
    },
    { path: 'limits', lazy: screen(lineScreens, (m) => m.LimitsScreen, { area }) },
    { path: 'obligors', lazy: screen(lineScreens, (m) => m.ObligorsScreen, { area }) },
    {
      path: 'requests',
      lazy: screen(listScreens, (m) => m.ListScreen, {
        model: 'Request',
        title: 'Requests',
        rowTo: `${base}/request/:id`,
      }),
    },
    { path: 'request/:id', lazy: screen(requestScreens, (m) => m.RequestDetailScreen, { area }) },
    { path: 'bank', lazy: screen(bankScreens, (m) => m.BankScreen, { area }) },
    {
      path: 'bank/remittance',
      lazy: screen(bankScreens, (m) => m.BankTransactionsScreen, { area, purpose: 'remittance' }),
    },
    { path: 'bank/remittance/:id', lazy: transactionDetail('remittance') },
    {
      path: 'bank/collection',
      lazy: screen(bankScreens, (m) => m.BankTransactionsScreen, { area, purpose: 'collection' }),
    },
    {
      path: 'bank/collection/:id',
      lazy: screen(collectionPayment, (m) => m.CollectionPaymentScreen, { area }),
    },
    { path: 'settings', lazy: screen(settingsScreens, (m) => m.SettingsScreen) },
    // The ledger (docs/architecture.md, “Ledger”): the funder's own accounts, as the server decides.
    { path: 'ledger', lazy: screen(ledgerScreens, (m) => m.LedgerAccountsScreen, { area }) },
    { path: 'ledger/trial-balance', lazy: screen(ledgerScreens, (m) => m.TrialBalanceScreen, { area }) },
    { path: 'ledger/account/:id', lazy: screen(ledgerScreens, (m) => m.AccountStatementScreen, { area }) },
    // The funder reporting pack (docs/business-rules.md, “Funder reporting”): its own records' reports.
    { path: 'reports', lazy: screen(reportScreens, (m) => m.ReportsScreen, { area }) },
  ];
}
