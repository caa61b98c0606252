import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from './render-document.ts';
import { documentInput, invoiceAt } from './test-document-input.ts';
import { canReadText, embeddedFonts, pageTexts, pageWords } from './test-pdf.ts';
import type { DocumentInput, RenderedDocument } from './types.ts';

/** The unsigned documents (docs/architecture.md, “Signed documents”). */

let ipu: RenderedDocument;
let raa: RenderedDocument;
let fifty: RenderedDocument;

beforeAll(async () => {
  [ipu, raa, fifty] = await Promise.all([
    renderDocument(documentInput('ipu', 3)),
    renderDocument(documentInput('raa_offer_notice', 3)),
    renderDocument(documentInput('offer_notice', 50)),
  ]);
});

const joined = (pdf: Uint8Array): string => pageTexts(pdf).join('\n');

describe('renderDocument', () => {
  it('writes an A4 PDF that pdf-lib reads back, its metadata from the input', async () => {
    const doc = await PDFDocument.load(ipu.pdf, { updateMetadata: false });
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe('Irrevocable payment undertaking');
    expect(doc.getSubject()).toContain('3 invoices of Łódź Textiles');
    expect(doc.getProducer()).toBe('Receivables platform');
    expect(doc.getKeywords()).toBe('ipu 0b9f6c2e-4a51-4c8e-9d3f-2f1a7e5b8c90');
    expect(doc.getCreationDate()?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(doc.getModificationDate()?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });

  it('gives the same bytes for the same input, and other bytes for another issue day', async () => {
    const again = await renderDocument(documentInput('ipu', 3));
    expect(Buffer.from(again.pdf).equals(Buffer.from(ipu.pdf))).toBe(true);
    expect(again.boxes).toEqual(ipu.boxes);
    const later = await renderDocument({ ...documentInput('ipu', 3), issuedOn: '2025-02-02' });
    expect(Buffer.from(later.pdf).equals(Buffer.from(ipu.pdf))).toBe(false);
  });

  it('gives one signature box per signer, in the order of their positions, inside its page', async () => {
    const input = documentInput('raa_offer_notice', 3);
    const shuffled = await renderDocument({ ...input, signers: [...input.signers].reverse() });
    expect(shuffled.boxes.map((box) => box.position)).toEqual([1, 2, 3]);
    const doc = await PDFDocument.load(raa.pdf);
    for (const box of raa.boxes) {
      const { width, height } = doc.getPage(box.page).getSize();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    }
    const [first, second] = raa.boxes;
    expect(first!.page < second!.page || first!.y > second!.y).toBe(true);
  });

  it('embeds DejaVu Sans and, for CJK names, a Noto Sans SC subset whose every glyph has an outline', async () => {
    const fonts = embeddedFonts(await PDFDocument.load(ipu.pdf));
    expect([...fonts.keys()].sort()).toEqual([
      'RFDOCB+DejaVuSans-Bold',
      'RFDOCC+NotoSansSC-Regular',
      'RFDOCR+DejaVuSans',
    ]);
    // The subset holds .notdef and each Chinese or Japanese character of the input, all drawn:
    // @pdf-lib/fontkit's subsets left most of them blank.
    const cjk = fonts.get('RFDOCC+NotoSansSC-Regular')!;
    const characters = new Set(
      [...JSON.stringify(documentInput('ipu', 3))].filter((c) => /[\p{sc=Han}\p{sc=Hiragana}]/u.test(c)),
    );
    expect(characters.size).toBe(18);
    expect(cjk.numGlyphs).toBe(characters.size + 1);
    for (let id = 1; id < cjk.numGlyphs; id += 1)
      expect(cjk.getGlyph(id).path.commands.length).toBeGreaterThan(0);

    const signers = documentInput('ipu', 1).signers.map((signer) => ({ ...signer, name: 'Zoë' }));
    const plain = await renderDocument({ ...documentInput('ipu', 1), buyer: { name: 'Zoë GmbH' }, signers });
    expect([...embeddedFonts(await PDFDocument.load(plain.pdf)).keys()]).toEqual([
      'RFDOCR+DejaVuSans',
      'RFDOCB+DejaVuSans-Bold',
    ]);
  });

  it('refuses input it cannot print, naming every problem', async () => {
    const input = documentInput('raa_offer_notice', 1);
    const bad: DocumentInput = {
      ...input,
      spv: null,
      invoices: [{ ...input.invoices[0]!, purchaseAmount: null, faceValue: '1,000.00' }],
      signers: [input.signers[0]!, { ...input.signers[1]!, position: 1 }],
    };
    await expect(renderDocument(bad)).rejects.toThrow(
      /spv has no name.*faceValue "1,000.00" is not an amount.*purchaseAmount "" is not an amount.*signer positions repeat/,
    );
    const many = {
      ...input,
      invoices: Array.from({ length: 51 }, (_, i) => invoiceAt(i, 'raa_offer_notice')),
    };
    await expect(renderDocument(many)).rejects.toThrow('51 invoices (1 to 50)');
    await expect(renderDocument({ ...input, invoices: [] })).rejects.toThrow('0 invoices (1 to 50)');
  });
});

describe.skipIf(!canReadText)('renderDocument, as read by pdftotext', () => {
  it('prints the parties, signers and legal text in every script', () => {
    const text = joined(ipu.pdf);
    for (const name of [
      'Łódź Textiles Sp. z o.o. — Zoë Ångström',
      '株式会社 東京 Trading (北京)',
      '東京都千代田区丸の内1-1',
    ])
      expect(text).toContain(name);
    expect(text).toContain('Receivables SPV Ελλάς Ltd');
    expect(text).toContain('Инвест Фонд');
    expect(text).toMatch(/صندوق|قودنص/);
    expect(text).toMatch(/קרן|ןרק/);
    expect(text).toContain('王小明 · wang@buyer.example');
    expect(text).toContain('Irrevocable payment undertaking');
    expect(text).toContain('irrevocably and unconditionally undertakes');
    expect(text).toContain('Reference 0b9f6c2e-4a51-4c8e-9d3f-2f1a7e5b8c90 · Issued on 2025-02-01');
    const signers = joined(raa.pdf);
    for (const name of [
      'Đorđe Đorđević',
      'Νίκος Παπαδόπουλος',
      'Анна Смирнова',
      '1. SPV officer',
      '3. Second SPV officer',
    ])
      expect(signers).toContain(name);
  });

  it('flows 50 invoices over pages, each printed once, the header row on every page of the schedule', () => {
    const pages = pageTexts(fifty.pdf);
    expect(pages.length).toBeGreaterThan(pageTexts(ipu.pdf).length);
    const withRows = pages.filter((page) => /INV-2025-\d{4}/.test(page));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const page of withRows)
      expect(page).toMatch(/Invoice number\s+Invoice date\s+Currency\s+Due date\s+Face value/);
    const all = pages.join('\n');
    for (let i = 1; i <= 50; i += 1)
      expect(all.match(new RegExp(`INV-2025-${String(i).padStart(4, '0')}\\b`, 'g'))).toHaveLength(1);
    pages.forEach((page, i) =>
      expect(page).toContain(
        `Reference 0b9f6c2e-4a51-4c8e-9d3f-2f1a7e5b8c90 · page ${i + 1} of ${pages.length}`,
      ),
    );
  });

  it('totals each currency exactly and apart, face values right-aligned', async () => {
    const input = documentInput('ipu', 4);
    const [a, b, c, d] = input.invoices;
    const doc = await renderDocument({
      ...input,
      invoices: [
        { ...a!, currency: 'EUR', faceValue: '0.10' },
        { ...b!, currency: 'USD', faceValue: '1000000.005' },
        { ...c!, currency: 'EUR', faceValue: '0.20' },
        { ...d!, currency: 'USD', faceValue: '0.005' },
      ],
    });
    const text = joined(doc.pdf);
    expect(text).toMatch(/^\s*EUR\s+2\s+0\.30\s*$/m);
    expect(text).toMatch(/^\s*USD\s+2\s+1,000,000\.010\s*$/m);
    const words = pageWords(doc.pdf);
    const rightEdges = ['0.10', '1,000,000.005', '0.20', '0.005', '0.30', '1,000,000.010'].map(
      (amount) => words.find((word) => word.text === amount)!.xMax,
    );
    for (const edge of rightEdges) expect(edge).toBeCloseTo(rightEdges[0]!, 1);
  });

  it('prints the purchase amount and date columns on the RAA only', () => {
    const text = joined(raa.pdf);
    expect(text).toMatch(/Face value\s+Purchase/);
    expect(text).toMatch(
      /INV-2025-0002\s+2025-01-02\s+EUR\s+2025-04-02\s+1,250\.01\s+1,190\.00\s+2025-02-03/,
    );
    expect(text).toMatch(/^\s*EUR\s+2\s+2,250\.01\s+2,140\.00\s*$/m);
    for (const other of [ipu, fifty])
      expect(joined(other.pdf)).not.toMatch(/Face value\s+Purchase|Purchase(?!r)/);
  });
});
