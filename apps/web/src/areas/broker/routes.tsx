import type { RouteObject } from 'react-router';
import { screen } from '../../shared/lazy-screen.ts';
import {
  dashboardScreens,
  detailScreens,
  formScreens,
  groupScreens,
  lineScreens,
  listScreens,
  requestFlow,
  settingsScreens,
} from '../loaders.ts';

const B = 'broker' as const;
const brokerScreens = () => import('./broker-screens.tsx');
const brokerLimits = () => import('./broker-limits.tsx');
/** The CRM's Leads screens (docs/architecture.md, “CRM”). */
const leadList = () => import('../../screens/lead-list.tsx');
const leadDetail = () => import('../../screens/lead-detail.tsx');

const personForm = (model: 'Director' | 'UBO', parent: 'Supplier' | 'Buyer') =>
  screen(formScreens, (m) => m.CreateScreen, {
    model,
    area: B,
    parent: {
      model: parent,
      field: parent === 'Supplier' ? 'supplierId' : 'buyerId',
      inheritOwner: true,
      listLabel: parent === 'Supplier' ? 'Suppliers' : 'Obligors',
      listTo: parent === 'Supplier' ? '/broker/suppliers' : '/broker/obligors',
      to: parent === 'Supplier' ? '/broker/supplier/:id' : '/broker/buyer/:id',
    },
    back: parent === 'Supplier' ? '/broker/supplier/:id' : '/broker/buyer/:id',
  });

/**
 * Broker area `/broker` (docs/architecture.md, “Add a screen”; login and register sit outside the
 * gate): path → screen; its `dashboard` is app/router.tsx's, in the entry.
 */
export const brokerRoutes: RouteObject[] = [
  { index: true, lazy: screen(dashboardScreens, (m) => m.DashboardScreen, { area: B }) },
  {
    path: 'suppliers',
    lazy: screen(listScreens, (m) => m.ListScreen, {
      model: 'Supplier',
      title: 'Suppliers',
      rowTo: '/broker/supplier/:id',
      create: { label: 'New supplier', to: '/broker/suppliergroups' },
    }),
  },
  {
    path: 'supplier/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Supplier',
      area: B,
      listLabel: 'Suppliers',
      listTo: '/broker/suppliers',
      editable: true,
      related: [
        {
          model: 'Director',
          field: 'supplierId',
          add: '/broker/brokernewsupplierdirector/:id',
          columns: [
            'director_name',
            'director_jobtitle',
            'director_email',
            'director_id_attachment',
            'director_status',
          ],
        },
        {
          model: 'UBO',
          field: 'supplierId',
          add: '/broker/brokernewsupplierubo/:id',
          columns: ['ubo_name', 'ubo_ownership_percentage', 'ubo_email', 'ubo_id_attachment', 'ubo_status'],
        },
        {
          model: 'Buyer',
          field: 'supplierId',
          title: 'Buyer lines',
          add: '/broker/newbuyer/:id/:userId/:identityId',
          rowTo: '/broker/buyer/:id',
          columns: [
            'buyer_name',
            'buyer_country',
            'buyer_loan_request_amount',
            'buyer_loan_approved_amount',
            'buyer_status',
          ],
        },
        { model: 'Document', field: 'supplierId', add: '/broker/brokernewdocument/:id' },
        {
          model: 'Financials',
          field: 'supplierId',
          add: '/broker/brokernewfinancials/:userId/-/:identityId?supplierId=:id',
        },
        { model: 'Request', field: 'supplierId' },
      ],
    }),
  },
  { path: 'newsupplier/:ID/:ident/:sub', lazy: screen(brokerScreens, (m) => m.BrokerNewSupplierScreen) },
  {
    path: 'suppliergroups',
    lazy: screen(groupScreens, (m) => m.PartyGroupsScreen, { area: B, groupType: 'Supplier' }),
  },
  { path: 'brokernewsupplierdirector/:id', lazy: personForm('Director', 'Supplier') },
  { path: 'brokernewsupplierubo/:id', lazy: personForm('UBO', 'Supplier') },
  {
    path: 'newsupplierbuyer',
    lazy: screen(requestFlow, (m) => m.PickSupplierScreen, { area: B, purpose: 'buyer' }),
  },
  {
    path: 'newbuyer/:id/:user/:ident',
    lazy: screen(formScreens, (m) => m.CreateScreen, {
      model: 'Buyer',
      area: B,
      parent: {
        model: 'Supplier',
        field: 'supplierId',
        listLabel: 'Suppliers',
        listTo: '/broker/suppliers',
        to: '/broker/supplier/:id',
      },
      fromParams: { userId: 'user', identityId: 'ident' },
      fromProfile: { brokerId: 'recordId' },
      omit: ['buyer_status', 'buyer_loan_approved_amount'],
      back: '/broker/buyer/:created',
    }),
  },
  {
    path: 'brokernewfinancials/:id/:buyId/:ident',
    lazy: screen(formScreens, (m) => m.FinancialsCreateScreen, { area: B }),
  },
  { path: 'brokernewbuyerubo/:id', lazy: personForm('UBO', 'Buyer') },
  { path: 'brokernewbuyerdirector/:id', lazy: personForm('Director', 'Buyer') },
  // {id}: the Supplier or the Buyer line the document belongs to.
  { path: 'brokernewdocument/:id', lazy: screen(brokerScreens, (m) => m.BrokerNewDocumentScreen) },
  { path: 'groups', lazy: screen(groupScreens, (m) => m.GroupsScreen, { area: B }) },
  { path: 'user/:id', lazy: screen(groupScreens, (m) => m.OrganisationScreen, { area: B }) },
  { path: 'newuser', lazy: screen(groupScreens, (m) => m.NewUserScreen, { area: B }) },
  { path: 'newuser/:id', lazy: screen(groupScreens, (m) => m.NewUserScreen, { area: B }) },
  {
    path: 'buyer/:id',
    lazy: screen(detailScreens, (m) => m.DetailScreen, {
      model: 'Buyer',
      area: B,
      listLabel: 'Obligors',
      listTo: '/broker/obligors',
      editable: true,
      risk: true,
      related: [
        {
          model: 'Director',
          field: 'buyerId',
          add: '/broker/brokernewbuyerdirector/:id',
          columns: ['director_name', 'director_jobtitle', 'director_id_attachment', 'director_status'],
        },
        {
          model: 'UBO',
          field: 'buyerId',
          add: '/broker/brokernewbuyerubo/:id',
          columns: ['ubo_name', 'ubo_ownership_percentage', 'ubo_id_attachment', 'ubo_status'],
        },
        { model: 'Document', field: 'buyerId', add: '/broker/brokernewdocument/:id' },
        { model: 'Financials', field: 'buyerId', add: '/broker/brokernewfinancials/:userId/:id/:identityId' },
        { model: 'Request', field: 'buyerId' },
      ],
    }),
  },
  { path: 'limits', lazy: screen(brokerLimits, (m) => m.BrokerLimitsScreen) },
  { path: 'obligors', lazy: screen(lineScreens, (m) => m.ObligorsScreen, { area: B }) },
  {
    path: 'requests',
    lazy: screen(listScreens, (m) => m.ListScreen, { model: 'Request', title: 'Requests' }),
  },
  { path: 'settings', lazy: screen(settingsScreens, (m) => m.SettingsScreen) },
  { path: 'leads', lazy: screen(leadList, (m) => m.LeadsScreen, { area: B }) },
  { path: 'lead/:id', lazy: screen(leadDetail, (m) => m.LeadScreen, { area: B }) },
];
