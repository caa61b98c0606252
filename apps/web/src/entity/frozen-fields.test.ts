import { describe, expect, it } from 'vitest';
import { frozenRefusal } from '@rf/domain/lifecycle/frozen';
import { REGISTRY } from '@rf/domain/registry';
import { frozenFieldsOf, withFrozen } from './frozen-fields.ts';

const fieldsOf = (model: 'Buyer' | 'Request', names: readonly string[]) =>
  names.map((n) => {
    const f = REGISTRY[model].fields.find((x) => x.name === n);
    if (!f) throw new Error(`no field ${n}`);
    return f;
  });

describe('edit forms show what the record’s state freezes read-only (docs/business-rules.md, “Frozen fields per state”)', () => {
  it('freezes an approved line’s limit and terms for the admin too, naming the operation that changes each', () => {
    const frozen = frozenFieldsOf('Buyer', { buyer_status: 'Approved' }, 'Admin');
    expect(frozen.all).toBeNull();
    expect(frozen.notes.get('buyer_loan_approved_amount')).toBe('Frozen while Approved — use “Change limit”');
    expect(frozen.notes.get('buyer_loan_discount_fee')).toBe('Frozen while Approved — use “Reopen”');
    expect(frozen.notes.get('investorId')).toBe('Frozen while Approved — use “Reopen”');
    expect(frozen.notes.has('buyer_name')).toBe(false);
    // The investor changes the limit too, but cannot reopen the line.
    const investor = frozenFieldsOf('Buyer', { buyer_status: 'Approved' }, 'Investor');
    expect(investor.notes.get('buyer_loan_approved_amount')).toBe(
      'Frozen while Approved — use “Change limit”',
    );
    expect(investor.notes.get('buyer_loan_discount_fee')).toBe('Frozen while Approved');
  });

  it('disables exactly the fields the server would refuse, for every role and line state', () => {
    const roles = ['Admin', 'Supplier', 'Broker', 'Investor', 'Spv'] as const;
    for (const buyer_status of ['Under Review', 'Investor Offer Pending', 'Approved', 'Declined'])
      for (const role of roles) {
        const row = { buyer_status };
        const frozen = frozenFieldsOf('Buyer', row, role);
        for (const f of REGISTRY.Buyer.fields) {
          const refused = frozenRefusal('Buyer', row, role, [f.name]) !== null;
          expect(frozen.notes.has(f.name), `${buyer_status} ${role} ${f.name}`).toBe(refused);
        }
      }
  });

  it('freezes every field of an approved request, pointing the admin to “Correct” and “Settle”', () => {
    const frozen = frozenFieldsOf('Request', { request_status: 'Approved' }, 'Admin');
    expect(frozen.all?.state).toBe('Approved');
    expect(frozen.all?.note).toBe(
      'Nothing of this request changes through an edit while it is Approved; use “Correct” or “Settle” for what may still change.',
    );
    expect(frozen.notes.get('sold_goods_description')).toBe('Frozen while Approved — use “Correct”');
    expect(frozen.notes.get('payback_date')).toBe('Frozen while Approved — use “Settle”');
    expect(frozen.notes.get('invoice_amount')).toBe('Frozen while Approved');
    // The supplier has no correction: the note names none.
    const supplier = frozenFieldsOf('Request', { request_status: 'Approved' }, 'Supplier');
    expect(supplier.all?.note).toBe('Nothing of this request changes through an edit while it is Approved.');
  });

  it('leaves a request under review its descriptive fields, its amount and dates frozen', () => {
    const frozen = frozenFieldsOf('Request', { request_status: 'Under Review' }, 'Supplier');
    expect(frozen.all).toBeNull();
    expect(frozen.notes.get('invoice_amount')).toBe('Frozen while Under Review');
    expect(frozen.notes.has('purchase_order_number')).toBe(false);
  });

  it('freezes nothing of a new record, a line under review, or without a role', () => {
    expect(frozenFieldsOf('Buyer', null, 'Admin').notes.size).toBe(0);
    expect(frozenFieldsOf('Buyer', { buyer_status: 'Under Review' }, 'Admin').notes.size).toBe(0);
    expect(frozenFieldsOf('Buyer', { buyer_status: 'Approved' }, null).notes.size).toBe(0);
  });

  it('makes frozen inputs read-only, not required, with the note as their helper text', () => {
    const fields = fieldsOf('Buyer', ['buyer_name', 'buyer_currency', 'buyer_loan_approved_amount']).map(
      (f) => ({
        ...f,
        required: true,
      }),
    );
    const shown = withFrozen(fields, frozenFieldsOf('Buyer', { buyer_status: 'Approved' }, 'Admin'));
    expect([...shown.readOnly]).toEqual(['buyer_currency', 'buyer_loan_approved_amount']);
    expect(shown.editable).toBe(1);
    const [name, currency, limit] = shown.fields;
    expect(name).toMatchObject({ name: 'buyer_name', required: true });
    expect(currency).toMatchObject({ required: false, help: 'Frozen while Approved — use “Reopen”' });
    expect(limit).toMatchObject({ required: false, help: 'Frozen while Approved — use “Change limit”' });

    const all = withFrozen(fields, frozenFieldsOf('Buyer', { buyer_status: 'Declined' }, 'Admin'));
    expect(all.editable).toBe(0);
    expect(all.fields[0]?.help).toBe('Frozen while Declined — use “Reopen”');
  });
});
