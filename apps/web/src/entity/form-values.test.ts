import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain/registry';
import { recordSchema } from '@rf/domain/validation';
import { fieldNamed, fromFormValues, humanise, toFormValues } from './form-values.ts';

const request = REGISTRY.Request;
const fields = request.fields.filter((f) => f.type !== 'secret');

describe('form values', () => {
  it('round-trips a record through the form', () => {
    const record = {
      invoice_amount: '1250.5',
      invoice_purchase_duration: 60,
      invoice_date: '2026-01-05',
      invoice_ipu_signed: null,
    };
    const values = toFormValues(fields, record);
    expect(values.invoice_amount).toBe('1250.5');
    expect(values.invoice_purchase_duration).toBe('60');
    expect(values.invoice_number).toBe('');
    const back = fromFormValues(fields, { ...values, invoice_amount: ' 1,250.50 ', advance_rate: '90 %' });
    expect(back.invoice_amount).toBe('1250.50');
    expect(back.advance_rate).toBe('90');
    expect(back.invoice_purchase_duration).toBe(60);
    expect(back.invoice_number).toBeNull();
  });
  it('validates with the domain schema', () => {
    const input = fromFormValues(fields, toFormValues(fields, { invoice_amount: 'abc' }));
    const result = recordSchema(request, { requireRequired: true }).safeParse(input);
    expect(result.success).toBe(false);
  });
  it('names fields in words', () => {
    expect(humanise('ID document of David Taylor', [{ name: 'id', label: 'ID' } as never])).toBe(
      'ID document of David Taylor',
    );
    expect(humanise('id and supplier_id_x', [{ name: 'id', label: 'Record id' } as never])).toBe(
      'Record id and supplier_id_x',
    );
    expect(humanise('invoice_amount must be a decimal number', fields)).toBe(
      'Invoice amount must be a decimal number',
    );
    expect(fieldNamed('Validation error: invoice_due_date is before invoice_date', fields)?.name).toBe(
      'invoice_due_date',
    );
  });
});
