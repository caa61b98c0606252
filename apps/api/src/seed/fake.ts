import { composeIBAN, getCountrySpecifications, isValidBBAN } from 'ibantools';
import type { Rng } from './prng.ts';
import { COUNTRY_PROFILES, type CountryProfile } from './fake-countries.ts';
import { COMPANY_STEMS, FIRST_NAMES, LAST_NAMES, type Industry } from './fake-words.ts';

/** Generators that combine the word lists into realistic, valid field values. */

export interface Person {
  readonly name: string;
  readonly email: string;
}

export interface Address {
  readonly street: string;
  readonly number: string;
  readonly city: string;
  readonly postalcode: string;
  readonly refinment: string | null;
}

export const countryProfile = (rng: Rng): CountryProfile => rng.pick(COUNTRY_PROFILES);

export function profileOf(code: string): CountryProfile {
  const profile = COUNTRY_PROFILES.find((c) => c.code === code);
  if (!profile) throw new Error(`No seed profile for country ${code}`);
  return profile;
}

/** Lower-case ASCII for e-mail local parts and domains ("Chloé García" → "chloe.garcia"). */
export function slug(text: string, separator = '.'): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, 'g'), '');
}

export function person(rng: Rng, domain: string): Person {
  const name = `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
  return { name, email: `${slug(name)}@${domain}` };
}

export function companyName(rng: Rng, industry: Industry, profile: CountryProfile, serial: number): string {
  // The serial keeps names unique at scale without making small data sets look generated.
  const stem = rng.pick(COMPANY_STEMS);
  const suffix = rng.pick(profile.companySuffixes);
  return serial > 0
    ? `${stem} ${industry.sector} ${serial} ${suffix}`
    : `${stem} ${industry.sector} ${suffix}`;
}

/** A web domain for a company name ("Atlas Textiles GmbH" → "atlas-textiles.example"). */
export function domainOf(name: string): string {
  const words = slug(name, '-').split('-').slice(0, 3).join('-');
  return `${words}.example`;
}

export function fill(rng: Rng, pattern: string): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === '#') out += String(rng.int(0, 9));
    else if (ch === 'A') out += String.fromCharCode(65 + rng.int(0, 25));
    else out += ch;
  }
  return out;
}

export function address(rng: Rng, profile: CountryProfile): Address {
  return {
    street: rng.pick(profile.streets),
    number: String(rng.int(1, 240)),
    city: rng.pick(profile.cities),
    postalcode: fill(rng, profile.postcode),
    refinment: rng.chance(0.3) ? `Floor ${rng.int(1, 12)}` : null,
  };
}

/** A phone number in E.164 form that passes the API's validator. */
export function phone(rng: Rng, profile: CountryProfile): string {
  return `+${profile.dial}${String(rng.int(2, 9))}${rng.digits(profile.phoneDigits - 1)}`;
}

export function registerNumber(rng: Rng, profile: CountryProfile): string {
  return `${profile.register} ${rng.digits(8)}`;
}

/** D-U-N-S numbers are nine digits. */
export const dunsNumber = (rng: Rng): string => rng.digits(9);

/** A character class of each position of a country's BBAN ("^[A-Z]{4}[0-9]{14}$" → 4 × "A-Z", 14 × "0-9"). */
const bbanClasses = (country: string): string[] =>
  [...(getCountrySpecifications()[country]?.bban_regexp ?? '').matchAll(/\[([^\]]+)\]\{(\d+)\}/g)].flatMap(
    ([, cls, n]) => Array<string>(Number(n)).fill(cls ?? ''),
  );

/**
 * A valid IBAN of `country` made from drawn digits, as the record rules check it
 * (docs/business-rules.md, “Bank accounts, transactions and settlement”): letters where the
 * country's format has them, national check digits found by trying each pair of digits from the
 * end, then the IBAN's own checksum. Deterministic, so the draws stay as they were.
 */
function validIban(country: string, digits: string): string {
  const classes = bbanClasses(country);
  let bban = [...digits].map((d, i) => (classes[i] === 'A-Z' ? 'ABCDEFGHIJ'.charAt(Number(d)) : d)).join('');
  for (let end = bban.length; end >= 2 && !isValidBBAN(bban, country); end--) {
    if (classes[end - 1] === 'A-Z' || classes[end - 2] === 'A-Z') continue;
    for (let n = 0; n < 100; n++) {
      const candidate = `${bban.slice(0, end - 2)}${String(n).padStart(2, '0')}${bban.slice(end)}`;
      if (isValidBBAN(candidate, country)) {
        bban = candidate;
        break;
      }
    }
  }
  const iban = composeIBAN({ countryCode: country, bban });
  if (!iban) throw new Error(`No valid IBAN of ${country} from ${digits}`);
  return iban;
}

export function iban(rng: Rng, profile: CountryProfile): string | null {
  if (!profile.iban) return null;
  const [country, length] = profile.iban;
  // The same draws as before IBANs were checked (the check digits' two, then the BBAN's), so the
  // rest of a seeded data set stays as it was.
  return validIban(country, rng.digits(length - 2).slice(2));
}

/** A US ABA routing number: the first eight digits of `nine` and the check digit of the 3-7-1 weights. */
export function abaRouting(nine: string): string {
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...nine.slice(0, 8)].reduce((total, d, i) => total + Number(d) * (weights[i] ?? 0), 0);
  return `${nine.slice(0, 8)}${(10 - (sum % 10)) % 10}`;
}

export function bic(rng: Rng, bankName: string, profile: CountryProfile): string {
  const letters = slug(bankName, '').toUpperCase().padEnd(4, 'X').slice(0, 4);
  // ISO 9362: the location's second character is no letter O.
  return `${letters}${profile.code}${fill(rng, 'AA')}`.replace(/O$/, 'P');
}
