import { describe, expect, it } from 'vitest';
import {
  bankAccountIssues,
  isValidAbaRouting,
  normaliseBankAccount,
  normaliseSortCode,
  sameBankingCountry,
  showIban,
} from './bank-account.ts';
import { recordRuleIssues } from './record-rules.ts';

/** docs/business-rules.md, “Bank accounts, transactions and settlement”: what an account must hold. */
const ACCOUNT = {
  bank_account_name: 'Northwind Capital Remittance',
  bank_account_purpose: 'remittance',
  iso_currency_code: 'EUR',
};

describe('IBANs: checksum and the country format', () => {
  it.each([
    ['DE', 'DE89370400440532013000'],
    ['GB', 'GB82WEST12345698765432'],
    ['FR', 'FR1420041010050500013M02606'],
    ['NL', 'NL91ABNA0417164300'],
  ])('accepts a valid IBAN of %s, with its country', (country, iban) => {
    expect(bankAccountIssues({ ...ACCOUNT, iban, bank_country: country })).toEqual([]);
  });

  it.each([
    ['DE', 'DE89370400440532013001', 'iban: DE89 3704 0044 0532 0130 01 fails its checksum'],
    ['GB', 'GB82WEST12345698765431', 'iban: GB82 WEST 1234 5698 7654 31 fails its checksum'],
    ['FR', 'FR1520041010050500013M02606', 'iban: FR15 2004 1010 0505 0001 3M02 606 fails its checksum'],
    ['NL', 'NL92ABNA0417164300', 'iban: NL92 ABNA 0417 1643 00 fails its checksum'],
  ])('refuses an IBAN of %s that fails its checksum, naming the field', (country, iban, message) => {
    expect(bankAccountIssues({ ...ACCOUNT, iban, bank_country: country })).toEqual([message]);
  });

  it('names what else is wrong: the length, the format, the national check digits, the country', () => {
    expect(bankAccountIssues({ ...ACCOUNT, iban: 'DE8937040044053201300' })).toEqual([
      'iban: DE89 3704 0044 0532 0130 0 has 21 characters, an IBAN of DE has 22',
    ]);
    expect(bankAccountIssues({ ...ACCOUNT, iban: 'NL91ABNA041716430X' })).toEqual([
      'iban: NL91 ABNA 0417 1643 0X does not have the format of an IBAN of NL',
    ]);
    expect(bankAccountIssues({ ...ACCOUNT, iban: 'FR8420041010050500013M02607' })).toEqual([
      'iban: FR84 2004 1010 0505 0001 3M02 607 fails the national check digits of its bank, branch or account number',
    ]);
    expect(bankAccountIssues({ ...ACCOUNT, iban: 'US12345678901234567890' })).toEqual([
      'iban: US12 3456 7890 1234 5678 90 does not start with the code of a country that uses IBANs',
    ]);
  });

  it("refuses an IBAN whose country is not the bank's", () => {
    expect(bankAccountIssues({ ...ACCOUNT, iban: 'DE89370400440532013000', bank_country: 'NL' })).toEqual([
      'iban: DE89 3704 0044 0532 0130 00 is an IBAN of DE, but the bank is in NL',
    ]);
  });

  it('accepts a GB IBAN of a Jersey bank, whose BIC names JE', () => {
    expect(
      bankAccountIssues({
        ...ACCOUNT,
        iban: 'GB29NWBK60161331926819',
        bic_swift_code: 'RBOSJESH',
        bank_country: 'JE',
      }),
    ).toEqual([]);
    expect(sameBankingCountry('JE', 'GB')).toBe(true);
    expect(sameBankingCountry('DE', 'GB')).toBe(false);
  });
});

describe('BICs', () => {
  it('accepts 8 and 11 characters of the IBAN’s country, in any case', () => {
    const de = { ...ACCOUNT, iban: 'DE89370400440532013000', bank_country: 'DE' };
    expect(bankAccountIssues({ ...de, bic_swift_code: 'DEUTDEFF' })).toEqual([]);
    expect(bankAccountIssues({ ...de, bic_swift_code: 'deutdeff500' })).toEqual([]);
  });

  it('refuses a BIC of another country than the IBAN', () => {
    expect(
      bankAccountIssues({ ...ACCOUNT, iban: 'DE89370400440532013000', bic_swift_code: 'NWBKGB2L' }),
    ).toEqual(['bic_swift_code: NWBKGB2L is a BIC of GB, but the IBAN is of DE']);
  });

  it('without an IBAN, compares the BIC with the bank country', () => {
    expect(
      bankAccountIssues({
        ...ACCOUNT,
        bank_country: 'SG',
        bank_account_number: '0123456789',
        bic_swift_code: 'DBSSSGSG',
      }),
    ).toEqual([]);
    expect(
      bankAccountIssues({
        ...ACCOUNT,
        bank_country: 'SG',
        bank_account_number: '0123456789',
        bic_swift_code: 'HSBCHKHH',
      }),
    ).toEqual(['bic_swift_code: HSBCHKHH is a BIC of HK, but the bank is in SG']);
  });

  it('refuses what is not a BIC', () => {
    expect(bankAccountIssues({ ...ACCOUNT, bic_swift_code: 'DEUTDEF' })).toEqual([
      'bic_swift_code: DEUTDEF is not a BIC (8 or 11 letters and digits: bank, country, location, branch)',
    ]);
    // A location code ending in the letter O: payment files' schema refuses it.
    expect(bankAccountIssues({ ...ACCOUNT, bic_swift_code: 'BANQCHNO' })).toEqual([
      'bic_swift_code: BANQCHNO is not a BIC (8 or 11 letters and digits: bank, country, location, branch)',
    ]);
  });
});

describe('a UK account without an IBAN', () => {
  const gb = { ...ACCOUNT, iso_currency_code: 'GBP', bank_country: 'GB' };

  it('accepts a sort code written 12-34-56 and an 8-digit account number; the sort code is stored as digits', () => {
    const account = { ...gb, bank_account_sortcode: '12-34-56', bank_account_number: '31926819' };
    expect(bankAccountIssues(account)).toEqual([]);
    expect(normaliseBankAccount(account).bank_account_sortcode).toBe('123456');
  });

  it('needs both, each in its format', () => {
    expect(bankAccountIssues(gb)).toEqual([
      'bank_account_sortcode: a UK account without an IBAN needs its sort code (6 digits)',
      'bank_account_number: a UK account without an IBAN needs its account number (8 digits)',
    ]);
    expect(
      bankAccountIssues({ ...gb, bank_account_sortcode: '12-34-5', bank_account_number: '1234567' }),
    ).toEqual([
      'bank_account_sortcode: 12-34-5 is not a sort code (6 digits, e.g. 12-34-56)',
      'bank_account_number: 1234567 is not a UK account number (8 digits)',
    ]);
  });
});

describe('a US account: ABA routing number with its 3-7-1 checksum', () => {
  const us = { ...ACCOUNT, iso_currency_code: 'USD', bank_country: 'US' };

  it('accepts a routing number whose weighted sum is a multiple of 10', () => {
    expect(isValidAbaRouting('021000021')).toBe(true);
    expect(isValidAbaRouting('011000015')).toBe(true);
    expect(
      bankAccountIssues({ ...us, bank_routing_number: '021000021', bank_account_number: '123456789' }),
    ).toEqual([]);
  });

  it('refuses a wrong check digit, a wrong length and a short account number', () => {
    expect(isValidAbaRouting('021000022')).toBe(false);
    expect(isValidAbaRouting('02100002')).toBe(false);
    expect(
      bankAccountIssues({ ...us, bank_routing_number: '021000022', bank_account_number: '123' }),
    ).toEqual([
      'bank_routing_number: 021000022 is not a routing number (9 digits with a valid ABA checksum)',
      'bank_account_number: 123 is not a US account number (4 to 17 digits)',
    ]);
    expect(bankAccountIssues(us)).toEqual([
      'bank_routing_number: a US account needs its ABA routing number (9 digits)',
      'bank_account_number: a US account needs its account number (4 to 17 digits)',
    ]);
  });
});

describe('other countries without an IBAN', () => {
  it('need an account number of 1 to 34 letters and digits', () => {
    const sg = { ...ACCOUNT, iso_currency_code: 'SGD', bank_country: 'SG' };
    expect(bankAccountIssues(sg)).toEqual([
      'bank_account_number: an account in SG needs its account number or an IBAN',
    ]);
    expect(bankAccountIssues({ ...sg, bank_account_number: '0123-456' })).toEqual([
      'bank_account_number: 0123-456 is not an account number (1 to 34 letters and digits)',
    ]);
    expect(bankAccountIssues({ ...sg, bank_account_number: '0123 4567 89' })).toEqual([]);
  });

  it('in a country of IBANs, ask for the IBAN or the account number', () => {
    expect(bankAccountIssues({ ...ACCOUNT, bank_country: 'DE' })).toEqual([
      'iban: an account in DE needs its IBAN or its account number',
    ]);
  });
});

describe('the currency of an account the platform pays from or into', () => {
  it.each(['remittance', 'collection', 'payout'])('is required for a %s account', (purpose) => {
    expect(
      bankAccountIssues({
        bank_account_purpose: purpose,
        iban: 'DE89370400440532013000',
        iso_currency_code: null,
      }),
    ).toEqual([`iso_currency_code: a ${purpose} account needs its currency`]);
  });
});

describe('normalisation before storing', () => {
  it('stores the IBAN in electronic format, the BIC in upper case, account and routing numbers without spaces', () => {
    expect(
      normaliseBankAccount({
        iban: ' gb82 west 1234 5698 7654 32 ',
        bic_swift_code: 'west gb 2l',
        bank_account_number: '3192 6819',
        bank_routing_number: ' 021 000 021',
        bank_country: 'gb',
        bank_name: 'untouched',
      }),
    ).toEqual({
      iban: 'GB82WEST12345698765432',
      bic_swift_code: 'WESTGB2L',
      bank_account_number: '31926819',
      bank_routing_number: '021000021',
      bank_country: 'GB',
    });
  });

  it('turns blank details into null and leaves fields that were not sent', () => {
    expect(normaliseBankAccount({ iban: '  ', bank_account_sortcode: '', bic_swift_code: ' - ' })).toEqual({
      iban: null,
      bank_account_sortcode: null,
      bic_swift_code: '-',
    });
    expect(normaliseBankAccount({ iban: '--' })).toEqual({ iban: null });
    expect(normaliseSortCode('12 34 56')).toBe('123456');
    expect(showIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(normaliseSortCode(' 12-34 ')).toBe('12-34');
  });

  it('checks the values as they will be stored, so a spaced lower-case IBAN passes', () => {
    expect(
      bankAccountIssues({ ...ACCOUNT, iban: 'de89 3704 0044 0532 0130 00', bank_country: 'DE' }),
    ).toEqual([]);
  });
});

describe('through the record rules of the model', () => {
  it('checks a Bank, and only a Bank, for its account details', () => {
    const bad = { ...ACCOUNT, iban: 'GB82WEST12345698765431' };
    expect(recordRuleIssues('Bank', bad, '2026-11-21')).toEqual([
      'iban: GB82 WEST 1234 5698 7654 31 fails its checksum',
    ]);
    expect(recordRuleIssues('Transaction', bad, '2026-11-21')).toEqual([]);
  });

  it('leaves an account with no details yet alone (an administrator does not approve it so)', () => {
    expect(recordRuleIssues('Bank', { bank_account_name: 'Draft account' }, '2026-11-21')).toEqual([]);
  });
});
