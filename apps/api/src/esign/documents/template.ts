import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DocumentInput, DocumentKind, Party } from './types.ts';

/**
 * The legal text of each document, read from docs/esign-templates at every rendering, its
 * placeholders filled from the document's input (docs/esign-templates/README.md, “Placeholders”).
 * The folder is found from this file's own place in the repository, so the server run from the
 * source tree and the tests read the same files.
 */
const TEMPLATE_DIR = fileURLToPath(new URL('../../../../../docs/esign-templates/', import.meta.url));

const TEMPLATE_FILE: Record<DocumentKind, string> = {
  ipu: 'ipu.md',
  offer_notice: 'offer-notice.md',
  raa_offer_notice: 'raa-offer-notice.md',
};

export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'item'; marker: string; text: string };

export interface LegalText {
  title: string;
  blocks: Block[];
}

const PARTIES = ['supplier', 'buyer', 'spv', 'investor'] as const;
const PARTY_FIELDS = ['name', 'address', 'country', 'registration'] as const;

/** Every placeholder a template may use, with its value in `input` (null when the input has none). */
export function placeholderValues(input: DocumentInput): Map<string, string | null> {
  // One line each, so a value cannot start a heading or a paragraph of its own.
  const oneLine = (value: string | null | undefined): string | null =>
    value?.replace(/\s+/g, ' ').trim() || null;
  const values = new Map<string, string | null>([
    ['reference', oneLine(input.reference)],
    ['issuedOn', oneLine(input.issuedOn)],
  ]);
  for (const key of PARTIES) {
    const party: Party | null | undefined = input[key];
    for (const field of PARTY_FIELDS) values.set(`${key}.${field}`, oneLine(party?.[field]));
  }
  return values;
}

/** `template` with each `{{name}}` replaced; an unknown name or one without a value is refused. */
export function fillPlaceholders(template: string, values: ReadonlyMap<string, string | null>): string {
  return template.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, name: string) => {
    if (!values.has(name)) throw new Error(`Unknown placeholder {{${name}}} in a document template`);
    const value = values.get(name);
    if (value == null) throw new Error(`The document has no value for the placeholder {{${name}}}`);
    return value;
  });
}

const ITEM = /^(\d+\.|-)\s+(.*)$/;

/**
 * The blocks of a template (docs/esign-templates/README.md, “Format”): the first `# ` line is the
 * title, `## ` lines headings, list items (`1. `, `- `) and paragraphs separated by blank lines.
 */
export function parseTemplate(markdown: string): LegalText {
  let title = '';
  const blocks: Block[] = [];
  let open: Block | null = null;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const item = ITEM.exec(line);
    if (!line) open = null;
    else if (line.startsWith('# ') && !title) title = line.slice(2).trim();
    else if (line.startsWith('## ')) {
      blocks.push({ type: 'heading', text: line.slice(3).trim() });
      open = null;
    } else if (item) {
      open = { type: 'item', marker: item[1] === '-' ? '•' : item[1]!, text: item[2]! };
      blocks.push(open);
    } else if (open) open.text += ` ${line}`;
    else {
      open = { type: 'paragraph', text: line };
      blocks.push(open);
    }
  }
  if (!title) throw new Error('A document template starts with a "# Title" line');
  return { title, blocks };
}

/** The title and legal text of `input`'s document, its placeholders filled. */
export async function legalText(input: DocumentInput): Promise<LegalText> {
  const template = await readFile(`${TEMPLATE_DIR}${TEMPLATE_FILE[input.kind]}`, 'utf8');
  return parseTemplate(fillPlaceholders(template, placeholderValues(input)));
}
