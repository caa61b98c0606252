import { CountryCode, PlaidEnvironments } from 'plaid';

export type PlaidEnvironmentName = 'sandbox' | 'production';

export interface PlaidSettings {
  readonly clientId: string;
  readonly secret: string;
  readonly environment: PlaidEnvironmentName;
  /** Where the API is: the environment's, or `PLAID_BASE_URL` (no trailing slash). */
  readonly baseUrl: string;
  /** Countries whose banks the linking flow offers. */
  readonly countryCodes: readonly CountryCode[];
}

const ENVIRONMENTS: readonly PlaidEnvironmentName[] = ['sandbox', 'production'];

export const DEFAULT_COUNTRY_CODES: readonly CountryCode[] = [
  CountryCode.Gb,
  CountryCode.Us,
  CountryCode.De,
  CountryCode.Fr,
  CountryCode.Nl,
  CountryCode.Es,
  CountryCode.Ie,
];

const KNOWN_COUNTRY_CODES: ReadonlySet<string> = new Set(Object.values(CountryCode));

/** A variable's value, blank counting as unset. */
const valueOf = (env: NodeJS.ProcessEnv, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

function baseUrlFrom(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`PLAID_BASE_URL must be an http(s) URL such as https://sandbox.plaid.com, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PLAID_BASE_URL must be an http(s) URL such as https://sandbox.plaid.com, got "${raw}"`);
  return url.href.replace(/\/+$/, '');
}

function countryCodesFrom(raw: string): CountryCode[] {
  const codes = raw
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  const unknown = codes.filter((code) => !KNOWN_COUNTRY_CODES.has(code));
  if (unknown.length > 0 || codes.length === 0)
    throw new Error(
      `PLAID_COUNTRY_CODES must be a comma-separated list of ${[...KNOWN_COUNTRY_CODES].join(', ')}; ` +
        `got "${raw}"${unknown.length > 0 ? ` (unknown: ${unknown.join(', ')})` : ''}`,
    );
  return codes as CountryCode[];
}

/**
 * Plaid's settings from the environment: `PLAID_CLIENT_ID` and `PLAID_SECRET` (both needed: null
 * without either, and the product offers statement import only), `PLAID_ENV` (`sandbox`, the
 * default, or `production`), `PLAID_BASE_URL` (another server speaking Plaid's API, such as a test
 * server; overrides the environment's URL) and `PLAID_COUNTRY_CODES` (the linking flow's countries,
 * comma-separated; GB, US, DE, FR, NL, ES, IE by default). Throws on a value it cannot use.
 */
export function plaidConfigFrom(env: NodeJS.ProcessEnv): PlaidSettings | null {
  const clientId = valueOf(env, 'PLAID_CLIENT_ID');
  const secret = valueOf(env, 'PLAID_SECRET');
  const environmentRaw = valueOf(env, 'PLAID_ENV') ?? 'sandbox';
  const environment = ENVIRONMENTS.find((name) => name === environmentRaw.toLowerCase());
  if (!environment)
    throw new Error(`PLAID_ENV must be ${ENVIRONMENTS.join(' or ')}, got "${environmentRaw}"`);
  const baseUrlRaw = valueOf(env, 'PLAID_BASE_URL');
  const baseUrl = baseUrlRaw ? baseUrlFrom(baseUrlRaw) : PlaidEnvironments[environment]!;
  const countryCodesRaw = valueOf(env, 'PLAID_COUNTRY_CODES');
  const countryCodes = countryCodesRaw ? countryCodesFrom(countryCodesRaw) : DEFAULT_COUNTRY_CODES;
  if (!clientId || !secret) return null;
  return { clientId, secret, environment, baseUrl, countryCodes };
}
