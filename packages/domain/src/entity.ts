import { field, type FieldDef } from './fields.ts';

export const MODEL_NAMES = [
  'Spv',
  'Broker',
  'Investor',
  'Supplier',
  'Buyer',
  'Bank',
  'Bookkeeping',
  'Director',
  'UBO',
  'Document',
  'Financials',
  'Request',
  'Esign',
  'SOFR',
  'Plaidauth',
  'Transaction',
  'Usergroup',
  'Insurance',
] as const;
export type ModelName = (typeof MODEL_NAMES)[number];

/** The party models: records that stand for an organisation's company (or a buyer line). */
export const PARTY_ID_FIELDS = ['supplierId', 'buyerId', 'investorId', 'brokerId', 'spvId'] as const;
export type PartyIdField = (typeof PARTY_ID_FIELDS)[number];

export interface EntityInput<N extends string = string, M extends ModelName = ModelName> {
  readonly name: M;
  readonly plural: string;
  /** The field that repeats the record's id under the spec's name (`supplierId` on a Supplier). */
  readonly domainId: string | null;
  /** The field that names a record in lists and breadcrumbs. */
  readonly titleField: string;
  readonly fields: readonly FieldDef<N>[];
}

export interface EntityDef<N extends string = string, M extends ModelName = ModelName> extends EntityInput<
  N,
  M
> {
  /** Common fields first, then the entity's own, in declaration order. */
  readonly allFields: readonly FieldDef<N | CommonFieldName>[];
  readonly fieldsByName: ReadonlyMap<string, FieldDef>;
}

/** Fields every record carries (docs/architecture.md, “Identity of records”). */
export const COMMON_FIELDS = [
  field('id', 'id', 'Meta', { label: 'ID' }),
  field('userId', 'text', 'Meta', { label: 'Owner organisation' }),
  field('identityId', 'text', 'Meta', { label: 'Storage identity' }),
  field('sortkey', 'text', 'Meta', { label: 'Sort key' }),
  field('createdAt', 'datetime', 'Meta', { label: 'Created' }),
  field('updatedAt', 'datetime', 'Meta', { label: 'Updated' }),
] as const;
export type CommonFieldName = (typeof COMMON_FIELDS)[number]['name'];

/** Bookkeeping fields of AppSync conflict detection, kept apart from the model's own fields. */
export const VERSION_FIELDS = ['_version', '_deleted', '_lastChangedAt'] as const;

/** Declares an entity: its fields plus the common ones, checked for duplicates. */
export function defineEntity<
  const N extends string,
  const D extends string | null,
  const M extends ModelName,
>(input: EntityInput<N, M> & { readonly domainId: D }): EntityDef<N | (D extends string ? D : never), M> {
  const own: FieldDef<string>[] = input.domainId
    ? [field(input.domainId, 'id', 'Meta', { label: 'ID' }), ...input.fields]
    : [...input.fields];
  const allFields = [...COMMON_FIELDS, ...own] as FieldDef<
    N | (D extends string ? D : never) | CommonFieldName
  >[];
  const fieldsByName = new Map<string, FieldDef>();
  for (const f of allFields) {
    if (fieldsByName.has(f.name)) throw new Error(`${input.name}: field ${f.name} declared twice`);
    if (f.type === 'enum' && !f.values?.length)
      throw new Error(`${input.name}.${f.name}: enum without values`);
    if (f.type === 'ref' && !f.ref) throw new Error(`${input.name}.${f.name}: ref without a model`);
    fieldsByName.set(f.name, f);
  }
  return { ...input, allFields, fieldsByName };
}
