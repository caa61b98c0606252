/** Reference lists (docs/business-rules.md, “Value lists and record checks”). */

/** ISO 3166-1 alpha-2 country codes. */
export const COUNTRIES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** Currencies offered first in pickers. */
export const PREFERRED_CURRENCIES = ['CHF', 'EUR', 'GBP', 'USD'] as const;

/** ISO 4217 currency codes, preferred ones first. */
export const CURRENCIES: readonly string[] = [
  ...PREFERRED_CURRENCIES,
  ...Intl.supportedValuesOf('currency').filter(
    (c) => !(PREFERRED_CURRENCIES as readonly string[]).includes(c),
  ),
];

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES);
export const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES);

/** Where the locale data's digits differ from ISO 4217's minor unit (IQD: 0 in CLDR, 3 in ISO). */
const ISO_MINOR_UNITS: Readonly<Record<string, number>> = { IQD: 3 };

/** Minor-unit digits of a currency as ISO 4217 lists them (2 unless it says otherwise). */
export function minorUnits(currency: string): number {
  return (
    ISO_MINOR_UNITS[currency] ??
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
    2
  );
}

export const PAYMENT_TERMS = ['15', '30', '45', '60', '90', '120', '180'] as const;
export const ENTITY_TYPES = [
  'Corporation',
  'Limited Liability',
  'Partnership',
  'Sole Proprietorship',
] as const;
export const ID_TYPES = ['Passport', 'Identification Card', "Driver's License"] as const;
export const DOCUMENT_TYPES = [
  'Company Credit Report',
  'Industry Report',
  'RPA',
  'RAA',
  'IPU',
  'Servicing Agreement',
] as const;
/** Kinds of credit-insurance policy (docs/business-rules.md, “Credit insurance”). */
export const INSURANCE_POLICY_TYPES = [
  'Whole turnover',
  'Key accounts',
  'Single buyer',
  'Single invoice',
] as const;
/**
 * States of a credit-insurance policy: Active counts, Suspended and Cancelled do not
 * (docs/business-rules.md, “Credit insurance”).
 */
export const INSURANCE_STATUSES = ['Active', 'Suspended', 'Cancelled'] as const;
