import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import {
  loadPlatformCertificate,
  platformCertificateOnce,
  previousFingerprints,
  SEAL_COMMON_NAME,
} from './platform-certificate.ts';
import { createSelfSignedP12 } from './self-signed-certificate.ts';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'rf-seal-cert-'));
const DEVELOPMENT = { production: false } as const;

describe('the generated seal certificate (no ESIGN_P12_* settings, not production)', () => {
  it('is made at first start into <dataDir>/keys, owner-only, and the same on every later load', async () => {
    const dataDir = tempDir();
    const first = await loadPlatformCertificate({ dataDir, ...DEVELOPMENT }, {});
    const p12File = join(dataDir, 'keys', 'esign-platform.p12');
    const passwordFile = join(dataDir, 'keys', 'esign-platform.password');
    expect(statSync(p12File).mode & 0o777).toBe(0o600);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'keys')).mode & 0o077).toBe(0);
    expect(readFileSync(passwordFile, 'utf8')).toBe(first.password);
    expect(first.p12.equals(readFileSync(p12File))).toBe(true);

    const second = await loadPlatformCertificate(
      { dataDir, ...DEVELOPMENT },
      { ESIGN_ORGANISATION: 'Changed later' },
    );
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.p12.equals(first.p12)).toBe(true);
    expect(second.subject).toContain('O=Receivables platform');
  });

  it('is self-signed RSA 3072, ten years, for digital signature and non-repudiation only, named as configured', async () => {
    const cert = await loadPlatformCertificate(
      { dataDir: tempDir(), ...DEVELOPMENT },
      { ESIGN_ORGANISATION: 'Acme Receivables Ltd' },
    );
    const x509 = new X509Certificate(cert.certificateDer);
    expect(x509.subject).toBe(`CN=${SEAL_COMMON_NAME}\nO=Acme Receivables Ltd`);
    expect(x509.issuer).toBe(x509.subject);
    expect(x509.verify(x509.publicKey)).toBe(true);
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(x509.ca).toBe(false);
    const years = (Date.parse(x509.validTo) - Date.parse(x509.validFrom)) / (365.25 * 24 * 3600 * 1000);
    expect(years).toBeCloseTo(10, 1);
    expect(cert.validTo.getTime()).toBe(Date.parse(x509.validTo));
    const keyUsage = forge.pki.certificateFromPem(cert.certificatePem).getExtension('keyUsage') as Record<
      string,
      unknown
    >;
    expect(keyUsage).toMatchObject({ critical: true, digitalSignature: true, nonRepudiation: true });
    expect(keyUsage).toMatchObject({ keyEncipherment: false, keyCertSign: false, cRLSign: false });
    expect(cert.fingerprint).toBe(x509.fingerprint256.replace(/:/g, '').toLowerCase());
    expect(cert.certificatePem).toBe(x509.toString());
    expect(cert.trustedFingerprints).toEqual([cert.fingerprint]);
  });

  it('is never generated in production', async () => {
    const dataDir = tempDir();
    await expect(loadPlatformCertificate({ dataDir, production: true }, {})).rejects.toThrow(
      /ESIGN_P12_PATH or ESIGN_P12_BASE64, and ESIGN_P12_PASSWORD/,
    );
    expect(() => statSync(join(dataDir, 'keys'))).toThrow();
  });
});

describe('the configured seal certificate (ESIGN_P12_PATH or ESIGN_P12_BASE64, ESIGN_P12_PASSWORD)', () => {
  const password = 'correct horse battery staple';
  const p12 = createSelfSignedP12({ commonName: 'Configured seal', organisation: 'Operator Ltd' }, password);
  const p12File = join(tempDir(), 'seal.p12');
  writeFileSync(p12File, p12);

  it('is read from the file in production, nothing generated', async () => {
    const dataDir = tempDir();
    const cert = await loadPlatformCertificate(
      { dataDir, production: true },
      { ESIGN_P12_PATH: p12File, ESIGN_P12_PASSWORD: password },
    );
    expect(cert.subject).toBe('CN=Configured seal\nO=Operator Ltd');
    expect(cert.p12.equals(p12)).toBe(true);
    expect(cert.password).toBe(password);
    expect(() => statSync(join(dataDir, 'keys'))).toThrow();
  });

  it('is read from base64 just the same', async () => {
    const fromFile = await loadPlatformCertificate(
      { dataDir: tempDir(), production: true },
      { ESIGN_P12_PATH: p12File, ESIGN_P12_PASSWORD: password },
    );
    const fromBase64 = await loadPlatformCertificate(
      { dataDir: tempDir(), production: true },
      { ESIGN_P12_BASE64: p12.toString('base64'), ESIGN_P12_PASSWORD: password },
    );
    expect(fromBase64.fingerprint).toBe(fromFile.fingerprint);
  });

  it('refuses a wrong or missing password without printing it', async () => {
    const dataDir = tempDir();
    const wrong = loadPlatformCertificate(
      { dataDir, production: true },
      { ESIGN_P12_PATH: p12File, ESIGN_P12_PASSWORD: 'wrong-password-123' },
    );
    await expect(wrong).rejects.toThrow(/cannot be opened/);
    await expect(wrong).rejects.not.toThrow(/wrong-password-123/);
    await expect(
      loadPlatformCertificate({ dataDir, production: true }, { ESIGN_P12_PATH: p12File }),
    ).rejects.toThrow('ESIGN_P12_PASSWORD is needed with ESIGN_P12_PATH or ESIGN_P12_BASE64');
  });

  it('refuses a bundle that is no PKCS#12', async () => {
    await expect(
      loadPlatformCertificate(
        { dataDir: tempDir(), production: true },
        { ESIGN_P12_BASE64: Buffer.from('not a bundle').toString('base64'), ESIGN_P12_PASSWORD: password },
      ),
    ).rejects.toThrow(/cannot be opened/);
  });
});

describe('rotation: ESIGN_PREVIOUS_FINGERPRINTS', () => {
  const previous = 'AB:'.repeat(31) + 'CD';

  it('trusts the current certificate first, then the earlier ones, normalised', async () => {
    const cert = await loadPlatformCertificate(
      { dataDir: tempDir(), ...DEVELOPMENT },
      { ESIGN_PREVIOUS_FINGERPRINTS: ` ${previous} , ${'e'.repeat(64)}` },
    );
    expect(cert.trustedFingerprints).toEqual([cert.fingerprint, `${'ab'.repeat(31)}cd`, 'e'.repeat(64)]);
  });

  it('refuses what is not a SHA-256 fingerprint, naming it', () => {
    expect(() => previousFingerprints({ ESIGN_PREVIOUS_FINGERPRINTS: `${'a'.repeat(64)},abc123` })).toThrow(
      /not understood: abc123$/,
    );
    expect(previousFingerprints({})).toEqual([]);
  });
});

describe('platformCertificateOnce', () => {
  it('loads on first use only, then answers the same certificate', async () => {
    const dataDir = tempDir();
    const certificate = platformCertificateOnce({ dataDir, ...DEVELOPMENT }, {});
    expect(() => statSync(join(dataDir, 'keys'))).toThrow();
    const [a, b] = await Promise.all([certificate(), certificate()]);
    expect(b).toBe(a);
    expect(await certificate()).toBe(a);
  });

  it('tries again after a failed load', async () => {
    const env: NodeJS.ProcessEnv = { ESIGN_P12_BASE64: 'AAAA', ESIGN_P12_PASSWORD: 'x' };
    const certificate = platformCertificateOnce({ dataDir: tempDir(), ...DEVELOPMENT }, env);
    await expect(certificate()).rejects.toThrow(/cannot be opened/);
    delete env.ESIGN_P12_BASE64;
    expect((await certificate()).subject).toContain(SEAL_COMMON_NAME);
  });
});
