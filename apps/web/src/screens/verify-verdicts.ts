import type { Verification } from '../entity/signing-api.ts';

/** The verification page's reading of a verdict: its heading, its colour, and whether to trust it. */
export interface VerdictLook {
  readonly title: string;
  readonly severity: 'success' | 'error' | 'warning' | 'info';
}

const LOOKS: Record<Verification['verdict'], VerdictLook> = {
  authentic: { title: 'Authentic: sealed by this platform and unchanged since', severity: 'success' },
  modified: { title: 'Changed after it was sealed: do not rely on this file', severity: 'error' },
  unknown: { title: 'Sealed by this platform, but not on record here', severity: 'warning' },
  'not-sealed': { title: 'Not sealed by this platform', severity: 'info' },
};

export const verdictLook = (verdict: Verification['verdict']): VerdictLook =>
  LOOKS[verdict] ?? { title: 'The check gave no verdict', severity: 'warning' };

/** The largest file the server checks (`POST /esign/verify`). */
export const VERIFY_MAX_BYTES = 25 * 1024 * 1024;

/** Why a chosen file is not sent for checking, or null. */
export function verifyFileProblem(file: { name: string; type: string; size: number }): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return 'Choose a PDF file: only PDF documents carry the platform’s seal.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > VERIFY_MAX_BYTES) return 'This file is larger than 25 MB, more than any sealed document.';
  return null;
}
