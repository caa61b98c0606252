import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import {
  formScreens,
  listScreens,
  requestFlow,
  requestScreens,
  settingsScreens,
  supplierScreens,
} from '../loaders.ts';

const account = screen(supplierScreens, (m) => m.AccountScreen);

/**
 * Supplier area `/app` (docs/architecture.md, “Add a screen”): path → screen; its `dashboard` is
 * app/router.tsx's, in the entry.
 */
export const supplierRoutes: RouteObject[] = [
  { index: true, lazy: account },
  { path: 'account', lazy: account },
  {
    path: 'newsupplierdirector/:id',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Director',
      area: 'supplier',
      parent: { model: 'Supplier', field: 'supplierId', listLabel: 'Company', listTo: '/app/account' },
      back: '/app/account',
    }),
  },
  {
    path: 'newsupplierubo/:id',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'UBO',
      area: 'supplier',
      parent: { model: 'Supplier', field: 'supplierId', listLabel: 'Company', listTo: '/app/account' },
      back: '/app/account',
    }),
  },
  {
    path: 'updatedirector/:id',
    lazy: screen(formScreens, (m) => m.EditScreen, {
      model: 'Director',
      area: 'supplier',
      back: '/app/account',
      crumbs: [{ label: 'Company', to: '/app/account' }],
    }),
  },
  {
    path: 'updateubo/:id',
    lazy: screen(formScreens, (m) => m.EditScreen, {
      model: 'UBO',
      area: 'supplier',
      back: '/app/account',
      crumbs: [{ label: 'Company', to: '/app/account' }],
    }),
  },
  {
    path: 'requests',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Request',
      title: 'Requests',
      create: { label: 'New request', to: '/app/buyers' },
      rowTo: '/app/request/:id',
    }),
  },
  {
    path: 'request/:id',
    lazy: screen(requestScreens, (m) => m.RequestDetailScreen, { area: 'supplier' }),
  },
  { path: 'buyer/:id', lazy: screen(supplierScreens, (m) => m.SupplierLineScreen) },
  { path: 'newrequest/:id', lazy: screen(requestFlow, (m) => m.NewRequestScreen, { area: 'supplier' }) },
  {
    path: 'requestoptions/:id',
    lazy: screen(requestFlow, (m) => m.RequestOptionsScreen, { area: 'supplier' }),
  },
  {
    path: 'newmultirequest/:id/:buyId/:supId',
    lazy: screen(requestFlow, (m) => m.MultiRequestScreen, { area: 'supplier' }),
  },
  { path: 'buyers', lazy: screen(supplierScreens, (m) => m.BuyersScreen) },
  { path: 'settings', lazy: screen(settingsScreens, (m) => m.SettingsScreen) },
  {
    path: 'newaccount',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Supplier',
      area: 'supplier',
      title: 'Company details',
      back: '/app/account',
      omit: ['brokerId', 'supplier_status'],
      crumbs: [{ label: 'Company', to: '/app/account' }],
    }),
  },
  {
    path: 'newbuyer',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Buyer',
      area: 'supplier',
      fromProfile: { supplierId: 'recordId' },
      back: '/app/buyers',
      sections: [
        'Identity and contact',
        'Goods and trade terms',
        'Payment history',
        'Transaction volumes',
        'Financing terms (credit limit)',
        'Status and attachments',
      ],
      omit: [
        'buyer_status',
        'buyer_loan_approved_amount',
        'buyer_loan_transaction_fee',
        'buyer_loan_discount_fee',
        'buyer_loan_spv_fee',
        'buyer_loan_broker_fee',
        'buyer_loan_advance_rate',
        'buyer_loan_rate',
        'buyer_loan_covenants',
        'buyer_loan_collateral',
      ],
      crumbs: [{ label: 'Buyers', to: '/app/buyers' }],
    }),
  },
  { path: 'suppliers', lazy: screen(supplierScreens, (m) => m.SubmittedScreen) },
];
