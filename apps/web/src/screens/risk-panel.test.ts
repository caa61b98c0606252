import { assessBuyer } from '@rf/domain/risk/assessment';
import { describe, expect, it } from 'vitest';
import { criterionValue } from './risk-panel.tsx';

describe('criterionValue', () => {
  it('shows figures as their fields are shown elsewhere', () => {
    expect(criterionValue({ field: 'sales_risk', value: '361500000.00' })).toBe('361,500,000.00');
    expect(criterionValue({ field: 'buyer_date_of_incorporation_risk', value: '1981-06-19' })).toBe(
      '19 Jun 1981',
    );
    expect(criterionValue({ field: 'current_ratio_risk', value: '1.3500' })).toBe('1.35');
    expect(criterionValue({ field: 'inventory_cost_of_goods_sold_ratio_risk', value: '14.7539' })).toBe(
      '14.7539 %',
    );
    expect(criterionValue({ field: 'financials_status_risk', value: 'audited-big4' })).toBe(
      'Audited by a Big Four firm',
    );
    expect(criterionValue({ field: 'current_ratio_risk', value: null })).toBe('—');
  });

  it('formats every criterion of an assessment without throwing', () => {
    const a = assessBuyer({
      buyer: {
        buyer_date_of_incorporation: '2000-01-01',
        buyer_invoices_paid_on_time: '95',
        buyer_existing_disputes: false,
      },
      financials: [
        {
          financials_reporting_period: 2025,
          sales: '20000000',
          current_assets: '3',
          current_liabilities: '2',
        },
      ],
      today: '2026-11-21',
    });
    for (const c of a.criteria) expect(typeof criterionValue(c)).toBe('string');
    expect(a.grade).not.toBeNull();
  });
});
