import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loadPlatformCertificate, type PlatformCertificate } from './platform-certificate.ts';
import { sealPdf, type SealMeta } from './seal-pdf.ts';

/** Test support: a small PDF, a generated seal certificate, poppler's pdfsig. */

export const SEAL_META: SealMeta = {
  reason: 'All parties signed — sealed by the platform (Société Générale, “Łódź”)',
  name: 'Receivables platform',
  location: 'London',
  signedAt: new Date('2026-03-04T05:06:07Z'),
};

/** A one-page PDF with some text, made with pdf-lib as the envelopes' documents are. */
export async function makePdf(text = 'Assignment of receivables'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Test document');
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** A certificate generated the development way into a fresh temporary data folder. */
export const generatedCertificate = (env: NodeJS.ProcessEnv = {}): Promise<PlatformCertificate> =>
  loadPlatformCertificate({ dataDir: mkdtempSync(join(tmpdir(), 'rf-seal-')), production: false }, env);

export async function sealedPdf(cert: PlatformCertificate): Promise<Uint8Array> {
  return sealPdf(await makePdf(), cert, SEAL_META);
}

const hasPdfsig = spawnSync('pdfsig', ['-v']).error === undefined;

/** The pdfsig checks are skipped only where pdfsig is missing outside CI (`CI` unset). */
export const skipPdfsig = !hasPdfsig && !process.env.CI;

/** pdfsig's report on a PDF: its output, since it exits 0 whatever it finds. */
export function pdfsig(pdf: Uint8Array): string {
  if (!hasPdfsig) throw new Error('pdfsig (Debian package poppler-utils) is missing; .ci/run installs it');
  const file = join(mkdtempSync(join(tmpdir(), 'rf-pdfsig-')), 'document.pdf');
  writeFileSync(file, pdf);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8', timeout: 30_000 });
  return `${run.stdout}${run.stderr}`;
}
