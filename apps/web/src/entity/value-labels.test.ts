import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain/registry';
import { MODEL_NAMES } from '@rf/domain/entity';
import { choicesOf, labelOfValue, optionsOf, valueLabel } from './value-labels.ts';

const fieldOf = (model: keyof typeof REGISTRY, name: string) => REGISTRY[model].fieldsByName.get(name)!;

describe('value labels', () => {
  it('names coded enum values readably and keeps readable ones', () => {
    expect(labelOfValue('Buyer', 'buyer_use_of_goods_purchased', 'direct-resale')).toBe('Direct resale');
    expect(labelOfValue('Financials', 'financials_denomination', "'000")).toBe('Thousands');
    expect(labelOfValue('Financials', 'financials_status', 'audited-big4')).toBe(
      'Audited by a Big Four firm',
    );
    expect(labelOfValue('Financials', 'financials_status', 'Approved')).toBe('Approved');
    expect(labelOfValue('Bank', 'bank_account_purpose', 'remittance')).toBe('Remittance');
    expect(labelOfValue('Buyer', 'buyer_payment_terms', '60')).toBe('60 days');
    expect(valueLabel(fieldOf('Buyer', 'buyer_loan_rate'), null)).toBe('');
  });
  it('offers every value with its label; a stored value outside the list stays selectable', () => {
    const options = optionsOf('Buyer', fieldOf('Buyer', 'buyer_insurance_status'));
    expect(options.map((o) => o.value)).toEqual([
      'insurable-avg-price',
      'insurable-above-avg-price',
      'not-insurable',
    ]);
    expect(options.every((o) => o.label !== o.value)).toBe(true);
    const insuranceType = fieldOf('Insurance', 'insurance_type');
    expect(choicesOf('Insurance', insuranceType)).toContain('Single buyer');
    expect(optionsOf('Insurance', insuranceType, 'Legacy cover').at(-1)).toEqual({
      value: 'Legacy cover',
      label: 'Legacy cover',
    });
    expect(choicesOf('Supplier', fieldOf('Supplier', 'supplier_name'))).toBeNull();
  });
  it('has a label for every enum value that is a code rather than words', () => {
    const coded = /^[a-z0-9'-]+$|^[A-Z]{2,4}$|\(|^'/;
    const missing: string[] = [];
    for (const model of MODEL_NAMES)
      for (const f of REGISTRY[model].fields)
        if (f.type === 'enum')
          for (const v of f.values ?? [])
            if (coded.test(v) && !f.valueLabels?.[v]) missing.push(`${model}.${f.name}: ${v}`);
    expect(missing).toEqual([]);
  });
});
