import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_SIGNATURE_LENGTH, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { pdfLiteralBody } from './pdf-text.ts';
import type { PlatformCertificate } from './platform-certificate.ts';

export interface SealMeta {
  /** Why the platform seals, shown by PDF readers (`/Reason`). */
  readonly reason: string;
  /** Who seals (`/Name`): the platform's name. */
  readonly name: string;
  readonly location?: string;
  /** The signing time, in the dictionary (`/M`) and the CMS signed attributes. */
  readonly signedAt: Date;
}

/**
 * Seals a finished PDF with the platform's PAdES signature (docs/architecture.md, “Document seal”):
 * an invisible signature field on the first page whose signature dictionary has SubFilter
 * `ETSI.CAdES.detached` and a detached CMS (SHA-256, RSA) over the whole file but the signature's
 * own hexadecimal `/Contents`. pdf-lib writes the file anew with the placeholder (no object streams,
 * so the dictionary stays findable as text), @signpdf fills the byte range and the signature.
 */
export async function sealPdf(
  pdf: Uint8Array,
  cert: PlatformCertificate,
  meta: SealMeta,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: pdfLiteralBody(meta.reason),
    name: pdfLiteralBody(meta.name),
    location: pdfLiteralBody(meta.location ?? ''),
    contactInfo: '',
    signingTime: meta.signedAt,
    signatureLength: signatureLength(cert),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(cert.p12, { passphrase: cert.password });
  return new Uint8Array(await new SignPdf().sign(prepared, signer, meta.signedAt));
}

/**
 * Room for the CMS, in bytes: it holds every certificate of the bundle, the signed attributes and
 * one signature, so the bundle's size (which also holds the encrypted key) plus 4 KiB is always
 * enough; never less than @signpdf's default of 8 KiB.
 */
const signatureLength = (cert: PlatformCertificate): number =>
  Math.max(DEFAULT_SIGNATURE_LENGTH, cert.p12.length + 4096);
