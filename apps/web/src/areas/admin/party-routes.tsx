import type { ModelName } from '@rf/domain/entity';
import type { FieldName } from '@rf/domain/registry';
import { screen } from '../../shared/lazy-screen.ts';
import type { RelatedConfig } from '../../screens/types.ts';
import { detailScreens, formScreens, groupScreens, listScreens } from '../loaders.ts';

/** The admin screens of documents: a new document for any record a Document links to, its owners. */
export const documentScreens = () => import('../../screens/document-screens.tsx');
/** Pages of records that belong to a party (people, statements), under that party. */
const ownedScreens = () => import('../../screens/owned-detail.tsx');

const A = 'admin' as const;

export type PartyPath = 'supplier' | 'investor' | 'buyer' | 'spv' | 'broker';

/** A reference to a party that its people, documents and statements all have (`supplierId`…). */
type PartyRef = FieldName<'Director'> & FieldName<'UBO'> & FieldName<'Document'> & FieldName<'Financials'>;

/** The documents of a record, added through `adminnewdocument/{id}` (any record a Document links to). */
export const documents = (
  field: FieldName<'Document'>,
  add = '/admin/adminnewdocument/:id',
): RelatedConfig => ({
  model: 'Document',
  field,
  add,
  rowTo: '/admin/document/:id',
  columns: ['document_type', 'document_attachment', 'createdAt'],
});

/** Related records of a party page, with the admin area's "Add" routes. */
export const people = (party: PartyPath, field: PartyRef): RelatedConfig[] => [
  {
    model: 'Director',
    field,
    add: `/admin/adminnew${party}director/:id`,
    rowTo: '/admin/director/:id',
    columns: ['director_name', 'director_jobtitle', 'director_email', 'director_status'],
  },
  {
    model: 'UBO',
    field,
    add: `/admin/adminnew${party}ubo/:id`,
    rowTo: '/admin/ubo/:id',
    columns: ['ubo_name', 'ubo_ownership_percentage', 'ubo_email', 'ubo_status'],
  },
];

/** `adminnew<party>director|ubo/{id}`: a person of the party `id`, owned by the party's organisation. */
export const personForm = (
  model: 'Director' | 'UBO',
  parent: ModelName,
  field: string,
  listTo: string,
  label: string,
) =>
  screen(formScreens, (m) => m.CreateScreen, {
    model,
    area: A,
    parent: {
      model: parent,
      field,
      inheritOwner: true,
      listLabel: label,
      listTo,
      to: `${listTo.replace(/s$/, '')}/:id`,
    },
    back: `${listTo.replace(/s$/, '')}/:id`,
  });

/** `director/{id}`, `ubo/{id}`: the person under its company (PEP marked on its header), its review and documents. */
export const personDetail = (model: 'Director' | 'UBO') =>
  screen(ownedScreens, (m) => m.OwnedDetailScreen, {
    model,
    area: A,
    deletable: true,
    related: [documents(model === 'Director' ? 'directorId' : 'uboId')],
  });

/** `financials/{id}`: the statements under their buyer line or company: derived figures, risk bands, documents. */
export const financialsDetail = () =>
  screen(ownedScreens, (m) => m.OwnedDetailScreen, {
    model: 'Financials',
    area: A,
    risk: true,
    related: [documents('financialsId')],
  });

/** `investor/{id}`, `spv/{id}`, `broker/{id}`: the company with its checklist, people, documents, accounts. */
export const partyDetail = (
  model: 'Investor' | 'Spv' | 'Broker',
  path: string,
  label: string,
  field: PartyRef,
) =>
  screen(detailScreens, (m) => m.DetailScreen, {
    model,
    area: A,
    listLabel: label,
    listTo: `/admin/${path}s`,
    editable: true,
    related: [
      ...people(path as PartyPath, field),
      documents(field),
      {
        model: 'Financials',
        field,
        add: `/admin/adminnewfinancials/:userId/-/:identityId?${field}=:id`,
        rowTo: '/admin/financials/:id',
      },
      {
        model: 'Bank',
        field,
        rowTo: '/admin/account/:id',
        title: 'Bank accounts',
        columns: [
          'bank_account_name',
          'bank_name',
          'iso_currency_code',
          'bank_account_purpose',
          'bank_status',
        ],
      },
      ...(model === 'Broker'
        ? [
            {
              model: 'Supplier',
              field: 'brokerId',
              rowTo: '/admin/supplier/:id',
              title: 'Introduced suppliers',
            } as const,
          ]
        : [{ model: 'Buyer', field, rowTo: '/admin/buyer/:id', title: 'Buyer lines' } as const]),
    ],
    links: model === 'Broker' ? [] : [{ label: 'Accounts', to: '/admin/accounts/:id' }],
  });

export const partyList = (model: 'Investor' | 'Spv' | 'Broker', path: string, title: string) =>
  screen(listScreens, (m) => m.ListScreen, {
    model,
    title,
    rowTo: `/admin/${path}/:id`,
    create: { label: `New ${path === 'spv' ? 'SPV' : path}`, to: `/admin/${path}groups` },
  });

export const partyCreate = (model: 'Investor' | 'Spv' | 'Broker', path: string) =>
  screen(formScreens, (m) => m.CreateScreen, {
    model,
    area: A,
    fromParams: { userId: 'groupid', identityId: 'ident' },
    back: `/admin/${path}/:created`,
    crumbs: [{ label: `${model === 'Spv' ? 'SPV' : model}s`, to: `/admin/${path}s` }],
  });

export const groupList = (type: 'Supplier' | 'Investor' | 'Spv' | 'Broker') =>
  screen(groupScreens, (m) => m.PartyGroupsScreen, { area: A, groupType: type });

/** `adminnewdocument/{id}`: a document of the record `id`, whichever model a Document links to it is. */
export const documentCreate = () => screen(documentScreens, (m) => m.DocumentCreateScreen, { area: A });
