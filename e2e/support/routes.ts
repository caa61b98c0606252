import type { RoleKey } from './config.ts';
import type { Fixtures } from './fixtures.ts';

/**
 * Every route of the areas' route tables, with its parameters as
 * docs/architecture.md, “Route parameters” defines them. `{name}` is a fixture id
 * (support/fixtures.ts). `expect` is where the route lands when it redirects; `shot` names a
 * screenshot of a key screen.
 */
export interface RouteCase {
  readonly route: string;
  readonly path: string;
  readonly expect?: string;
  readonly shot?: string;
}

type Spec = readonly [route: string, path: string, extra?: { expect?: string; shot?: string }];

const SUPPLIER: Spec[] = [
  ['(root)', '/app', { shot: 'supplier-account' }],
  ['account', '/app/account'],
  ['newsupplierdirector/{id}', '/app/newsupplierdirector/{S1.id}', { shot: 'supplier-form-director' }],
  ['newsupplierubo/{id}', '/app/newsupplierubo/{S1.id}'],
  ['updatedirector/{id}', '/app/updatedirector/{S1.director}'],
  ['updateubo/{id}', '/app/updateubo/{S1.ubo}'],
  ['requests', '/app/requests', { shot: 'supplier-list-requests' }],
  ['request/{id}', '/app/request/{S1.request}', { shot: 'supplier-detail-request' }],
  ['buyer/{id}', '/app/buyer/{S1.line}'],
  ['newrequest/{id}', '/app/newrequest/{S1.line}'],
  ['requestoptions/{id}', '/app/requestoptions/{S1.line}', { shot: 'supplier-detail-requestoptions' }],
  ['newmultirequest/{id}/{buyId}/{supId}', '/app/newmultirequest/{S1.groupId}/{S1.line}/{S1.id}'],
  ['dashboard', '/app/dashboard', { shot: 'supplier-dashboard' }],
  ['buyers', '/app/buyers', { shot: 'supplier-list-buyers' }],
  ['settings', '/app/settings'],
  ['newaccount', '/app/newaccount'],
  ['newbuyer', '/app/newbuyer', { shot: 'supplier-form-buyer' }],
  ['suppliers', '/app/suppliers'],
];

const ADMIN: Spec[] = [
  ['login', '/admin/login', { expect: '/admin/dashboard' }],
  ['dashboard', '/admin/dashboard', { shot: 'admin-dashboard' }],
  ['suppliers', '/admin/suppliers', { shot: 'admin-list-suppliers' }],
  ['supplier/{id}', '/admin/supplier/{A.supplier}', { shot: 'admin-detail-supplier' }],
  [
    'newsupplier/{ID}/{ident}/{sub}',
    '/admin/newsupplier/{A.supplier.groupId}/{A.supplier.identityId}/{A.supplier.sub}',
  ],
  ['suppliergroups', '/admin/suppliergroups'],
  [
    'adminnewsupplierdirector/{id}',
    '/admin/adminnewsupplierdirector/{A.supplier}',
    { shot: 'admin-form-director' },
  ],
  ['adminnewsupplierubo/{id}', '/admin/adminnewsupplierubo/{A.supplier}'],
  ['adminnewinvestordirector/{id}', '/admin/adminnewinvestordirector/{A.investor}'],
  ['adminnewinvestorubo/{id}', '/admin/adminnewinvestorubo/{A.investor}'],
  ['adminnewbuyerubo/{id}', '/admin/adminnewbuyerubo/{A.buyer}'],
  ['adminnewbuyerdirector/{id}', '/admin/adminnewbuyerdirector/{A.buyer}'],
  ['adminnewspvubo/{id}', '/admin/adminnewspvubo/{A.spv}'],
  ['adminnewspvdirector/{id}', '/admin/adminnewspvdirector/{A.spv}'],
  ['adminnewbrokerubo/{id}', '/admin/adminnewbrokerubo/{A.broker}'],
  ['adminnewbrokerdirector/{id}', '/admin/adminnewbrokerdirector/{A.broker}'],
  ['director/{id}', '/admin/director/{A.director}'],
  ['ubo/{id}', '/admin/ubo/{A.ubo}'],
  ['buyers', '/admin/buyers'],
  ['buyer/{id}', '/admin/buyer/{A.buyer}', { shot: 'admin-detail-buyer' }],
  [
    'newbuyer/{id}/{user}/{ident}',
    '/admin/newbuyer/{A.supplier}/{A.supplier.groupId}/{A.supplier.identityId}',
  ],
  ['newsupplierbuyer', '/admin/newsupplierbuyer'],
  ['adminnewsupplierdocument/{id}', '/admin/adminnewsupplierdocument/{A.supplier}'],
  ['adminnewdocument/{id}', '/admin/adminnewdocument/{A.buyer}'],
  ['document/{id}', '/admin/document/{A.document}'],
  ['esign/{userid}/{buyerid}/{supplierid}', '/admin/esign/{A.supplier.groupId}/{A.buyer}/{A.supplier}'],
  [
    'adminnewfinancials/{id}/{buyId}/{ident}',
    '/admin/adminnewfinancials/{A.supplier.groupId}/{A.buyer}/{A.supplier.identityId}',
  ],
  ['financials/{id}', '/admin/financials/{A.financials}'],
  ['requests', '/admin/requests', { shot: 'admin-list-requests' }],
  ['request/{id}', '/admin/request/{A.request}', { shot: 'admin-detail-request' }],
  ['envelopes', '/admin/envelopes', { shot: 'admin-list-envelopes' }],
  ['newrequestsupplierlist', '/admin/newrequestsupplierlist'],
  ['newrequestlist/{supId}', '/admin/newrequestlist/{A.supplier}'],
  [
    'newrequestoptions/{id}/{buyId}/{supId}',
    '/admin/newrequestoptions/{A.supplier.groupId}/{A.buyer}/{A.supplier}',
  ],
  [
    'newrequest/{id}/{buyId}/{supId}',
    '/admin/newrequest/{A.supplier.groupId}/{A.buyer}/{A.supplier}',
    { shot: 'admin-form-request' },
  ],
  [
    'newmultirequest/{id}/{buyId}/{supId}',
    '/admin/newmultirequest/{A.supplier.groupId}/{A.buyer}/{A.supplier}',
  ],
  ['investors', '/admin/investors'],
  ['investor/{id}', '/admin/investor/{A.investor}'],
  ['investorgroups', '/admin/investorgroups'],
  [
    'newinvestor/{groupid}/{ident}/{id}',
    '/admin/newinvestor/{A.investor.groupId}/{A.investor.identityId}/{A.investor.sub}',
  ],
  ['spvs', '/admin/spvs'],
  ['spv/{id}', '/admin/spv/{A.spv}'],
  ['spvgroups', '/admin/spvgroups'],
  ['newspv/{groupid}/{ident}/{id}', '/admin/newspv/{A.spv.groupId}/{A.spv.identityId}/{A.spv.sub}'],
  ['brokers', '/admin/brokers'],
  ['broker/{id}', '/admin/broker/{A.broker}'],
  ['brokergroups', '/admin/brokergroups'],
  [
    'newbroker/{groupid}/{ident}/{id}',
    '/admin/newbroker/{A.broker.groupId}/{A.broker.identityId}/{A.broker.sub}',
  ],
  ['groups', '/admin/groups'],
  ['user/{id}', '/admin/user/{A.supplier.groupId}'],
  ['newuser', '/admin/newuser'],
  ['newuser/{id}', '/admin/newuser/{A.supplier.groupId}'],
  ['newinsurance', '/admin/newinsurance'],
  ['insurance/{id}', '/admin/insurance/{A.insurance}'],
  ['bookkeeping', '/admin/bookkeeping'],
  ['bookkeeping/{id}', '/admin/bookkeeping/{A.bookkeeping}'],
  ['transactions', '/admin/transactions'],
  ['transaction/{id}', '/admin/transaction/{A.transaction}'],
  ['accounts/{id}', '/admin/accounts/{A.investor}'],
  ['account/{id}', '/admin/account/{A.bank}'],
  ['audit', '/admin/audit'],
  ['leads', '/admin/leads'],
  ['ledger', '/admin/ledger', { shot: 'admin-list-ledger' }],
  ['ledger/trial-balance', '/admin/ledger/trial-balance', { shot: 'admin-ledger-trial-balance' }],
  ['ledger/account/{id}', '/admin/ledger/account/{A.ledgerAccount}', { shot: 'admin-ledger-statement' }],
  ['reports', '/admin/reports'],
];

const funder = (base: '/investor' | '/spv', k: 'I1' | 'P'): Spec[] => [
  ['login', `${base}/login`, { expect: `${base}/dashboard` }],
  ['register', `${base}/register`, { expect: `${base}/dashboard` }],
  ['dashboard', `${base}/dashboard`, { shot: `${base.slice(1)}-dashboard` }],
  ['buyer/{id}', `${base}/buyer/{${k}.line}`, { shot: `${base.slice(1)}-detail-buyer` }],
  ['limits', `${base}/limits`],
  ['obligors', `${base}/obligors`, { shot: `${base.slice(1)}-list-obligors` }],
  ['requests', `${base}/requests`],
  ['request/{id}', `${base}/request/{${k}.request}`],
  ['bank', `${base}/bank`],
  ['bank/remittance', `${base}/bank/remittance`, { shot: `${base.slice(1)}-list-remittance` }],
  ['bank/remittance/{id}', `${base}/bank/remittance/{${k}.remittanceTx}`],
  ['bank/collection', `${base}/bank/collection`],
  ['bank/collection/{id}', `${base}/bank/collection/{${k}.collectionTx}`],
  ['settings', `${base}/settings`, { shot: `${base.slice(1)}-form-settings` }],
  ['ledger', `${base}/ledger`],
  ['ledger/trial-balance', `${base}/ledger/trial-balance`],
  ['ledger/account/{id}', `${base}/ledger/account/{${k}.ledgerAccount}`],
  ['reports', `${base}/reports`, { shot: `${base.slice(1)}-reports` }],
];

const INVESTOR: Spec[] = [
  ...funder('/investor', 'I1'),
  ['transaction/{id}', '/investor/transaction/{I1.remittanceTx}'],
  [
    'investornewfinancials/{id}/{buyId}/{ident}',
    '/investor/investornewfinancials/{I1.groupId}/{I1.line}/{I1.identityId}',
    { shot: 'investor-form-financials' },
  ],
  ['financials/{id}', '/investor/financials/{I1.financials}'],
];

const SPV: Spec[] = [
  ...funder('/spv', 'P'),
  ['bookkeeping', '/spv/bookkeeping', { shot: 'spv-list-bookkeeping' }],
  ['bookkeeping/{id}', '/spv/bookkeeping/{P.bookkeeping}', { shot: 'spv-detail-bookkeeping' }],
];

const BROKER: Spec[] = [
  ['login', '/broker/login', { expect: '/broker/dashboard' }],
  ['register', '/broker/register', { expect: '/broker/dashboard' }],
  ['dashboard', '/broker/dashboard', { shot: 'broker-dashboard' }],
  ['suppliers', '/broker/suppliers', { shot: 'broker-list-suppliers' }],
  ['supplier/{id}', '/broker/supplier/{B.supplier}', { shot: 'broker-detail-supplier' }],
  [
    'newsupplier/{ID}/{ident}/{sub}',
    '/broker/newsupplier/{B.supplier.groupId}/{B.supplier.identityId}/{B.supplier.sub}',
  ],
  ['suppliergroups', '/broker/suppliergroups'],
  [
    'brokernewsupplierdirector/{id}',
    '/broker/brokernewsupplierdirector/{B.supplier}',
    { shot: 'broker-form-director' },
  ],
  ['brokernewsupplierubo/{id}', '/broker/brokernewsupplierubo/{B.supplier}'],
  ['newsupplierbuyer', '/broker/newsupplierbuyer'],
  [
    'newbuyer/{id}/{user}/{ident}',
    '/broker/newbuyer/{B.supplier}/{B.supplier.groupId}/{B.supplier.identityId}',
  ],
  [
    'brokernewfinancials/{id}/{buyId}/{ident}',
    '/broker/brokernewfinancials/{B.supplier.groupId}/{B.line}/{B.supplier.identityId}',
  ],
  ['brokernewbuyerubo/{id}', '/broker/brokernewbuyerubo/{B.line}'],
  ['brokernewbuyerdirector/{id}', '/broker/brokernewbuyerdirector/{B.line}'],
  ['brokernewdocument/{id}', '/broker/brokernewdocument/{B.line}'],
  ['groups', '/broker/groups'],
  ['user/{id}', '/broker/user/{B.org}'],
  ['newuser', '/broker/newuser'],
  ['newuser/{id}', '/broker/newuser/{B.org}'],
  ['buyer/{id}', '/broker/buyer/{B.line}'],
  ['limits', '/broker/limits'],
  ['obligors', '/broker/obligors'],
  ['requests', '/broker/requests'],
  ['settings', '/broker/settings'],
  ['leads', '/broker/leads'],
];

export const ROUTES: Record<RoleKey, readonly Spec[]> = {
  supplier: SUPPLIER,
  admin: ADMIN,
  investor: INVESTOR,
  spv: SPV,
  broker: BROKER,
};

export function fill(path: string, fixtures: Fixtures): string {
  return path.replace(/\{([\w.]+)\}/g, (_, key: string) => {
    const v = fixtures[key];
    if (!v) throw new Error(`No fixture ${key} for ${path}`);
    return encodeURIComponent(v);
  });
}

export function routeCases(role: RoleKey, fixtures: Fixtures): RouteCase[] {
  return ROUTES[role].map(([route, path, extra]) => ({
    route,
    path: fill(path, fixtures),
    ...(extra?.expect ? { expect: extra.expect } : {}),
    ...(extra?.shot ? { shot: extra.shot } : {}),
  }));
}
