import { describe, expect, it } from 'vitest';
import { csvColumns, csvOf, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and new lines', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['1\n2', ''],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"1\n2",');
  });
  it('escapes formulas but not negative numbers', () => {
    expect(toCsv(['a'], [['=SUM(A1)'], ['-12.50']])).toBe("a\r\n'=SUM(A1)\r\n-12.50");
  });
});

describe('CSV columns', () => {
  const headers = (model: Parameters<typeof csvColumns>[0], role: Parameters<typeof csvColumns>[1]) =>
    csvColumns(model, role).map((c) => c.header);
  const names = (model: Parameters<typeof csvColumns>[0], role: Parameters<typeof csvColumns>[1]) =>
    csvColumns(model, role).map((c) => c.field.name);

  it('hold no internal columns: ids, owner, storage identity, sort key, versions, secrets', () => {
    for (const model of ['Request', 'Supplier', 'Bookkeeping', 'Usergroup', 'Plaidauth'] as const) {
      const cols = names(model, 'Admin');
      for (const internal of [
        'id',
        'userId',
        'identityId',
        'sortkey',
        '_version',
        '_deleted',
        '_lastChangedAt',
      ])
        expect(cols, `${model} ${internal}`).not.toContain(internal);
    }
    expect(names('Request', 'Admin')).not.toContain('requestId');
    expect(names('Request', 'Admin')).not.toContain('batchId');
    expect(names('Usergroup', 'Admin')).not.toContain('sub');
    expect(names('Plaidauth', 'Admin')).not.toContain('accessToken1');
  });
  it('are headed by the screen labels', () => {
    const h = headers('Bookkeeping', 'Admin');
    expect(h).toContain('Request');
    expect(h).toContain('Invoice link (accounting service)');
    expect(h).not.toContain('Invoiceurl (third party)');
    expect(headers('SOFR', 'Admin')).toEqual(
      expect.arrayContaining(['SOFR overnight', 'Term SOFR 1 month', 'Term SOFR 12 months']),
    );
    for (const h of headers('Request', 'Supplier')) expect(h).not.toMatch(/_|\bID\b/);
  });
  it('leave out links to parties the role can never read', () => {
    // A supplier never reads its broker, investor or SPV records; an admin reads them all.
    expect(names('Request', 'Supplier')).not.toContain('brokerId');
    expect(names('Request', 'Supplier')).not.toContain('investorId');
    expect(names('Request', 'Admin')).toEqual(expect.arrayContaining(['brokerId', 'investorId', 'buyerId']));
    // A broker names a line's investor and SPV (by the funders list).
    expect(names('Request', 'Broker')).toContain('investorId');
  });
  it('write amounts as numbers, enum values and links by name', () => {
    const cols = csvColumns('Buyer', 'Admin').filter((c) =>
      ['buyer_name', 'buyer_loan_request_amount', 'buyer_use_of_goods_purchased', 'supplierId'].includes(
        c.field.name,
      ),
    );
    const csv = csvOf(
      cols,
      [
        {
          id: 'b1',
          buyer_name: 'Acme, Inc.',
          buyer_loan_request_amount: '1500000.00',
          buyer_use_of_goods_purchased: 'direct-resale',
          supplierId: 's1',
        },
      ],
      (model, id) => (model === 'Supplier' && id === 's1' ? 'Supplier One Ltd' : null),
    );
    const [head, row] = csv.split('\r\n');
    expect(head).toBe(cols.map((c) => c.header).join(','));
    expect(row).toContain('"Acme, Inc."');
    expect(row).toContain('1500000.00');
    expect(row).toContain('Direct resale');
    expect(row).toContain('Supplier One Ltd');
    expect(row).not.toContain('s1');
  });
});
