import { describe, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { completeRow, insertRows, MAX_PARAMS } from './insert.ts';

describe('completeRow', () => {
  it('fills id, the domain id, sortkey and timestamps (docs/architecture.md, “Identity of records”)', () => {
    const row = completeRow('Buyer', { buyer_name: 'Acme' }, '2026-01-05T10:00:00.000Z');
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.buyerId).toBe(row.id);
    expect(row.sortkey).toBe(row.id);
    expect(row.createdAt).toBe('2026-01-05T10:00:00.000Z');
    expect(row.updatedAt).toBe(row.createdAt);
  });

  it('keeps a given id and sortkey and refuses a domain id that differs from the id', () => {
    const id = '7d1c1b44-5c53-4a4e-9a53-2a4f9b1d2c3e';
    expect(completeRow('Usergroup', { id, sortkey: 'g1' }, 'now')).toMatchObject({ id, sortkey: 'g1' });
    expect(() => completeRow('Request', { id, requestId: 'other' }, 'now')).toThrow(
      /requestId must equal id/,
    );
  });
});

describeDatabases('insertRows', (db) => {
  it('writes many rows in statements of fewer than 30,000 parameters', async () => {
    const width = REGISTRY.Request.allFields.length;
    const count = Math.ceil((MAX_PARAMS / width) * 2.5);
    const rows = Array.from({ length: count }, (_, i) => {
      const row: Record<string, string | number> = {};
      // Every field set, so that each statement carries the full width.
      for (const f of REGISTRY.Request.allFields) {
        if ((f.type === 'text' || f.type === 'longtext') && f.section !== 'Meta')
          row[f.name] = `${f.name}-${i}`;
      }
      return { ...row, invoice_amount: '1000.50', invoice_date: '2026-01-05', invoice_purchase_duration: 60 };
    });
    const written = await insertRows(db(), 'Request', rows, { now: '2026-01-05T10:00:00.000Z' });
    const [stored] = await db().query<{ n: number; amount: string; date: string }>(
      `SELECT count(*)::int AS n, min(invoice_amount)::text AS amount, min(invoice_date)::text AS date
         FROM "request" WHERE "requestId" = id AND sortkey = id::text`,
    );
    expect(written).toHaveLength(count);
    expect(stored).toEqual({ n: count, amount: '1000.50', date: '2026-01-05' });
  });

  it('refuses a field the model does not declare, writing nothing', async () => {
    await expect(
      insertRows(db(), 'Bookkeeping', [
        { brokerId: null, requestId: null, sortkey: 'x' },
        { typo_field: 'x' },
      ]),
    ).rejects.toThrow(/Bookkeeping has no field (brokerId|typo_field)/);
    const [row] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM "bookkeeping"');
    expect(row?.n).toBe(0);
  });
});
