import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectContentType } from '../files/allowed-types.ts';
import { logoPng, samplePdf } from './demo-pdf.ts';

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
