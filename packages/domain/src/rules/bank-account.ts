import {
  electronicFormatIBAN,
  extractIBAN,
  friendlyFormatIBAN,
  getCountrySpecifications,
  isValidBIC,
  isValidIBAN,
  validateIBAN,
  ValidationErrorsIBAN,
} from 'ibantools';

/**
 * The details of a bank account, as
 * docs/business-rules.md, “Bank accounts, transactions and settlement” lists them: IBAN and BIC
 * checked with ibantools, the national details of an account without an IBAN (UK sort code and
 * account number, US ABA routing and account number), and the currency of an account the platform
 * pays from or into. Pure, for the server (record rules, the Bank hook) and the forms alike.
 */
type Row = Readonly<Record<string, unknown>>;

/** What an account is for: an investor's or SPV's remittance and collection, a supplier's payout. */
export const BANK_ACCOUNT_PURPOSES = ['remittance', 'collection', 'payout'] as const;
export type BankAccountPurpose = (typeof BANK_ACCOUNT_PURPOSES)[number];

/** The account's own details, the fields `normaliseBankAccount` rewrites. */
export const BANK_DETAIL_FIELDS = [
  'iban',
  'bic_swift_code',
  'bank_account_sortcode',
  'bank_account_number',
  'bank_routing_number',
] as const;

const SPECS = getCountrySpecifications();

/**
 * Territories whose banks issue IBANs of another country (the Channel Islands and the Isle of Man
 * use GB IBANs, the French overseas departments and collectivities FR ones, Åland FI ones), while
 * their BICs and addresses may name the territory.
 */
const IBAN_HOME: Readonly<Record<string, string>> = {
  JE: 'GB',
  GG: 'GB',
  IM: 'GB',
  AX: 'FI',
  ...Object.fromEntries(
    ['GF', 'GP', 'MQ', 'RE', 'YT', 'PM', 'BL', 'MF', 'NC', 'PF', 'WF', 'TF'].map((c) => [c, 'FR']),
  ),
};

/** Whether two country codes stand for the same banking country (a territory and its IBAN country). */
export const sameBankingCountry = (a: string, b: string): boolean =>
  (IBAN_HOME[a] ?? a) === (IBAN_HOME[b] ?? b);

/** Whether a country's banks use IBANs (ibantools' registry gives it a length). */
export const usesIban = (country: string): boolean => Boolean(SPECS[country]?.chars);

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** An IBAN in electronic format: no spaces or hyphens, upper case ("de89 3704…" → "DE893704…"). */
export const normaliseIban = (value: string): string => electronicFormatIBAN(value.replace(/\s/g, '')) ?? '';

/** An IBAN as people read it, in groups of four ("DE89 3704 0044 0532 0130 00"). */
export const showIban = (iban: string): string => friendlyFormatIBAN(normaliseIban(iban)) ?? iban;

/**
 * ISO 9362, as the payment files' schema has it: a location code's first character is no 0 or 1
 * and its second no letter O (banks' payment files refuse such a BIC).
 */
const ISO_9362 = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;

/** A BIC without spaces, upper case. */
export const normaliseBic = (value: string): string => value.replace(/\s/g, '').toUpperCase();

/** A UK sort code as its six digits ("12-34-56" → "123456"); anything else only trimmed. */
export function normaliseSortCode(value: string): string {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : value.trim();
}

/** An account or routing number without spaces (banks print them in groups). */
const withoutSpaces = (value: string): string => value.replace(/\s/g, '');

const NORMALISE: Readonly<Record<(typeof BANK_DETAIL_FIELDS)[number], (value: string) => string>> = {
  iban: normaliseIban,
  bic_swift_code: normaliseBic,
  bank_account_sortcode: normaliseSortCode,
  bank_account_number: withoutSpaces,
  bank_routing_number: withoutSpaces,
};

/**
 * The account details among `values` as they are stored: the IBAN in electronic format, the BIC
 * and the country in upper case, the sort code as six digits, account and routing numbers without
 * spaces; blank text becomes null. Only the fields present in `values` are returned.
 */
export function normaliseBankAccount(values: Row): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const name of BANK_DETAIL_FIELDS) {
    const value = values[name];
    if (typeof value === 'string') out[name] = text(value) === null ? null : NORMALISE[name](value) || null;
  }
  if (typeof values.bank_country === 'string')
    out.bank_country = text(values.bank_country)?.toUpperCase() ?? null;
  return out;
}

/** Whether a US ABA routing number is 9 digits whose 3-7-1 weighted sum is a multiple of 10. */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/** Why an IBAN in electronic format is not valid, or null when it is. */
function ibanProblem(iban: string): string | null {
  if (isValidIBAN(iban)) return null;
  const shown = friendlyFormatIBAN(iban) ?? iban;
  const country = iban.slice(0, 2);
  const chars = SPECS[country]?.chars;
  const codes = validateIBAN(iban).errorCodes;
  if (!chars || codes.includes(ValidationErrorsIBAN.NoIBANCountry))
    return `iban: ${shown} does not start with the code of a country that uses IBANs`;
  if (codes.includes(ValidationErrorsIBAN.WrongBBANLength))
    return `iban: ${shown} has ${iban.length} characters, an IBAN of ${country} has ${chars}`;
  if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return `iban: ${shown} does not have the format of an IBAN of ${country}`;
  if (
    codes.includes(ValidationErrorsIBAN.WrongIBANChecksum) ||
    codes.includes(ValidationErrorsIBAN.ChecksumNotNumber)
  )
    return `iban: ${shown} fails its checksum`;
  return `iban: ${shown} fails the national check digits of its bank, branch or account number`;
}

/** Problems of an account held without an IBAN, by the country's own account details. */
function nationalIssues(country: string | null, account: string | null, row: Row): string[] {
  const issues: string[] = [];
  if (country === 'GB') {
    if (text(row.bank_account_sortcode) === null)
      issues.push('bank_account_sortcode: a UK account without an IBAN needs its sort code (6 digits)');
    if (account === null)
      issues.push('bank_account_number: a UK account without an IBAN needs its account number (8 digits)');
    else if (!/^\d{8}$/.test(account))
      issues.push(`bank_account_number: ${account} is not a UK account number (8 digits)`);
  } else if (country === 'US') {
    if (text(row.bank_routing_number) === null)
      issues.push('bank_routing_number: a US account needs its ABA routing number (9 digits)');
    if (account === null)
      issues.push('bank_account_number: a US account needs its account number (4 to 17 digits)');
    else if (!/^\d{4,17}$/.test(account))
      issues.push(`bank_account_number: ${account} is not a US account number (4 to 17 digits)`);
  } else if (account === null) {
    if (country !== null)
      issues.push(
        usesIban(country)
          ? `iban: an account in ${country} needs its IBAN or its account number`
          : `bank_account_number: an account in ${country} needs its account number or an IBAN`,
      );
  } else if (!/^[A-Z0-9]{1,34}$/i.test(account)) {
    issues.push(`bank_account_number: ${account} is not an account number (1 to 34 letters and digits)`);
  }
  return issues;
}

/**
 * One message per problem of a bank account as it will be stored, each starting with the field it
 * is about (the form puts it next to that field); empty when the account is fine. Values are
 * checked as `normaliseBankAccount` stores them, so "de89 3704 0044 0532 0130 00" passes.
 */
export function bankAccountIssues(row: Row): string[] {
  const issues: string[] = [];
  const details = normaliseBankAccount(row);
  const iban = details.iban ?? null;
  const bic = details.bic_swift_code ?? null;
  const country = details.bank_country ?? null;
  const sortcode = details.bank_account_sortcode ?? null;
  const routing = details.bank_routing_number ?? null;
  const account = details.bank_account_number ?? null;

  // The IBAN's country, once its first letters name a country that uses IBANs.
  const ibanCountry =
    iban && usesIban(iban.slice(0, 2)) ? (extractIBAN(iban).countryCode ?? iban.slice(0, 2)) : null;
  if (iban) {
    const problem = ibanProblem(iban);
    if (problem) issues.push(problem);
    if (ibanCountry && country && !sameBankingCountry(ibanCountry, country))
      issues.push(
        `iban: ${friendlyFormatIBAN(iban) ?? iban} is an IBAN of ${ibanCountry}, but the bank is in ${country}`,
      );
  }
  if (bic) {
    const bicCountry = bic.slice(4, 6);
    if (!isValidBIC(bic) || !ISO_9362.test(bic))
      issues.push(
        `bic_swift_code: ${bic} is not a BIC (8 or 11 letters and digits: bank, country, location, branch)`,
      );
    else if (ibanCountry && !sameBankingCountry(bicCountry, ibanCountry))
      issues.push(`bic_swift_code: ${bic} is a BIC of ${bicCountry}, but the IBAN is of ${ibanCountry}`);
    else if (!ibanCountry && country && !sameBankingCountry(bicCountry, country))
      issues.push(`bic_swift_code: ${bic} is a BIC of ${bicCountry}, but the bank is in ${country}`);
  }
  if (sortcode && !/^\d{6}$/.test(sortcode))
    issues.push(`bank_account_sortcode: ${sortcode} is not a sort code (6 digits, e.g. 12-34-56)`);
  if (routing && !isValidAbaRouting(routing))
    issues.push(
      `bank_routing_number: ${routing} is not a routing number (9 digits with a valid ABA checksum)`,
    );
  if (!iban) issues.push(...nationalIssues(country, account, row));
  else if (account && !/^[A-Z0-9]{1,34}$/i.test(account))
    issues.push(`bank_account_number: ${account} is not an account number (1 to 34 letters and digits)`);

  const purpose = text(row.bank_account_purpose);
  if (
    purpose &&
    (BANK_ACCOUNT_PURPOSES as readonly string[]).includes(purpose) &&
    !text(row.iso_currency_code)
  )
    issues.push(`iso_currency_code: a ${purpose} account needs its currency`);
  return issues;
}
