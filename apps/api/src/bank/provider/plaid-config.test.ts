import { describe, expect, it } from 'vitest';
import { plaidConfigFrom } from './plaid-config.ts';

const credentials = { PLAID_CLIENT_ID: 'client-1', PLAID_SECRET: 'secret-1' };

describe('plaidConfigFrom', () => {
  it('is null without a client id or a secret (statement import only)', () => {
    expect(plaidConfigFrom({})).toBeNull();
    expect(plaidConfigFrom({ PLAID_CLIENT_ID: 'client-1' })).toBeNull();
    expect(plaidConfigFrom({ PLAID_SECRET: 'secret-1' })).toBeNull();
    expect(plaidConfigFrom({ PLAID_CLIENT_ID: 'client-1', PLAID_SECRET: '  ' })).toBeNull();
  });

  it('defaults to the sandbox and the seven countries', () => {
    expect(plaidConfigFrom(credentials)).toEqual({
      clientId: 'client-1',
      secret: 'secret-1',
      environment: 'sandbox',
      baseUrl: 'https://sandbox.plaid.com',
      countryCodes: ['GB', 'US', 'DE', 'FR', 'NL', 'ES', 'IE'],
    });
  });

  it('takes production, trimming the values', () => {
    expect(
      plaidConfigFrom({ PLAID_CLIENT_ID: ' client-1 ', PLAID_SECRET: 'secret-1\n', PLAID_ENV: 'Production' }),
    ).toMatchObject({
      clientId: 'client-1',
      secret: 'secret-1',
      environment: 'production',
      baseUrl: 'https://production.plaid.com',
    });
  });

  it('lets PLAID_BASE_URL override the environment URL, without a trailing slash', () => {
    expect(
      plaidConfigFrom({ ...credentials, PLAID_ENV: 'production', PLAID_BASE_URL: 'http://127.0.0.1:4010/' }),
    ).toMatchObject({
      environment: 'production',
      baseUrl: 'http://127.0.0.1:4010',
    });
    expect(plaidConfigFrom({ ...credentials, PLAID_BASE_URL: 'https://plaid.test/api/' })?.baseUrl).toBe(
      'https://plaid.test/api',
    );
  });

  it('rejects an unknown PLAID_ENV', () => {
    expect(() => plaidConfigFrom({ ...credentials, PLAID_ENV: 'development' })).toThrow(
      'PLAID_ENV must be sandbox or production, got "development"',
    );
  });

  it('rejects a base URL that is not http(s)', () => {
    expect(() => plaidConfigFrom({ ...credentials, PLAID_BASE_URL: 'ftp://plaid.test' })).toThrow(
      'PLAID_BASE_URL must be an http(s) URL such as https://sandbox.plaid.com, got "ftp://plaid.test"',
    );
    expect(() => plaidConfigFrom({ ...credentials, PLAID_BASE_URL: 'sandbox.plaid.com' })).toThrow(
      'PLAID_BASE_URL must be an http(s) URL such as https://sandbox.plaid.com, got "sandbox.plaid.com"',
    );
  });

  it('reads PLAID_COUNTRY_CODES and names the codes Plaid does not know', () => {
    expect(plaidConfigFrom({ ...credentials, PLAID_COUNTRY_CODES: 'gb, ie' })?.countryCodes).toEqual([
      'GB',
      'IE',
    ]);
    expect(() => plaidConfigFrom({ ...credentials, PLAID_COUNTRY_CODES: 'GB,XX,CH' })).toThrow(
      /^PLAID_COUNTRY_CODES must be a comma-separated list of US, GB, .*; got "GB,XX,CH" \(unknown: XX, CH\)$/,
    );
  });
});
