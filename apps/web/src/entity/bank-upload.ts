import { getIdToken, refreshTokens } from '../auth/session.ts';
import { RequestError } from '../shared/errors.ts';

/**
 * The bank REST calls of the statement import
 * (docs/business-rules.md, “Payments and reconciliation”): `POST /bank/statements` imports a
 * camt.053/054 or CSV file into a remittance or collection account, `POST /bank/statements/preview`
 * shows a CSV file's first rows for its column mapping. Both send the identity token as the GraphQL
 * client does and report the upload's progress (XMLHttpRequest: fetch has no upload progress); a
 * refusal is thrown with the server's own message.
 */

/** How a CSV statement's columns map to entry fields, as the server reads it (saved per account). */
export interface CsvMapping {
  readonly delimiter?: CsvDelimiter;
  readonly hasHeader?: boolean;
  readonly dateFormat?: CsvDateFormat;
  readonly decimalSeparator?: '.' | ',';
  readonly bookingDate: string;
  readonly valueDate?: string;
  /** One signed amount column, or credit and debit columns (both unsigned). */
  readonly amount?: string;
  readonly credit?: string;
  readonly debit?: string;
  readonly currency?: string;
  /** When the file has no currency column. */
  readonly defaultCurrency?: string;
  readonly reference?: string;
  readonly counterpartyName?: string;
  readonly counterpartyIban?: string;
  readonly remittanceInformation?: string;
  readonly description?: string;
}

export type CsvDelimiter = ',' | ';' | '\t';
export type CsvDateFormat = 'YYYY-MM-DD' | 'DD.MM.YYYY' | 'DD/MM/YYYY' | 'MM/DD/YYYY';

/** What an import brought, as the server counted it. */
export interface StatementImportResult {
  readonly importId: string;
  readonly format: string;
  readonly statements: number;
  readonly entries: number;
  /** New transactions. */
  readonly created: number;
  /** Entries the account had already. */
  readonly duplicates: number;
  /** Pending transactions this statement shows booked. */
  readonly posted: number;
  /** Payments the platform matched on its own (collections to requests, debits to payouts). */
  readonly matched: number;
  readonly warnings: readonly string[];
  readonly transactionIds: readonly string[];
}

/** A CSV file's header (or column numbers without one) and first rows. */
export interface CsvPreview {
  readonly delimiter: CsvDelimiter;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The upload's progress: the share of the file sent, then `null` while the server reads it. */
export type UploadProgress = (sent: number | null) => void;

export const STATEMENTS_URL = '/bank/statements';
export const PREVIEW_URL = '/bank/statements/preview';

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The refusal's message: the server's `{ error, message }`, else what the status says. */
export function refusalMessage(status: number, body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  if (status === 0) return 'The upload failed: no connection to the server.';
  if (status === 401) return 'Your session has ended. Sign in again, then upload the file once more.';
  if (status === 413) return 'The file is too large for a statement import.';
  return `The server could not take the file (HTTP ${status}).`;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

function send(
  url: string,
  form: FormData,
  token: string | null,
  onProgress?: UploadProgress,
): Promise<Answer> {
  return new Promise<Answer>((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress?.(Math.min(1, e.loaded / e.total));
    };
    // Sent: the server now reads the file.
    xhr.upload.onload = () => onProgress?.(null);
    xhr.onload = () => resolve({ status: xhr.status, body: parseBody(xhr.responseText) });
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}

/** Posts the form with the token; once more with a fresh token when the first is refused as expired. */
async function post<T>(url: string, form: () => FormData, onProgress?: UploadProgress): Promise<T> {
  let answer = await send(url, form(), await getIdToken(), onProgress);
  if (answer.status === 401) {
    const next = await refreshTokens().catch(() => null);
    if (next) answer = await send(url, form(), next.idToken, onProgress);
  }
  if (answer.status >= 200 && answer.status < 300 && answer.body && typeof answer.body === 'object')
    return answer.body as T;
  const code = (answer.body as { error?: unknown } | null)?.error;
  throw new RequestError({
    message: refusalMessage(answer.status, answer.body),
    url,
    status: answer.status,
    ...(typeof code === 'string' ? { code } : {}),
  });
}

/** Imports a statement file into the account; a CSV file is read with `mapping` (else the account's saved one). */
export function uploadStatement(
  input: { accountId: string; file: File; mapping?: CsvMapping | null },
  onProgress?: UploadProgress,
): Promise<StatementImportResult> {
  return post<StatementImportResult>(
    STATEMENTS_URL,
    () => {
      const form = new FormData();
      form.append('accountId', input.accountId);
      if (input.mapping) form.append('mapping', JSON.stringify(input.mapping));
      form.append('file', input.file, input.file.name);
      return form;
    },
    onProgress,
  );
}

/** The first rows of a CSV file, split with the given delimiter (detected when not given). */
export function previewCsvStatement(
  file: File,
  options: { delimiter?: CsvDelimiter; hasHeader?: boolean } = {},
  onProgress?: UploadProgress,
): Promise<CsvPreview> {
  return post<CsvPreview>(
    PREVIEW_URL,
    () => {
      const form = new FormData();
      if (options.delimiter !== undefined || options.hasHeader !== undefined)
        form.append('mapping', JSON.stringify(options));
      form.append('file', file, file.name);
      return form;
    },
    onProgress,
  );
}
