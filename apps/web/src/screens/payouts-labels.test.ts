import { afterEach, describe, expect, it } from 'vitest';
import type { PayoutInstruction } from '../entity/payments-api.ts';
import {
  chosenOf,
  contentTypeOf,
  defaultExecutionDate,
  isExportable,
  kindLabel,
  payoutTabOf,
  toggleAll,
  toggleOne,
} from './payouts-labels.ts';

const row = (id: string, extra: Partial<PayoutInstruction> = {}): PayoutInstruction => ({
  id,
  reference: `RFA${id}`,
  kind: 'advance',
  status: 'Pending',
  requestId: `r-${id}`,
  invoiceNumber: `INV-${id}`,
  supplierName: 'Northwind Textiles',
  payerModel: 'Investor',
  payerId: 'inv-1',
  payerName: 'Investor I1',
  amount: '22500.00',
  currency: 'USD',
  createdAt: '2026-03-02T10:00:00.000Z',
  exportedAt: null,
  confirmedAt: null,
  transactionId: null,
  debtorAccount: null,
  creditorAccount: null,
  problems: [],
  ...extra,
});

const ROWS = [
  row('a'),
  row('b', { problems: ['Northwind Textiles has no approved payout account in USD'] }),
  row('c'),
  row('d', { status: 'Exported' }),
];

describe('choosing payouts to export', () => {
  it('takes pending instructions without problems only', () => {
    expect(ROWS.map(isExportable)).toEqual([true, false, true, false]);
  });
  it('keeps the chosen ids that are still on the list and exportable, in the list’s order', () => {
    expect(chosenOf(ROWS, new Set(['c', 'b', 'a', 'gone', 'd']))).toEqual(['a', 'c']);
  });
  it('chooses every exportable row with the header checkbox, and none once all are chosen', () => {
    expect([...toggleAll(ROWS, new Set())]).toEqual(['a', 'c']);
    expect([...toggleAll(ROWS, new Set(['a']))]).toEqual(['a', 'c']);
    expect([...toggleAll(ROWS, new Set(['a', 'c']))]).toEqual([]);
    expect([...toggleAll([row('x', { problems: ['no account'] })], new Set())]).toEqual([]);
  });
  it('toggles one row', () => {
    expect([...toggleOne(new Set(['a']), 'c')]).toEqual(['a', 'c']);
    expect([...toggleOne(new Set(['a', 'c']), 'a')]).toEqual(['c']);
  });
});

describe('labels', () => {
  it('name the kind and the tab', () => {
    expect(kindLabel('advance')).toBe('Advance');
    expect(kindLabel('rebate')).toBe('Reserve rebate');
    expect(payoutTabOf('exported')).toBe('Exported');
    expect(payoutTabOf('Confirmed')).toBe('Confirmed');
    expect(payoutTabOf(null)).toBe('Pending');
    expect(payoutTabOf('nonsense')).toBe('Pending');
  });
  it('give the download its content type by the file name', () => {
    expect(contentTypeOf('payouts-2026-03-02-1a2b3c4d.csv')).toBe('text/csv;charset=utf-8');
    expect(contentTypeOf('payouts-2026-03-02-1a2b3c4d.xml')).toBe('application/xml;charset=utf-8');
  });
});

describe('the default execution date', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  it('is the platform’s (UTC) day when the local day is still the day before', () => {
    process.env.TZ = 'America/New_York';
    expect(defaultExecutionDate(new Date('2026-03-02T02:00:00Z'))).toBe('2026-03-02');
  });
  it('is the local day when it is already the next', () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(defaultExecutionDate(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
