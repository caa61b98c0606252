import { describe, expect, it } from 'vitest';
import { reviewAgainAfterEdit } from './review-after-edit.ts';

const approvedDirector = { director_status: 'Approved', director_name: 'Ada', director_id_number: 'X1' };

describe('reviewAgainAfterEdit: an approved record changed by its owner goes back to review', () => {
  it('sends an approved director back when the supplier or broker changes its content', () => {
    expect(
      reviewAgainAfterEdit('Director', 'Supplier', approvedDirector, { director_id_number: 'X2' }),
    ).toEqual({ field: 'director_status', changed: ['director_id_number'] });
    expect(
      reviewAgainAfterEdit('Director', 'Broker', approvedDirector, { director_name: 'Ada B' }),
    ).toMatchObject({ field: 'director_status' });
  });

  it('keeps the approval when nothing really changed, or an administrator corrected it', () => {
    expect(
      reviewAgainAfterEdit('Director', 'Supplier', approvedDirector, { director_name: ' Ada ' }),
    ).toBeNull();
    expect(reviewAgainAfterEdit('Director', 'Admin', approvedDirector, { director_name: 'Eve' })).toBeNull();
    expect(
      reviewAgainAfterEdit('UBO', 'Supplier', { ubo_status: 'Under Review' }, { ubo_name: 'New' }),
    ).toBeNull();
    expect(reviewAgainAfterEdit('Supplier', 'Supplier', { supplier_status: 'Approved' }, {})).toBeNull();
  });

  it('re-reviews a changed payee account, not its routine balance figures', () => {
    const bank = { bank_status: 'Approved', iban: 'GB00X', balance: '100.00' };
    expect(reviewAgainAfterEdit('Bank', 'Investor', bank, { balance: '250.00' })).toBeNull();
    expect(reviewAgainAfterEdit('Bank', 'Investor', bank, { iban: 'GB00Y' })).toEqual({
      field: 'bank_status',
      changed: ['iban'],
    });
  });

  it('compares figures by value and ignores risk bands and derived figures', () => {
    const statements = { financials_status: 'Approved', current_assets: '1500000.00', sales: '10' };
    expect(
      reviewAgainAfterEdit('Financials', 'Supplier', statements, { current_assets: '1500000' }),
    ).toBeNull();
    expect(
      reviewAgainAfterEdit('Financials', 'Broker', statements, {
        current_ratio_risk: 'High',
        current_ratio: '2',
      }),
    ).toBeNull();
    expect(reviewAgainAfterEdit('Financials', 'Supplier', statements, { sales: '11' })).toMatchObject({
      changed: ['sales'],
    });
  });

  it('leaves a buyer’s statements alone: their status field holds the audit type', () => {
    const buyerStatements = { financials_status: 'Approved', buyerId: 'b1', sales: '10' };
    expect(reviewAgainAfterEdit('Financials', 'Broker', buyerStatements, { sales: '11' })).toBeNull();
  });
});
