import { describe, expect, it } from 'vitest';
import { platformToday, urlFiltersOf, withoutUrlFilter } from './list-url-filters.ts';

const params = (s: string) => new URLSearchParams(s);

describe('docs/business-rules.md, “Dashboards”: list filters from the address', () => {
  it('currency filters requests and lines on their own currency field', () => {
    expect(urlFiltersOf('Request', params('currency=EUR'), '2026-11-25')).toEqual([
      { param: 'currency', label: 'Currency EUR', filter: { invoice_currency: { eq: 'EUR' } } },
    ]);
    expect(urlFiltersOf('Buyer', params('currency=USD'), '2026-11-25')[0]?.filter).toEqual({
      buyer_currency: { eq: 'USD' },
    });
  });

  it('ignores a malformed currency and models without the field', () => {
    expect(urlFiltersOf('Request', params('currency=eur'), '2026-11-25')).toEqual([]);
    expect(urlFiltersOf('Request', params('currency=EURO'), '2026-11-25')).toEqual([]);
    expect(urlFiltersOf('Supplier', params('currency=EUR&due=past'), '2026-11-25')).toEqual([]);
  });

  it('past due: Approved requests due before the platform’s date', () => {
    const [f] = urlFiltersOf('Request', params('due=past'), '2026-11-25');
    expect(f?.filter).toEqual({
      and: [{ request_status: { eq: 'Approved' } }, { invoice_due_date: { lt: '2026-11-25' } }],
    });
    expect(urlFiltersOf('Request', params('due=soon'), '2026-11-25')).toEqual([]);
  });

  it('possible duplicates still awaiting a decision', () => {
    const [f] = urlFiltersOf('Request', params('flag=duplicate'), '2026-11-25');
    expect(JSON.stringify(f?.filter)).toContain('possible_duplicate_of');
    expect(JSON.stringify(f?.filter)).toContain('Documents Pending');
  });

  it('expiring policies: Active, ending from the platform’s date to 30 days ahead, only on policies', () => {
    const [f] = urlFiltersOf('Insurance', params('tab=policies&expiry=soon'), '2026-12-20');
    expect(f).toEqual({
      param: 'expiry',
      label: 'Expiring within 30 days',
      filter: {
        and: [
          { insurance_status: { eq: 'Active' } },
          { insurance_cover_end_date: { between: ['2026-12-20', '2027-01-19'] } },
        ],
      },
    });
    expect(urlFiltersOf('Insurance', params('expiry=late'), '2026-12-20')).toEqual([]);
    expect(urlFiltersOf('Request', params('expiry=soon'), '2026-12-20')).toEqual([]);
    expect(withoutUrlFilter(params('tab=policies&expiry=soon'), 'expiry').toString()).toBe('tab=policies');
  });

  it('the platform’s date is UTC', () => {
    expect(platformToday(new Date('2026-11-25T23:30:00-05:00'))).toBe('2026-11-26');
  });

  it('dropping a filter goes back to the first page and keeps the rest', () => {
    expect(
      withoutUrlFilter(params('currency=EUR&status=Approved&page=3&after=a~b'), 'currency').toString(),
    ).toBe('status=Approved');
  });
});
