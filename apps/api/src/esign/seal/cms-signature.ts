import { createHash, verify, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, ContentInfo, IssuerAndSerialNumber, SignedData } from 'pkijs';

/** What the CMS of a detached signature says about the bytes it covers. */
export interface CmsCheck {
  /** The signed `messageDigest` attribute equals the digest of the covered bytes. */
  readonly digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer certificate's public key. */
  readonly signatureVerifies: boolean;
  /** SHA-256 of the signer certificate's DER, lowercase hex. */
  readonly signerFingerprint: string;
}

/** A CMS this check cannot read or does not support, with the reason in plain words. */
export class UnreadableSignature extends Error {}

const OID = {
  messageDigest: '1.2.840.113549.1.9.4',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Signature algorithms whose hash the algorithm itself names (RSA PKCS#1 v1.5 and ECDSA). */
const SIGNATURE_HASHES: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'sha256',
  '1.2.840.113549.1.1.12': 'sha384',
  '1.2.840.113549.1.1.13': 'sha512',
  '1.2.840.10045.4.3.2': 'sha256',
  '1.2.840.10045.4.3.3': 'sha384',
  '1.2.840.10045.4.3.4': 'sha512',
};

/**
 * Checks a detached CMS SignedData (RFC 5652, 5.4 and 5.6) over `covered`, the bytes a PDF's
 * byte range names: pkijs reads the structure, Node's crypto digests and verifies. The first
 * SignerInfo is checked (a PAdES signature has one), with the certificate it names by issuer and
 * serial number; its signed attributes must be present. Throws `UnreadableSignature` when the
 * CMS cannot be read or uses what is not supported here (only SHA-2 digests; RSA PKCS#1 v1.5 or
 * ECDSA signatures).
 */
export function checkDetachedCms(der: Uint8Array, covered: readonly Uint8Array[]): CmsCheck {
  const signedData = readSignedData(der);
  const signer = signedData.signerInfos[0];
  if (!signer) throw new UnreadableSignature('The seal names no signer.');
  const digest = DIGESTS[signer.digestAlgorithm.algorithmId];
  if (!digest) throw new UnreadableSignature('The seal uses a digest this page cannot check.');
  const signedAttrs = signer.signedAttrs;
  if (!signedAttrs?.encodedValue.byteLength)
    throw new UnreadableSignature('The seal has no signed attributes.');
  const certificate = signerCertificate(signedData, signer.sid);
  const messageDigest = signedAttrs.attributes.find((a) => a.type === OID.messageDigest)?.values[0];
  const hash = createHash(digest);
  for (const part of covered) hash.update(part);
  const actual = hash.digest();
  const digestMatches =
    messageDigest instanceof asn1js.OctetString &&
    Buffer.from(messageDigest.valueBlock.valueHexView).equals(actual);
  const signatureAlgorithm = signer.signatureAlgorithm.algorithmId;
  const signatureHash =
    signatureAlgorithm === OID.rsaEncryption ? digest : SIGNATURE_HASHES[signatureAlgorithm];
  if (!signatureHash) throw new UnreadableSignature('The seal uses a signature this page cannot check.');
  return {
    digestMatches,
    signatureVerifies: verifies(
      signatureHash,
      new Uint8Array(signedAttrs.encodedValue), // pkijs keeps the bytes as signed, tagged as a SET
      certificate.x509,
      signer.signature.valueBlock.valueHexView,
    ),
    signerFingerprint: createHash('sha256').update(certificate.der).digest('hex'),
  };
}

function readSignedData(der: Uint8Array): SignedData {
  try {
    // fromBER reads the first element; the zero padding after it is left alone.
    const parsed = asn1js.fromBER(der);
    if (parsed.offset === -1) throw new Error(parsed.result.error);
    const contentInfo = new ContentInfo({ schema: parsed.result });
    if (contentInfo.contentType !== ContentInfo.SIGNED_DATA) throw new Error('not SignedData');
    return new SignedData({ schema: contentInfo.content });
  } catch {
    throw new UnreadableSignature('The seal cannot be read: it is not a CMS signature.');
  }
}

function signerCertificate(signedData: SignedData, sid: unknown): { der: Uint8Array; x509: X509Certificate } {
  if (!(sid instanceof IssuerAndSerialNumber))
    throw new UnreadableSignature('The seal names its signer in a way this page cannot check.');
  const serial = sid.serialNumber.toBigInt();
  const certificate = (signedData.certificates ?? []).find(
    (c): c is Certificate =>
      c instanceof Certificate && c.serialNumber.toBigInt() === serial && c.issuer.isEqual(sid.issuer),
  );
  if (!certificate) throw new UnreadableSignature("The seal does not carry its signer's certificate.");
  const der = new Uint8Array(certificate.toSchema().toBER());
  try {
    return { der, x509: new X509Certificate(der) };
  } catch {
    throw new UnreadableSignature("The seal's certificate cannot be read.");
  }
}

function verifies(
  hash: string,
  data: Uint8Array,
  certificate: X509Certificate,
  signature: Uint8Array,
): boolean {
  try {
    return verify(hash, data, certificate.publicKey, signature);
  } catch {
    return false;
  }
}
