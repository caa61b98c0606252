import { CounterpartyType, TransactionCode } from 'plaid';
import { describe, expect, it } from 'vitest';
import { fakeTransaction } from './fake-plaid-data.ts';
import { providerTransactionOf, statementAmount } from './plaid-transaction.ts';

describe('statementAmount', () => {
  it('flips Plaid’s sign (outflows positive) to the statement’s (credits positive)', () => {
    expect(statementAmount(25.5, 'USD')).toBe('-25.50');
    expect(statementAmount(-1000, 'USD')).toBe('1000.00');
  });

  it('writes the currency’s digits from the shortest decimal form of the number', () => {
    expect(statementAmount(1500, 'JPY')).toBe('-1500');
    expect(statementAmount(12.1, 'EUR')).toBe('-12.10');
    expect(statementAmount(-1.5, 'BHD')).toBe('1.500');
    expect(statementAmount(1234567.89, 'GBP')).toBe('-1234567.89');
    expect(statementAmount(0, 'USD')).toBe('0.00');
  });

  it('keeps more digits than the currency has rather than rounding them away', () => {
    expect(statementAmount(12.345, 'USD')).toBe('-12.345');
    expect(statementAmount(1e-7, 'USD')).toBe('-0.0000001');
  });

  it('writes an unofficial currency’s amount as it is', () => {
    expect(statementAmount(-0.00012345, 'DOGE1')).toBe('0.00012345');
  });
});

describe('providerTransactionOf', () => {
  it('falls back to the unofficial currency, the original description and the counterparty’s numbers', () => {
    const { entry } = providerTransactionOf(
      fakeTransaction({
        transaction_id: 'tx-1',
        iso_currency_code: null,
        unofficial_currency_code: 'BTC',
        amount: -0.5,
        name: '',
        original_description: 'TRANSFER FROM WALLET',
        counterparties: [
          { name: 'Plain Co', type: CounterpartyType.Merchant, website: null, logo_url: null },
          {
            name: 'Wallet Ltd',
            type: CounterpartyType.FinancialInstitution,
            website: null,
            logo_url: null,
            account_numbers: {
              international: { iban: 'GB33BUKB20201555555555', bic: 'BUKBGB22' },
              bacs: { account: '55555555', sort_code: '202015' },
            },
          },
        ],
        transaction_code: TransactionCode.Null,
      }),
    );
    expect(entry).toMatchObject({
      currency: 'BTC',
      amount: '0.50',
      remittanceInformation: 'TRANSFER FROM WALLET',
      description: 'TRANSFER FROM WALLET',
      counterparty: {
        name: 'Plain Co',
        iban: 'GB33BUKB20201555555555',
        bic: 'BUKBGB22',
        accountNumber: '55555555',
      },
      transactionCode: null,
      valueDate: null,
    });
  });

  it('refuses a transaction without any currency, naming it', () => {
    expect(() =>
      providerTransactionOf(
        fakeTransaction({ transaction_id: 'tx-9', iso_currency_code: null, unofficial_currency_code: null }),
      ),
    ).toThrow('Plaid transaction tx-9 has neither iso_currency_code nor unofficial_currency_code');
  });
});
