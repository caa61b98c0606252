import type { EntityDef, ModelName } from '@rf/domain/entity';
import type { FieldDef } from '@rf/domain/fields';

const PREFIXES: Record<string, string> = {
  supplier_: 'Supplier',
  buyer_: 'Buyer',
  investor_: 'Investor',
  spv_: 'SPV',
  broker_: 'Broker',
  director_: 'Director',
  ubo_: 'UBO',
  bank_: 'Bank',
  transaction_: 'Transaction',
  insurance_: 'Insurance',
  group_: 'Group',
  bookkeeping_: 'Bookkeeping',
};

const OWN: Partial<Record<ModelName, string>> = { Usergroup: 'group_' };

const WORDS: readonly [RegExp, string][] = [
  [/\baddress address line 2\b/i, 'address line 2'],
  [/\bpostalcode\b/i, 'postal code'],
  [/\bjobtitle\b/i, 'job title'],
];

/**
 * A field's label for screens: the registry's label names the field without its prefix, which is
 * right for the model's own prefix (`buyer_name` on a Buyer: "Name") but ambiguous for another
 * party's (`spv_fee_rate` on a Request: "SPV fee rate").
 */
export function screenLabel(model: ModelName, f: FieldDef): string {
  const own = OWN[model] ?? `${model.toLowerCase()}_`;
  let label = f.label;
  for (const [prefix, party] of Object.entries(PREFIXES)) {
    if (f.name.startsWith(prefix) && prefix !== own && !label.toLowerCase().startsWith(party.toLowerCase())) {
      label = `${party} ${label.charAt(0).toLowerCase()}${label.slice(1)}`;
      break;
    }
  }
  for (const [re, to] of WORDS) label = label.replace(re, to);
  label = label.replace(/\b(\w+) \1\b/gi, '$1');
  // A link to another record is named by that record ("Buyer", not "Buyer ID").
  if (f.type === 'ref') label = label.replace(/ ID$/, '');
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Registry sections as screens name them (form steps, detail sections). */
const SECTIONS: Readonly<Record<string, string>> = {
  Ids: 'Parties',
  'Status and meta': 'Status',
  'Other fields': 'Statement',
};

export function sectionLabel(section: string): string {
  return SECTIONS[section] ?? section;
}

/** The registry entity with screen labels; everything else unchanged. */
export function withScreenLabels(e: EntityDef): EntityDef {
  const relabel = (f: FieldDef): FieldDef => ({
    ...f,
    label: screenLabel(e.name, f),
    section: sectionLabel(f.section),
  });
  const allFields = e.allFields.map(relabel);
  const byName = new Map(allFields.map((f) => [f.name, f]));
  return {
    ...e,
    allFields,
    fields: e.fields.map((f) => byName.get(f.name) ?? f),
    fieldsByName: byName,
  };
}
