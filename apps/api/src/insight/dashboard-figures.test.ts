import { describe, expect, it } from 'vitest';
import { currencyFigures, monthsOf, orderCurrencies } from './dashboard-figures.ts';
import type { RequestGroup } from './dashboard-requests.ts';

const group = (g: Partial<RequestGroup> & Pick<RequestGroup, 'currency' | 'status'>): RequestGroup => ({
  month: null,
  bucket: null,
  n: 1,
  volume: '0',
  advanceWeighted: null,
  advanceWeight: null,
  spreadWeighted: null,
  spreadWeight: null,
  open: null,
  openDays: null,
  oldestDue: null,
  fee: '0',
  ...g,
});

describe('dashboard figures from the database’s sums (docs/business-rules.md, “Dashboards”)', () => {
  it('lists CHF, EUR, GBP and USD first, then the others A–Z', () => {
    expect(orderCurrencies(['USD', 'JPY', 'AUD', 'CHF', 'EUR', 'USD'])).toEqual([
      'CHF',
      'EUR',
      'USD',
      'AUD',
      'JPY',
    ]);
  });

  it('charts the 12 months ending with the current one, across a year end', () => {
    const { months, firstMonth, nextMonth } = monthsOf('2026-01-31');
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2025-02');
    expect(months[11]).toBe('2026-01');
    expect([firstMonth, nextMonth]).toEqual(['2025-02-01', '2026-02-01']);
  });

  it('keeps each currency apart, in its own digits, and skips codes that are not currencies', () => {
    const figures = currencyFigures({
      today: '2026-05-20',
      requests: [
        group({ currency: 'JPY', status: 'Approved', volume: '1000', n: 2 }),
        group({ currency: 'BHD', status: 'Settled', volume: '1.5' }),
        group({ currency: 'XX1', status: 'Approved', volume: '99' }),
        group({ currency: null, status: 'Approved', volume: '99' }),
      ],
      fees: [],
      lines: [],
      lineCurrencies: ['EUR', null],
    });
    expect(figures.map((f) => [f.currency, f.volume, f.requestCount])).toEqual([
      ['EUR', '0.00', 0],
      ['BHD', '1.500', 1],
      ['JPY', '1000', 2],
    ]);
  });

  it('puts the ledger’s fees (minor units) in place of the stored ones it booked, rounding nothing away', () => {
    const [eur] = currencyFigures({
      today: '2026-05-20',
      requests: [
        group({ currency: 'EUR', status: 'Approved', fee: '10.05' }),
        group({ currency: 'EUR', status: 'Settled', fee: '25.00' }),
        group({ currency: 'EUR', status: 'Declined', fee: '99.00' }),
      ],
      fees: [{ currency: 'EUR', storedOfBooked: '25.00', booked: '2001' }],
      lines: [],
      lineCurrencies: ['EUR'],
    });
    // 10.05 + 25.00 − 25.00 + 20.01
    expect(eur!.feesEarned).toBe('30.06');
  });

  it('weights the averages by amount and leaves declined requests out', () => {
    const [usd] = currencyFigures({
      today: '2026-05-20',
      requests: [
        group({
          currency: 'USD',
          status: 'Approved',
          volume: '300',
          advanceWeighted: '27000',
          advanceWeight: '300',
        }),
        group({
          currency: 'USD',
          status: 'Settled',
          volume: '100',
          advanceWeighted: '8000',
          advanceWeight: '100',
        }),
        group({
          currency: 'USD',
          status: 'Declined',
          volume: '1000',
          advanceWeighted: '0',
          advanceWeight: '1000',
        }),
      ],
      fees: [],
      lines: [],
      lineCurrencies: [],
    });
    // (300 × 90 + 100 × 80) / 400 = 87.5
    expect(usd!.averageAdvanceRate).toBe('87.50');
    expect(usd!.averageSpread).toBeNull();
    expect(usd!.approvalProgress.approvedShare).toBe('66.7');
  });
});
