import type { SqlValue } from '../db/database.ts';
import type { SeedRow } from './insert.ts';
import type { SamplePdf } from './demo-pdf.ts';

/** Helpers shared by the demo file plans (demo-file-plan.ts, demo-deal-files.ts). */

/** Adds a PDF for `row.field` to the plan, named `name` (made a slug, `.pdf` added). */
export type Pdf = (row: SeedRow, field: string, name: string, doc: SamplePdf) => void;

export const text = (v: SqlValue | undefined): string => (v === null || v === undefined ? '' : String(v));
export const slug = (v: string): string =>
  v
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `1234567.5` → `1,234,567.50`. */
const MONEY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (v: SqlValue | undefined): string => MONEY.format(Number(v ?? 0));
