import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import forge from 'node-forge';
import { createSelfSignedP12 } from './self-signed-certificate.ts';

/** What sealing needs (the PKCS#12 and its password) and what verification names (the certificate). */
export interface PlatformCertificate {
  /** The PKCS#12 bundle: the RSA key and its certificate. */
  readonly p12: Buffer;
  readonly password: string;
  readonly certificateDer: Buffer;
  readonly certificatePem: string;
  /** SHA-256 of the certificate's DER, 64 lowercase hex characters. */
  readonly fingerprint: string;
  /** The certificate's subject as Node prints it (`CN=…` and `O=…`, one per line). */
  readonly subject: string;
  readonly validTo: Date;
  /**
   * The fingerprints a verification trusts: this certificate's, then those of earlier ones from
   * `ESIGN_PREVIOUS_FINGERPRINTS`, so documents sealed before a rotation still verify.
   */
  readonly trustedFingerprints: readonly string[];
}

export const SEAL_COMMON_NAME = 'Receivables platform document seal';
const DEFAULT_ORGANISATION = 'Receivables platform';
const P12_FILE = 'esign-platform.p12';
const PASSWORD_FILE = 'esign-platform.password';

/**
 * The platform's document-seal certificate (docs/architecture.md, “Document seal”): from
 * `ESIGN_P12_PATH` or `ESIGN_P12_BASE64` with `ESIGN_P12_PASSWORD` when set (required in
 * production, where a missing one is refused rather than generated), otherwise from
 * `<dataDir>/keys/esign-platform.p12`, a self-signed certificate generated at first start beside
 * its password file, both readable by the owner only.
 */
export async function loadPlatformCertificate(
  config: { readonly dataDir: string; readonly production: boolean },
  env: NodeJS.ProcessEnv = process.env,
): Promise<PlatformCertificate> {
  const previous = previousFingerprints(env);
  const configured = await configuredP12(env);
  if (configured) return platformCertificateFromP12(configured.p12, configured.password, previous);
  if (config.production)
    throw new Error(
      'NODE_ENV=production needs the document seal certificate: ESIGN_P12_PATH or ESIGN_P12_BASE64, and ESIGN_P12_PASSWORD',
    );
  const dir = join(config.dataDir, 'keys');
  const files = { p12: join(dir, P12_FILE), password: join(dir, PASSWORD_FILE) };
  if (!(await exists(files.p12))) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const password = randomBytes(32).toString('base64url');
    const organisation = env.ESIGN_ORGANISATION?.trim() || DEFAULT_ORGANISATION;
    // The password first: the bundle's presence is what says the pair is complete.
    await writeFile(files.password, password, { mode: 0o600 });
    await writeFile(
      files.p12,
      createSelfSignedP12({ commonName: SEAL_COMMON_NAME, organisation }, password),
      {
        mode: 0o600,
      },
    );
    for (const file of Object.values(files)) await chmod(file, 0o600);
  }
  const [p12, password] = await Promise.all([readFile(files.p12), readFile(files.password, 'utf8')]);
  return platformCertificateFromP12(p12, password.trim(), previous);
}

/**
 * `loadPlatformCertificate` on first call, the same certificate after that: for the routes, which
 * need it only when a document is sealed or verified. A failed load is tried again on the next call.
 */
export function platformCertificateOnce(
  config: { readonly dataDir: string; readonly production: boolean },
  env: NodeJS.ProcessEnv = process.env,
): () => Promise<PlatformCertificate> {
  let loading: Promise<PlatformCertificate> | undefined;
  return () => {
    loading ??= loadPlatformCertificate(config, env).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * The fingerprints of earlier seal certificates, from `ESIGN_PREVIOUS_FINGERPRINTS` (comma-separated
 * SHA-256, colons allowed, as `openssl x509 -noout -fingerprint -sha256` prints them), normalised.
 * A malformed entry is refused with the reason.
 */
export function previousFingerprints(env: NodeJS.ProcessEnv = process.env): string[] {
  const previous = (env.ESIGN_PREVIOUS_FINGERPRINTS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = previous.filter((entry) => !/^[0-9a-f]{64}$/.test(normalizeFingerprint(entry)));
  if (bad.length)
    throw new Error(
      `ESIGN_PREVIOUS_FINGERPRINTS must be SHA-256 fingerprints (64 hex characters, colons allowed), comma-separated; not understood: ${bad.join(', ')}`,
    );
  return previous.map(normalizeFingerprint);
}

/** A SHA-256 fingerprint as lowercase hex without separators (`AB:CD…` → `abcd…`). */
export const normalizeFingerprint = (fingerprint: string): string =>
  fingerprint.replace(/[\s:]/g, '').toLowerCase();

/**
 * Opens a PKCS#12 as @signpdf/signer-p12 will: its first encrypted private key (RSA) and the
 * certificate of that key. Refused, with the reason and no secret, when either is missing or the
 * password does not open it.
 */
export function platformCertificateFromP12(
  p12: Buffer,
  password: string,
  previous: readonly string[] = [],
): PlatformCertificate {
  let bundle: forge.pkcs12.Pkcs12Pfx;
  try {
    bundle = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, password);
  } catch {
    throw new Error(
      'The document seal PKCS#12 cannot be opened: not a PKCS#12 bundle of an RSA key, or not its password (ESIGN_P12_PASSWORD)',
    );
  }
  const keyBags = bundle.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag! })[
    forge.pki.oids.pkcs8ShroudedKeyBag!
  ];
  const key = keyBags?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('The document seal PKCS#12 holds no encrypted private key');
  const certBags = bundle.getBags({ bagType: forge.pki.oids.certBag! })[forge.pki.oids.certBag!] ?? [];
  const cert = certBags
    .map((bag) => bag.cert)
    .find((c): c is forge.pki.Certificate => {
      const publicKey = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return !!publicKey?.n && publicKey.n.equals(key.n) && publicKey.e.equals(key.e);
    });
  if (!cert) throw new Error('The document seal PKCS#12 holds no certificate of its private key');
  // The DER as the signer will embed it in every seal (forge writes the certificate back from its
  // TBS bytes, so a DER certificate comes out unchanged).
  const certificateDer = Buffer.from(
    forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(),
    'binary',
  );
  const x509 = new X509Certificate(certificateDer);
  const fingerprint = createHash('sha256').update(certificateDer).digest('hex');
  return {
    p12,
    password,
    certificateDer,
    certificatePem: x509.toString(),
    fingerprint,
    subject: x509.subject,
    validTo: new Date(x509.validTo),
    trustedFingerprints: [...new Set([fingerprint, ...previous.map(normalizeFingerprint)])],
  };
}

async function configuredP12(env: NodeJS.ProcessEnv): Promise<{ p12: Buffer; password: string } | undefined> {
  const path = env.ESIGN_P12_PATH?.trim();
  const base64 = env.ESIGN_P12_BASE64?.trim();
  if (!path && !base64) return undefined;
  const password = env.ESIGN_P12_PASSWORD;
  if (password === undefined)
    throw new Error('ESIGN_P12_PASSWORD is needed with ESIGN_P12_PATH or ESIGN_P12_BASE64');
  const p12 = path ? await readFile(path) : Buffer.from(base64!, 'base64');
  return { p12, password };
}

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );
