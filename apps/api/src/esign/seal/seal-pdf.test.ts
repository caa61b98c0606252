import { PDFArray, PDFDocument, PDFName, PDFRef, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PlatformCertificate } from './platform-certificate.ts';
import { sealPdf } from './seal-pdf.ts';
import { findLastSignature } from './signature-dictionary.ts';
import {
  generatedCertificate,
  makePdf,
  pdfsig,
  SEAL_META,
  sealedPdf,
  skipPdfsig,
} from './test-sealed-pdf.ts';
import { verifySealedPdf } from './verify-sealed-pdf.ts';

let cert: PlatformCertificate;
let sealed: Uint8Array;

beforeAll(async () => {
  cert = await generatedCertificate();
  sealed = await sealedPdf(cert);
});

const latin1 = (pdf: Uint8Array): string => Buffer.from(pdf).toString('latin1');

/** The PDF with one byte of its first page's content stream changed (the stream's 6th byte). */
async function withContentByteChanged(pdf: Uint8Array): Promise<Uint8Array> {
  const contents = (await PDFDocument.load(pdf)).getPage(0).node.Contents();
  const ref = contents instanceof PDFArray ? contents.get(0) : undefined;
  if (!(ref instanceof PDFRef)) throw new Error('no content stream');
  const text = latin1(pdf);
  const object = text.indexOf(`\n${ref.objectNumber} ${ref.generationNumber} obj`);
  const stream = /stream\r?\n/.exec(text.slice(object));
  if (object < 0 || !stream) throw new Error('content stream not found');
  const at = object + stream.index + stream[0].length + 5;
  const found = findLastSignature(pdf);
  if (!found || 'problem' in found) throw new Error('no signature');
  expect(at).toBeLessThan(found.byteRange[1]); // inside the first signed range
  const changed = Uint8Array.from(pdf);
  changed[at] = changed[at]! ^ 0x01;
  return changed;
}

describe('sealPdf', () => {
  it('signs the whole file but its /Contents, with SubFilter ETSI.CAdES.detached', () => {
    const text = latin1(sealed);
    expect(text).toContain('/SubFilter /ETSI.CAdES.detached');
    const found = findLastSignature(sealed);
    if (!found || 'problem' in found) throw new Error('no signature found');
    const [start, first, second, secondLength] = found.byteRange;
    expect(start).toBe(0);
    expect(second + secondLength).toBe(sealed.length);
    expect(text[first]).toBe('<');
    expect(text[second - 1]).toBe('>');
    expect(text.slice(first - 10, first)).toBe('/Contents ');
  });

  it('is verified: intact, over the whole document, by the platform, with its time and reason', () => {
    expect(verifySealedPdf(sealed, { fingerprints: [cert.fingerprint] })).toEqual({
      sealed: true,
      intact: true,
      coversWholeDocument: true,
      byPlatform: true,
      signedAt: '2026-03-04T05:06:07.000Z',
      reason: SEAL_META.reason,
    });
  });

  it.skipIf(skipPdfsig)('is valid for poppler’s pdfsig and signs the total document', () => {
    const report = pdfsig(sealed);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toMatch(/^  - Total document signed$/m);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Receivables platform document seal');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
  });

  it.skipIf(skipPdfsig)(
    'one byte changed in a content stream: pdfsig finds the digest wrong, and so does verify',
    async () => {
      const changed = await withContentByteChanged(sealed);
      const report = pdfsig(changed);
      expect(report).toContain('Signature Validation: Digest Mismatch.');
      expect(report).not.toContain('Signature is Valid');
      expect(verifySealedPdf(changed, { fingerprints: [cert.fingerprint] })).toMatchObject({
        sealed: true,
        intact: false,
        byPlatform: true,
        problem: 'The document was changed after it was sealed.',
      });
    },
  );

  it.skipIf(skipPdfsig)(
    'bytes appended after the end: pdfsig no longer says the total document is signed, and verify says so',
    () => {
      const appended = Buffer.concat([sealed, Buffer.from('\n% added later\n')]);
      const report = pdfsig(appended);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Not total document signed');
      expect(report).not.toMatch(/^  - Total document signed/m);
      expect(verifySealedPdf(appended, { fingerprints: [cert.fingerprint] })).toMatchObject({
        sealed: true,
        intact: true,
        coversWholeDocument: false,
        problem: 'Something was added to the document after it was sealed.',
      });
    },
  );

  it('keeps the document’s pages, annotations and form fields', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const first = doc.addPage();
    doc.addPage().drawText('Certificate of completion', { x: 50, y: 700, font });
    const form = doc.getForm();
    form.createTextField('invoice').addToPage(first, { x: 50, y: 600, width: 200, height: 20 });
    const withForm = await sealPdf(await doc.save(), cert, SEAL_META);
    const reopened = await PDFDocument.load(withForm);
    expect(reopened.getPageCount()).toBe(2);
    const names = reopened
      .getForm()
      .getFields()
      .map((f) => f.getName());
    expect(names).toEqual(['invoice', 'Signature1']);
    expect(reopened.getPage(0).node.Annots()?.size()).toBe(2);
    expect(reopened.catalog.lookup(PDFName.of('AcroForm'))).toBeDefined();
    expect(verifySealedPdf(withForm, { fingerprints: [cert.fingerprint] }).intact).toBe(true);
  });

  it('a document sealed with another certificate is intact but not the platform’s, unless that one is trusted too', async () => {
    const other = await generatedCertificate({ ESIGN_ORGANISATION: 'Someone else' });
    const foreign = await sealPdf(await makePdf(), other, SEAL_META);
    expect(verifySealedPdf(foreign, { fingerprints: [cert.fingerprint] })).toMatchObject({
      sealed: true,
      intact: true,
      coversWholeDocument: true,
      byPlatform: false,
      problem: 'The seal was not made by this platform.',
    });
    const colons = other.fingerprint.toUpperCase().replace(/(..)(?!$)/g, '$1:');
    expect(verifySealedPdf(foreign, { fingerprints: [cert.fingerprint, colons] }).byPlatform).toBe(true);
  });
});
