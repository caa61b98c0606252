import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { characterCount } from './payment-checks.ts';
import type { PayoutAccount } from './types.ts';

/**
 * A payout account checked and normalised for the pain.001 file: the IBAN in electronic format
 * (no spaces, capitals), the BIC in capitals, and the domestic identifiers of an account without
 * IBAN (UK sort code and account number, US routing and account number).
 */

/** Longest party name (ISO 20022 Max140Text). */
export const MAX_NAME_LENGTH = 140;
/** Longest account id other than an IBAN (ISO 20022 Max34Text). */
const MAX_ACCOUNT_ID_LENGTH = 34;
/** The schema's BICIdentifier: stricter than a shape check (no 0 or 1 in the location's first place). */
const BIC = /^[A-Z]{6}[A-Z2-9][A-NP-Z0-9]([A-Z0-9]{3})?$/;
const COUNTRY = /^[A-Z]{2}$/;
/** Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE and U+FFFF). */
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** A clearing-system member id for a bank without BIC: US ABA routing number or UK sort code. */
export interface ClearingMember {
  readonly system: 'USABA' | 'GBDSC';
  readonly memberId: string;
}

export interface CheckedAccount {
  readonly name: string;
  readonly country: string | null;
  readonly iban: string | null;
  readonly bic: string | null;
  /** The account id of an account without IBAN (Othr/Id): UK sort code and number, else the number. */
  readonly otherId: string | null;
  readonly clearing: ClearingMember | null;
}

export type AccountRole = 'debtor' | 'creditor';

/** The value unchanged; throws when it has a character XML cannot carry. */
export function xmlCharacters(value: string, what: string, label: string): string {
  const bad = NOT_XML.exec(value);
  if (bad) {
    const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new Error(`${label}: ${what} contains the character U+${code}, which an XML file cannot carry`);
  }
  return value;
}

/** Free text for the XML file: one line (tabs and line breaks become spaces), ends trimmed. */
export const xmlText = (value: string, what: string, label: string): string =>
  xmlCharacters(value.replace(/[\t\r\n]+/g, ' ').trim(), what, label);

/** A value that counts as absent when null, undefined or blank. */
const present = (value: string | null | undefined): string | null =>
  value == null || value.trim() === '' ? null : value.trim();

/** The ABA check: 3, 7 and 1 times the digits in turn add up to a multiple of 10. */
function isAbaRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0;
}

/** The account checked for the file; `label` names the payment in errors. */
export function checkedAccount(account: PayoutAccount, role: AccountRole, label: string): CheckedAccount {
  const name = xmlText(account.name, `the ${role}'s name`, label);
  if (name === '') throw new Error(`${label}: the ${role}'s name is empty`);
  if (characterCount(name) > MAX_NAME_LENGTH) {
    throw new Error(
      `${label}: the ${role}'s name is ${characterCount(name)} characters long, more than ${MAX_NAME_LENGTH}`,
    );
  }

  const rawCountry = present(account.country);
  const country = rawCountry?.toUpperCase() ?? null;
  if (country !== null && !COUNTRY.test(country)) {
    throw new Error(
      `${label}: the ${role}'s country "${account.country}" is not an ISO 3166 two-letter code`,
    );
  }

  const rawIban = present(account.iban);
  const iban = rawIban === null ? null : electronicFormatIBAN(rawIban);
  if (rawIban !== null && (iban === null || !isValidIBAN(iban))) {
    throw new Error(`${label}: the ${role}'s IBAN "${account.iban}" is not a valid IBAN`);
  }

  const rawBic = present(account.bic);
  const bic = rawBic?.toUpperCase() ?? null;
  if (bic !== null && !(BIC.test(bic) && isValidBIC(bic))) {
    throw new Error(`${label}: the ${role}'s BIC "${account.bic}" is not a valid BIC`);
  }

  const rawSortCode = present(account.sortCode);
  const sortCode = rawSortCode?.replace(/[-\s]/g, '') ?? null;
  if (sortCode !== null && !/^\d{6}$/.test(sortCode)) {
    throw new Error(`${label}: the ${role}'s sort code "${account.sortCode}" is not 6 digits`);
  }
  const routingNumber = present(account.routingNumber);
  if (routingNumber !== null && !isAbaRoutingNumber(routingNumber)) {
    throw new Error(
      `${label}: the ${role}'s routing number "${account.routingNumber}" is not a valid 9-digit ABA routing number`,
    );
  }
  if (sortCode !== null && routingNumber !== null) {
    throw new Error(`${label}: the ${role}'s account has both a UK sort code and a US routing number`);
  }

  const accountNumber = present(account.accountNumber);
  let otherId: string | null = null;
  if (iban === null) {
    if (accountNumber === null) {
      throw new Error(`${label}: the ${role} has no account id (neither an IBAN nor an account number)`);
    }
    // A UK account is known by its sort code and number together.
    otherId = xmlText(
      sortCode === null ? accountNumber : `${sortCode}${accountNumber.replace(/[-\s]/g, '')}`,
      `the ${role}'s account number`,
      label,
    );
    if (characterCount(otherId) > MAX_ACCOUNT_ID_LENGTH) {
      throw new Error(
        `${label}: the ${role}'s account id "${otherId}" is longer than ${MAX_ACCOUNT_ID_LENGTH} characters`,
      );
    }
  }

  const clearing: ClearingMember | null =
    routingNumber !== null
      ? { system: 'USABA', memberId: routingNumber }
      : sortCode !== null
        ? { system: 'GBDSC', memberId: sortCode }
        : null;
  return { name, country, iban, bic, otherId, clearing };
}
