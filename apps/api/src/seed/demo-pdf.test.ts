import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SIGNING_LIMITS } from '@rf/domain';
import { detectContentType } from '../files/allowed-types.ts';
import { logoPng, samplePdf } from './demo-pdf.ts';
import { drawnSignature } from './signature-drawing.ts';

describe('samplePdf', () => {
  const bytes = samplePdf({
    title: 'Certificate of Incorporation',
    subtitle: 'Müller & Søn (Zürich) AG',
    lines: ['Register number: CHE-123.456.789', `Łódź branch \\ ${'long words '.repeat(20)}`],
  });
  const text = bytes.toString('latin1');

  it('is a PDF by its content, as an upload of it would be typed', async () => {
    expect(await detectContentType(bytes, { name: 'x', complete: true })).toBe('application/pdf');
    expect(bytes.length).toBeLessThan(2048);
  });

  it('has a cross-reference table whose offsets point at its objects, and startxref at the table', () => {
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(7);
    for (const [i, offset] of entries.entries())
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj\n`)).toBe(true);
  });

  it('declares the exact length of its content stream', () => {
    const m = /<< \/Length (\d+) >>\nstream\n/.exec(text);
    const start = (m?.index ?? 0) + (m?.[0].length ?? 0);
    expect(text.slice(start + Number(m?.[1]), start + Number(m?.[1]) + 10)).toBe('\nendstream');
  });

  it('shows the title and the lines, escaping parentheses and backslashes and wrapping long lines', () => {
    expect(text).toContain('/Title (Certificate of Incorporation)');
    expect(text).toContain('(Müller & Søn \\(Zürich\\) AG) Tj');
    expect(text).toContain('(Lódz branch \\\\ long words');
    const shown = [...text.matchAll(/\(([^()]*)\) Tj/g)].map((m) => m[1] ?? '');
    expect(Math.max(...shown.map((s) => s.length))).toBeLessThanOrEqual(92);
  });
});

describe('logoPng', () => {
  it('is a 96×96 RGB PNG whose pixel data inflates to the full image, in a colour of the name', async () => {
    const png = logoPng('Northwind Textiles Ltd');
    expect(await detectContentType(png, { name: 'logo.png', complete: true })).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(96);
    expect(png.readUInt32BE(20)).toBe(96);
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe(96 * (96 * 3 + 1));
    expect(logoPng('Alpine Machinery AG').equals(png)).toBe(false);
  });
});

describe('drawnSignature', () => {
  it('is a 360×120 RGBA PNG of transparent paper and dark-blue ink, the same for the same name', async () => {
    const png = drawnSignature('Omar Haddad');
    expect(await detectContentType(png, { name: 'signature.png', complete: true })).toBe('image/png');
    expect(png.length).toBeLessThan(SIGNING_LIMITS.drawnSignatureBytes);
    expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]]).toEqual([360, 120, 8, 6]);
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(raw.length).toBe(120 * (360 * 4 + 1));
    const alphas = Array.from(
      { length: 120 * 360 },
      (_, i) => raw[Math.floor(i / 360) * (360 * 4 + 1) + 1 + (i % 360) * 4 + 3],
    );
    const inked = alphas.filter((a) => a === 255).length;
    // A stroke, not a smear: a few per cent of the pixels are ink.
    expect(inked / alphas.length).toBeGreaterThan(0.01);
    expect(inked / alphas.length).toBeLessThan(0.2);
    expect(drawnSignature('Omar Haddad').equals(png)).toBe(true);
    expect(drawnSignature('Sam Patel').equals(png)).toBe(false);
  });
});
