import { describe, expect, it } from 'vitest';
import { fillPlaceholders, legalText, parseTemplate, placeholderValues } from './template.ts';
import { documentInput } from './test-document-input.ts';
import type { DocumentKind } from './types.ts';

const KINDS: DocumentKind[] = ['ipu', 'offer_notice', 'raa_offer_notice'];

describe('document templates', () => {
  it.each(KINDS)(
    '%s: docs/esign-templates has a title and legal text, every placeholder filled',
    async (kind) => {
      const input = documentInput(kind);
      const legal = await legalText(input);
      expect(legal.title.length).toBeGreaterThan(5);
      expect(legal.blocks.filter((block) => block.type === 'heading').length).toBeGreaterThanOrEqual(2);
      const text = legal.blocks.map((block) => block.text).join('\n');
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(text).toContain(input.supplier.name);
      expect(text).toContain(input.buyer.name);
      expect(text).toContain(input.reference);
      expect(text).toContain(input.issuedOn);
      if (kind !== 'ipu') expect(text).toContain(input.spv!.name);
    },
  );

  it('refuses an unknown placeholder and one the document has no value for', () => {
    const values = placeholderValues({ ...documentInput('ipu'), spv: null });
    expect(fillPlaceholders('{{ buyer.name }} pays', values)).toBe('株式会社 東京 Trading (北京) pays');
    expect(() => fillPlaceholders('{{buyer.iban}}', values)).toThrow('Unknown placeholder {{buyer.iban}}');
    expect(() => fillPlaceholders('{{spv.name}}', values)).toThrow(
      'no value for the placeholder {{spv.name}}',
    );
  });

  it('puts a value on one line, so it cannot start a heading', () => {
    const input = documentInput('ipu');
    const values = placeholderValues({ ...input, buyer: { name: 'Acme\n## Waiver\nnone' } });
    const legal = parseTemplate(fillPlaceholders('# T\n\n{{buyer.name}} pays.', values));
    expect(legal.blocks).toEqual([{ type: 'paragraph', text: 'Acme ## Waiver none pays.' }]);
  });

  it('reads the title, headings, list items and paragraphs of the Markdown', () => {
    const legal = parseTemplate(
      '# Title\n\n## Terms\n\nFirst line\nsecond line.\n\n1. One\n   continued.\n2. Two\n- Bullet\n\nLast.',
    );
    expect(legal).toEqual({
      title: 'Title',
      blocks: [
        { type: 'heading', text: 'Terms' },
        { type: 'paragraph', text: 'First line second line.' },
        { type: 'item', marker: '1.', text: 'One continued.' },
        { type: 'item', marker: '2.', text: 'Two' },
        { type: 'item', marker: '•', text: 'Bullet' },
        { type: 'paragraph', text: 'Last.' },
      ],
    });
    expect(() => parseTemplate('No title')).toThrow('"# Title"');
  });
});
