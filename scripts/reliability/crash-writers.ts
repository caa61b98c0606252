import { randomBytes } from 'node:crypto';
import { RefusedError, gqlData, upload } from './api-client.ts';
import type { Ledger } from './crash-ledger.ts';

/**
 * The stream of writes the crash run kills the server under: each writer, in a loop, creates a
 * Director of the run's supplier, retitles one of the directors it made (with the `_version` it
 * was acknowledged at), or uploads a PDF of 1–64 KB. Each writer updates only its own records, one
 * request at a time, so a record has at most one update whose outcome is unknown.
 */

export interface WriterTarget {
  readonly url: string;
  readonly token: string;
  readonly supplierId: string;
}

let serial = 0;

/** A small PDF (the upload check reads the type from the content) with random filler. */
export function pdfWithFiller(): Uint8Array {
  const filler = randomBytes(1024 + Math.floor(Math.random() * 63 * 1024)).toString('base64');
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${filler}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

async function createDirector(
  target: WriterTarget,
  ledger: Ledger,
  mine: string[],
  run: string,
): Promise<void> {
  const name = `crash ${run} director ${++serial}`;
  try {
    const data = await gqlData<{ createDirector: { id: string; _version: number } }>(
      target.url,
      target.token,
      'mutation ($input: CreateDirectorInput!) { createDirector(input: $input) { id _version } }',
      { input: { supplierId: target.supplierId, director_name: name } },
    );
    ledger.created(data.createDirector.id, name, data.createDirector._version);
    mine.push(data.createDirector.id);
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    ledger.unanswered({ createName: name });
    throw error;
  }
}

async function retitle(target: WriterTarget, ledger: Ledger, id: string): Promise<void> {
  const record = ledger.records.get(id);
  if (!record) return;
  const title = `title ${++serial}`;
  try {
    const data = await gqlData<{ updateDirector: { _version: number; director_jobtitle: string } }>(
      target.url,
      target.token,
      'mutation ($input: UpdateDirectorInput!) { updateDirector(input: $input) { _version director_jobtitle } }',
      { input: { id, _version: record.version, director_jobtitle: title } },
    );
    ledger.updated(id, data.updateDirector.director_jobtitle, data.updateDirector._version);
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    ledger.unanswered({ update: { id, title } });
    throw error;
  }
}

async function uploadOne(target: WriterTarget, ledger: Ledger): Promise<void> {
  const bytes = pdfWithFiller();
  try {
    const stored = await upload(target.url, target.token, `crash-${++serial}.pdf`, bytes);
    ledger.uploaded(stored.key, bytes);
  } catch (error) {
    if (error instanceof RefusedError) throw error;
    ledger.unanswered({});
    throw error;
  }
}

/**
 * Writes until a request fails without an answer (the server is gone). A refusal (an answer with
 * an error) is a defect of the run, not a crash: it ends the run with the error.
 */
export async function writeUntilKilled(
  target: WriterTarget,
  ledger: Ledger,
  mine: string[],
  run: string,
): Promise<void> {
  for (;;) {
    const dice = Math.random();
    try {
      if (dice < 0.5 || mine.length === 0) await createDirector(target, ledger, mine, run);
      else if (dice < 0.75) await retitle(target, ledger, mine[Math.floor(Math.random() * mine.length)]!);
      else await uploadOne(target, ledger);
    } catch (error) {
      if (error instanceof RefusedError) throw error;
      return;
    }
  }
}
