import type { Readable } from 'node:stream';

/**
 * Where file bytes live; the routes and operations only see this interface (the drivers implement
 * it, `create-file-store.ts` picks one).
 */
export interface FileStore {
  /** Streams `stream` to `key`. Resolves once stored; when it rejects, nothing is left under `key`. */
  put(key: string, stream: Readable, contentType: string): Promise<void>;
  /** Opens `key` for reading; rejects with FileNotFoundError when absent. */
  get(key: string): Promise<{ stream: Readable; size: number }>;
  /** Removes `key`; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}`);
    this.name = 'FileNotFoundError';
  }
}
