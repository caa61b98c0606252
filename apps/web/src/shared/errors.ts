import { sendToSentry } from './sentry.ts';

/** An error that knows which request failed, so reports can name it. */
export class RequestError extends Error {
  readonly url: string;
  readonly status: number;
  readonly code: string | undefined;
  readonly data: unknown;
  constructor(args: { message: string; url: string; status: number; code?: string; data?: unknown }) {
    super(args.message);
    this.name = 'RequestError';
    this.url = args.url;
    this.status = args.status;
    this.code = args.code;
    this.data = args.data;
  }
}

export interface Notice {
  readonly id: number;
  readonly message: string;
  readonly severity: 'error' | 'success' | 'info' | 'warning';
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();
let counter = 0;

export function onNotice(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows a message in the app's snackbar. */
export function notify(message: string, severity: Notice['severity'] = 'success'): void {
  counter += 1;
  const notice = { id: counter, message, severity };
  for (const l of listeners) l(notice);
}

export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === 'string') return new Error(value);
  return new Error('Something went wrong. Please try again.');
}

/**
 * The one error helper: reports to the error service (with the failing request URL when there is
 * one) and shows the message to the user. `silent` reports without showing.
 */
export function reportError(value: unknown, options: { context?: string; silent?: boolean } = {}): Error {
  const error = toError(value);
  const url = error instanceof RequestError ? error.url : undefined;
  sendToSentry(error, { url, context: options.context });
  if (import.meta.env.DEV) console.error(options.context ?? 'error', error);
  if (!options.silent) notify(error.message, 'error');
  return error;
}
