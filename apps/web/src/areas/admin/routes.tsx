import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import {
  adminExtras,
  auditScreens,
  bankScreens,
  dashboardScreens,
  detailScreens,
  esignSetup,
  formScreens,
  groupScreens,
  insuranceScreens,
  ledgerScreens,
  listScreens,
  reportScreens,
  requestFlow,
  requestScreens,
  settingsScreens,
} from '../loaders.ts';
import {
  documentCreate,
  documentScreens,
  documents,
  financialsDetail,
  groupList,
  partyCreate,
  partyDetail,
  partyList,
  people,
  personDetail,
  personForm,
} from './party-routes.tsx';

const A = 'admin' as const;

/** The payouts screen's chunk (docs/business-rules.md, “Payments and reconciliation”). */
const payoutScreens = () => import('../../screens/payouts-screen.tsx');

/** The reconciliation screen's chunk (docs/business-rules.md, “Payments and reconciliation”). */
const reconciliationScreens = () => import('../../screens/reconciliation-screen.tsx');

/** The envelopes across requests (docs/business-rules.md, “Signing the financing documents”). */
const envelopeScreens = () => import('../../screens/envelopes-screen.tsx');

/** The CRM's Leads screens (docs/architecture.md, “CRM”). */
const leadList = () => import('../../screens/lead-list.tsx');
const leadDetail = () => import('../../screens/lead-detail.tsx');

/**
 * Admin area `/admin` (docs/architecture.md, “Add a screen”): path → screen; its `dashboard` is
 * app/router.tsx's, in the entry.
 */
export const adminRoutes: RouteObject[] = [
  { index: true, lazy: screen(dashboardScreens, (m) => m.DashboardScreen, { area: A }) },
  {
    path: 'suppliers',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Supplier',
      title: 'Suppliers',
      rowTo: '/admin/supplier/:id',
      create: { label: 'New supplier', to: '/admin/suppliergroups' },
    }),
  },
  {
    path: 'supplier/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Supplier',
      area: A,
      listLabel: 'Suppliers',
      listTo: '/admin/suppliers',
      editable: true,
      related: [
        ...people('supplier', 'supplierId'),
        {
          model: 'Buyer',
          field: 'supplierId',
          title: 'Buyer lines',
          add: '/admin/newbuyer/:id/:userId/:identityId',
          rowTo: '/admin/buyer/:id',
        },
        documents('supplierId', '/admin/adminnewsupplierdocument/:id'),
        {
          model: 'Financials',
          field: 'supplierId',
          add: '/admin/adminnewfinancials/:userId/-/:identityId?supplierId=:id',
          rowTo: '/admin/financials/:id',
        },
        { model: 'Request', field: 'supplierId', rowTo: '/admin/request/:id' },
      ],
    }),
  },
  {
    path: 'newsupplier/:ID/:ident/:sub',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Supplier',
      area: A,
      fromParams: { userId: 'ID', identityId: 'ident' },
      back: '/admin/supplier/:created',
      crumbs: [{ label: 'Suppliers', to: '/admin/suppliers' }],
    }),
  },
  { path: 'suppliergroups', lazy: groupList('Supplier') },
  {
    path: 'adminnewsupplierdirector/:id',
    lazy: personForm('Director', 'Supplier', 'supplierId', '/admin/suppliers', 'Suppliers'),
  },
  {
    path: 'adminnewsupplierubo/:id',
    lazy: personForm('UBO', 'Supplier', 'supplierId', '/admin/suppliers', 'Suppliers'),
  },
  {
    path: 'adminnewinvestordirector/:id',
    lazy: personForm('Director', 'Investor', 'investorId', '/admin/investors', 'Investors'),
  },
  {
    path: 'adminnewinvestorubo/:id',
    lazy: personForm('UBO', 'Investor', 'investorId', '/admin/investors', 'Investors'),
  },
  { path: 'adminnewbuyerubo/:id', lazy: personForm('UBO', 'Buyer', 'buyerId', '/admin/buyers', 'Buyers') },
  {
    path: 'adminnewbuyerdirector/:id',
    lazy: personForm('Director', 'Buyer', 'buyerId', '/admin/buyers', 'Buyers'),
  },
  { path: 'adminnewspvubo/:id', lazy: personForm('UBO', 'Spv', 'spvId', '/admin/spvs', 'SPVs') },
  { path: 'adminnewspvdirector/:id', lazy: personForm('Director', 'Spv', 'spvId', '/admin/spvs', 'SPVs') },
  {
    path: 'adminnewbrokerubo/:id',
    lazy: personForm('UBO', 'Broker', 'brokerId', '/admin/brokers', 'Brokers'),
  },
  {
    path: 'adminnewbrokerdirector/:id',
    lazy: personForm('Director', 'Broker', 'brokerId', '/admin/brokers', 'Brokers'),
  },
  { path: 'director/:id', lazy: personDetail('Director') },
  { path: 'ubo/:id', lazy: personDetail('UBO') },
  {
    path: 'buyers',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Buyer',
      title: 'Buyers',
      rowTo: '/admin/buyer/:id',
      create: { label: 'New buyer', to: '/admin/newsupplierbuyer' },
    }),
  },
  {
    path: 'buyer/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Buyer',
      area: A,
      listLabel: 'Buyers',
      listTo: '/admin/buyers',
      editable: true,
      risk: true,
      insurance: true,
      links: [
        { label: 'E-signing', to: '/admin/esign/:userId/:id/:supplierId' },
        { label: 'New request', to: '/admin/newrequestoptions/:userId/:id/:supplierId' },
      ],
      related: [
        ...people('buyer', 'buyerId'),
        documents('buyerId'),
        {
          model: 'Financials',
          field: 'buyerId',
          add: '/admin/adminnewfinancials/:userId/:id/:identityId',
          rowTo: '/admin/financials/:id',
        },
        { model: 'Request', field: 'buyerId', rowTo: '/admin/request/:id' },
      ],
    }),
  },
  {
    path: 'newbuyer/:id/:user/:ident',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Buyer',
      area: A,
      parent: {
        model: 'Supplier',
        field: 'supplierId',
        listLabel: 'Suppliers',
        listTo: '/admin/suppliers',
        to: '/admin/supplier/:id',
      },
      fromParams: { userId: 'user', identityId: 'ident' },
      back: '/admin/buyer/:created',
    }),
  },
  {
    path: 'newsupplierbuyer',
    lazy: screen(requestFlow, (m) => m.PickSupplierScreen, { area: A, purpose: 'buyer' }),
  },
  {
    path: 'adminnewsupplierdocument/:id',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Document',
      area: A,
      parent: {
        model: 'Supplier',
        field: 'supplierId',
        inheritOwner: true,
        listLabel: 'Suppliers',
        listTo: '/admin/suppliers',
        to: '/admin/supplier/:id',
      },
      back: '/admin/supplier/:id',
    }),
  },
  { path: 'adminnewdocument/:id', lazy: documentCreate() },
  { path: 'document/:id', lazy: screen(documentScreens, (m) => m.DocumentDetailScreen, { area: A }) },
  { path: 'esign/:userid/:buyerid/:supplierid', lazy: screen(esignSetup, (m) => m.EsignScreen) },
  {
    path: 'adminnewfinancials/:id/:buyId/:ident',
    lazy: screen(formScreens, (m) => m.FinancialsCreateScreen, { area: A }),
  },
  {
    path: 'financials/:id',
    lazy: financialsDetail(),
  },
  {
    path: 'requests',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Request',
      title: 'Requests',
      rowTo: '/admin/request/:id',
      create: { label: 'New request', to: '/admin/newrequestsupplierlist' },
    }),
  },
  { path: 'request/:id', lazy: screen(requestScreens, (m) => m.RequestDetailScreen, { area: A }) },
  { path: 'envelopes', lazy: screen(envelopeScreens, (m) => m.EnvelopesScreen) },
  {
    path: 'newrequestsupplierlist',
    lazy: screen(requestFlow, (m) => m.PickSupplierScreen, { area: A, purpose: 'request' }),
  },
  { path: 'newrequestlist/:supId', lazy: screen(requestFlow, (m) => m.PickBuyerLineScreen, { area: A }) },
  {
    path: 'newrequestoptions/:id/:buyId/:supId',
    lazy: screen(requestFlow, (m) => m.RequestOptionsScreen, { area: A }),
  },
  { path: 'newrequest/:id/:buyId/:supId', lazy: screen(requestFlow, (m) => m.NewRequestScreen, { area: A }) },
  {
    path: 'newmultirequest/:id/:buyId/:supId',
    lazy: screen(requestFlow, (m) => m.MultiRequestScreen, { area: A }),
  },
  { path: 'investors', lazy: partyList('Investor', 'investor', 'Investors') },
  { path: 'investor/:id', lazy: partyDetail('Investor', 'investor', 'Investors', 'investorId') },
  { path: 'investorgroups', lazy: groupList('Investor') },
  { path: 'newinvestor/:groupid/:ident/:id', lazy: partyCreate('Investor', 'investor') },
  { path: 'spvs', lazy: partyList('Spv', 'spv', 'SPVs') },
  { path: 'spv/:id', lazy: partyDetail('Spv', 'spv', 'SPVs', 'spvId') },
  { path: 'spvgroups', lazy: groupList('Spv') },
  { path: 'newspv/:groupid/:ident/:id', lazy: partyCreate('Spv', 'spv') },
  { path: 'brokers', lazy: partyList('Broker', 'broker', 'Brokers') },
  { path: 'broker/:id', lazy: partyDetail('Broker', 'broker', 'Brokers', 'brokerId') },
  { path: 'brokergroups', lazy: groupList('Broker') },
  { path: 'newbroker/:groupid/:ident/:id', lazy: partyCreate('Broker', 'broker') },
  { path: 'groups', lazy: screen(groupScreens, (m) => m.GroupsScreen, { area: A }) },
  { path: 'user/:id', lazy: screen(groupScreens, (m) => m.OrganisationScreen, { area: A }) },
  { path: 'newuser', lazy: screen(groupScreens, (m) => m.NewUserScreen, { area: A }) },
  { path: 'newuser/:id', lazy: screen(groupScreens, (m) => m.NewUserScreen, { area: A }) },
  // Credit insurance (docs/business-rules.md, “Credit insurance”).
  { path: 'newinsurance', lazy: screen(insuranceScreens, (m) => m.InsuranceScreen) },
  {
    path: 'insurance/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Insurance',
      area: A,
      listLabel: 'Credit insurance',
      listTo: '/admin/newinsurance?tab=policies',
      editable: true,
      deletable: true,
      insurance: true,
    }),
  },
  {
    path: 'bookkeeping',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Bookkeeping',
      title: 'Bookkeeping',
      rowTo: '/admin/bookkeeping/:id',
    }),
  },
  {
    path: 'bookkeeping/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Bookkeeping',
      area: A,
      listLabel: 'Bookkeeping',
      listTo: '/admin/bookkeeping',
      links: [{ label: 'Open request', to: '/admin/request/:requestId' }],
      postings: true,
    }),
  },
  {
    path: 'transactions',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Transaction',
      title: 'Transactions',
      rowTo: '/admin/transaction/:id',
    }),
  },
  {
    path: 'transaction/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Transaction',
      area: A,
      listLabel: 'Transactions',
      listTo: '/admin/transactions',
      editable: true,
    }),
  },
  { path: 'accounts/:id', lazy: screen(bankScreens, (m) => m.AccountsScreen, { area: A }) },
  { path: 'account/:id', lazy: screen(bankScreens, (m) => m.AccountDetailScreen, { area: A }) },
  { path: 'payouts', lazy: screen(payoutScreens, (m) => m.PayoutsScreen, { area: A }) },
  { path: 'reconciliation', lazy: screen(reconciliationScreens, (m) => m.ReconciliationScreen) },
  { path: 'sofr', lazy: screen(adminExtras, (m) => m.SofrScreen) },
  { path: 'audit', lazy: screen(auditScreens, (m) => m.AuditScreen) },
  { path: 'settings', lazy: screen(settingsScreens, (m) => m.SettingsScreen) },
  { path: 'leads', lazy: screen(leadList, (m) => m.LeadsScreen, { area: A }) },
  { path: 'lead/:id', lazy: screen(leadDetail, (m) => m.LeadScreen, { area: A }) },
  // The ledger (docs/architecture.md, “Ledger”): every account.
  { path: 'ledger', lazy: screen(ledgerScreens, (m) => m.LedgerAccountsScreen, { area: A }) },
  { path: 'ledger/trial-balance', lazy: screen(ledgerScreens, (m) => m.TrialBalanceScreen, { area: A }) },
  { path: 'ledger/account/:id', lazy: screen(ledgerScreens, (m) => m.AccountStatementScreen, { area: A }) },
  // The funder reporting pack of any investor or SPV (docs/business-rules.md, “Funder reporting”).
  { path: 'reports', lazy: screen(reportScreens, (m) => m.ReportsScreen, { area: A }) },
];
