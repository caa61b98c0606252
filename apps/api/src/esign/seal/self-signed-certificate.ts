import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** Who the generated seal certificate names (docs/architecture.md, “Document seal”). */
export interface SealSubject {
  readonly commonName: string;
  readonly organisation: string;
}

const VALIDITY_YEARS = 10;
const RSA_BITS = 3072;

/**
 * A PKCS#12 bundle of a new RSA key and a self-signed certificate for it, valid ten years from
 * `now`, whose key usage is digital signature and non-repudiation (a document seal, never a CA).
 * The key is made by Node's crypto (fast, native); node-forge writes the certificate and the bundle,
 * in the form @signpdf/signer-p12 reads back.
 */
export function createSelfSignedP12(subject: SealSubject, password: string, now = new Date()): Buffer {
  const { privateKey: privatePem } = generateKeyPairSync('rsa', {
    modulusLength: RSA_BITS,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = serialNumber();
  cert.validity.notBefore = now;
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALIDITY_YEARS);
  const name = [
    { name: 'commonName', value: subject.commonName },
    { name: 'organizationName', value: subject.organisation },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], password, {
    algorithm: 'aes256',
    friendlyName: subject.commonName,
    generateLocalKeyId: true,
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** 16 random bytes, positive (high bit clear) and never zero, as RFC 5280 asks of a serial. */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}
