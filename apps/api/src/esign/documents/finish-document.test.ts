import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishDocument } from './finish-document.ts';
import { renderDocument } from './render-document.ts';
import { documentInput } from './test-document-input.ts';
import { canReadText, embeddedFonts, pageImages, pageTexts } from './test-pdf.ts';
import { diagonalPng } from './test-png.ts';
import type { CertificateEvent, FinishInput, RenderedDocument } from './types.ts';

/** The signed document and its certificate of completion (docs/architecture.md, “Signed documents”). */

const REFERENCE = '0b9f6c2e-4a51-4c8e-9d3f-2f1a7e5b8c90';
const PNG = diagonalPng(40, 20);

let unsigned: RenderedDocument;
let input: FinishInput;
let finished: Uint8Array;

const events = (count: number): CertificateEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    at: new Date(Date.UTC(2025, 1, 1, 9, i)).toISOString(),
    action: ['created', 'sent', 'opened', 'code sent', 'signed'][i % 5]!,
    signer: i % 2 ? 'Zoë Ångström' : '王小明',
    address: `203.0.113.${i % 250}`,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    detail: i === 3 ? 'Code sent to w***@buyer.example' : null,
  }));

beforeAll(async () => {
  unsigned = await renderDocument(documentInput('ipu', 3));
  input = {
    pdf: unsigned.pdf,
    boxes: unsigned.boxes,
    signatures: [
      {
        position: 2,
        name: 'Zoë Ångström',
        signedAt: '2025-02-03T10:15:00.000Z',
        kind: 'typed',
        text: 'Zoë Ångström',
      },
      { position: 1, name: '王小明', signedAt: '2025-02-02T08:00:30.000Z', kind: 'drawn', png: PNG },
    ],
    certificate: {
      reference: REFERENCE,
      kind: 'ipu',
      documentSha256: createHash('sha256').update(unsigned.pdf).digest('hex'),
      signers: [
        {
          position: 1,
          role: 'Buyer',
          name: '王小明',
          email: 'wang@buyer.example',
          signedAt: '2025-02-02T08:00:30.000Z',
          address: '203.0.113.7',
          userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
        },
        {
          position: 2,
          role: 'Supplier',
          name: 'Zoë Ångström',
          email: 'zoe@supplier.example',
          signedAt: '2025-02-03T10:15:00.000Z',
          address: '2001:db8::1',
          userAgent: null,
        },
      ],
      events: events(6),
    },
  };
  finished = await finishDocument(input);
});

describe('finishDocument', () => {
  it('keeps the document pages, adds the certificate after them, and the drawn PNG in its box', async () => {
    const before = await PDFDocument.load(unsigned.pdf);
    const after = await PDFDocument.load(finished, { updateMetadata: false });
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    expect(after.getTitle()).toBe('Irrevocable payment undertaking');
    expect(after.getCreationDate()?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(after.getModificationDate()?.toISOString()).toBe('2025-02-03T10:15:00.000Z');
    const boxPage = unsigned.boxes.find((box) => box.position === 1)!.page;
    expect(pageImages(after, boxPage)).toEqual([{ width: 40, height: 20 }]);
    expect(pageImages(before, boxPage)).toEqual([]);
    expect([...embeddedFonts(after).keys()]).toContain('RFSIGC+NotoSansSC-Regular');
  });

  it('gives the same bytes for the same input', async () => {
    expect(Buffer.from(await finishDocument(input)).equals(Buffer.from(finished))).toBe(true);
  });

  it('flows many events over certificate pages', async () => {
    const many = await finishDocument({
      ...input,
      certificate: { ...input.certificate, events: events(80) },
    });
    const pages =
      (await PDFDocument.load(many)).getPageCount() - (await PDFDocument.load(unsigned.pdf)).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(3);
    if (!canReadText) return;
    const certificatePages = pageTexts(many).slice(-pages);
    certificatePages.forEach((page, i) => {
      expect(page).toContain(`Reference ${REFERENCE} · certificate page ${i + 1} of ${pages}`);
      if (i > 0) expect(page).toMatch(/Time\s+Action\s+Signer\s+Address\s+Details and user agent/);
    });
    const times = certificatePages.join('\n').match(/2025-02-01 \d\d:\d\d:00 UTC/g);
    expect(new Set(times)).toHaveProperty('size', 80);
  });

  it('refuses a certificate for another file, a signer left unsigned or a box missing, naming each', async () => {
    const other = { ...input.certificate, documentSha256: '0'.repeat(64) };
    await expect(finishDocument({ ...input, certificate: other })).rejects.toThrow(
      `the certificate names the document ${'0'.repeat(64)}`,
    );
    await expect(finishDocument({ ...input, signatures: input.signatures.slice(0, 1) })).rejects.toThrow(
      'signer 1 has 0 signatures',
    );
    const stray = { ...input.signatures[0]!, position: 9 };
    await expect(finishDocument({ ...input, signatures: [...input.signatures, stray] })).rejects.toThrow(
      'signer 9 has no signature box',
    );
    const broken = input.signatures.map((mark) => ({
      ...mark,
      text: '',
      png: new Uint8Array(),
      signedAt: 'yesterday',
    }));
    await expect(finishDocument({ ...input, signatures: broken })).rejects.toThrow(
      /typed signature without text.*drawn signature without a PNG.*Not an ISO 8601 time: "yesterday"/,
    );
  });
});

describe.skipIf(!canReadText)('finishDocument, as read by pdftotext', () => {
  it('signs each box: the typed text, who signed when, and the time on the "Signed on" line', () => {
    const text = pageTexts(finished).join('\n');
    expect(text).toContain('Signed electronically by 王小明 on 2025-02-02 08:00:30 UTC');
    expect(text).toContain('Signed electronically by Zoë Ångström on 2025-02-03 10:15:00 UTC');
    expect(text).toMatch(/Signed on:\s+2025-02-02 08:00:30 UTC/);
    expect(text).toMatch(/Signed on:\s+2025-02-03 10:15:00 UTC/);
    expect(text.match(/Zoë Ångström/g)!.length).toBeGreaterThan(
      pageTexts(unsigned.pdf)
        .join('\n')
        .match(/Zoë Ångström/g)!.length,
    );
  });

  it('prints the certificate: document, SHA-256, signers with address and user agent, every event, the seal', () => {
    const certificate = pageTexts(finished).at(-1)!;
    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain(REFERENCE);
    expect(certificate).toContain('Irrevocable payment undertaking (ipu), 2 pages');
    expect(certificate).toContain(input.certificate.documentSha256);
    expect(certificate).toMatch(/1\s+Buyer\s+王小明\s+2025-02-02 08:00:30 UTC\s+203\.0\.113\.7/);
    expect(certificate).toMatch(/2\s+Supplier\s+Zoë Ångström\s+2025-02-03 10:15:00 UTC\s+2001:db8::1/);
    expect(certificate).toContain('iPhone');
    expect(certificate).toContain('zoe@supplier.example');
    for (const event of input.certificate.events) expect(certificate).toContain(event.address);
    expect(certificate).toContain('Code sent to w***@buyer.example');
    expect(certificate).toContain("sealed with the platform's digital signature");
    expect(certificate).toContain(`Reference ${REFERENCE} · certificate page 1 of 1`);
  });
});
