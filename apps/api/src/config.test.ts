import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy, productionProblems } from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'a1'.repeat(32),
  JWT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----secret-private-----END PRIVATE KEY-----',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----x-----END PUBLIC KEY-----',
  SMTP_URL: 'smtp://user:smtp-password@mail.example.com:587',
  PUBLIC_URL: 'https://rf.example.com',
  ESIGN_P12_PATH: '/run/secrets/esign.p12',
  ESIGN_P12_PASSWORD: 'p12-password',
};

describe('configuration', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('never runs demo mode in production, whatever DEMO says', () => {
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, DEMO: 'true' }).demo).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: the socket address is the client', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('takes a hop count, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses what it does not understand, and trusting everyone', () => {
    expect(() => parseTrustProxy('true')).toThrow(/not understood: true/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/not understood: 10.0.0.0\/33/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY must be/);
    expect(() => loadConfig({ TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
  });

  it('a hop count trusts that many hops nearest the server, no more', () => {
    const trust = fastifyTrustProxy(1);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect(trust('10.0.0.1', 0)).toBe(true);
    expect(trust('10.0.0.2', 1)).toBe(false);
  });
});

describe('production start-up', () => {
  it('needs nothing outside production', () => {
    expect(productionProblems({})).toEqual([]);
  });

  it('is satisfied by the keys, secret, SMTP and public URL', () => {
    expect(productionProblems(PRODUCTION)).toEqual([]);
  });

  it('lists every missing setting by name, never a value', () => {
    const problems = productionProblems({
      NODE_ENV: 'production',
      JWT_PRIVATE_KEY: PRODUCTION.JWT_PRIVATE_KEY,
    });
    expect(problems.map((p) => p.split(' ')[0])).toEqual([
      'APP_SECRET',
      'JWT_PUBLIC_KEY',
      'SMTP_URL',
      'PUBLIC_URL',
      'ESIGN_P12_PATH',
      'ESIGN_P12_PASSWORD',
    ]);
    expect(problems.join('\n')).not.toContain('secret-private');
  });

  it('takes the document seal PKCS#12 from a file or base64, always with its password', () => {
    const { ESIGN_P12_PATH: _path, ...withoutSeal } = PRODUCTION;
    expect(productionProblems({ ...withoutSeal, ESIGN_P12_BASE64: 'MIIK' })).toEqual([]);
    expect(productionProblems(withoutSeal)).toEqual([
      'ESIGN_P12_PATH or ESIGN_P12_BASE64 (the PKCS#12 of the document seal certificate)',
    ]);
    expect(productionProblems({ ...PRODUCTION, ESIGN_P12_PASSWORD: '' })).toEqual([
      'ESIGN_P12_PASSWORD (the password of that PKCS#12)',
    ]);
  });

  it('refuses an APP_SECRET that is not 32 bytes of hex (it would become an empty key)', () => {
    const problems = productionProblems({ ...PRODUCTION, APP_SECRET: 'changeme' });
    expect(problems).toEqual(['APP_SECRET is not 64 or more hex characters (openssl rand -hex 32)']);
    expect(problems.join('\n')).not.toContain('changeme');
  });
});
