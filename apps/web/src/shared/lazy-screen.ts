import { createElement, type ComponentType } from 'react';
import { reportError } from './errors.ts';

/** Script chunks time out after 120 seconds (docs/architecture.md, “Loading, session and errors”). */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`Loading chunk failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  return (
    e instanceof ChunkLoadError ||
    /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      e.message,
    )
  );
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`timed out after ${ms / 1000} s`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Loads a chunk; a failure is reported and retried once, then surfaces as "Loading chunk failed". */
export async function loadChunk<M>(importer: () => Promise<M>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<M> {
  try {
    return await withTimeout(importer(), timeoutMs);
  } catch (first) {
    reportError(new ChunkLoadError(first), { context: 'chunk load (retrying)', silent: true });
    await new Promise((r) => setTimeout(r, 500));
    try {
      return await withTimeout(importer(), timeoutMs);
    } catch (second) {
      const error = new ChunkLoadError(second);
      reportError(error, { context: 'chunk load', silent: true });
      throw error;
    }
  }
}

/**
 * A React Router `lazy` function for a screen: the component picked from the loaded module,
 * rendered with fixed props (so one generic screen can serve many routes of the table).
 */
export function screen<M, P extends object>(
  importer: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
  props?: P,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const mod = await loadChunk(importer);
    const Picked = pick(mod);
    const Component = () => createElement(Picked, (props ?? {}) as P);
    Component.displayName = `Screen(${Picked.displayName ?? Picked.name ?? 'anonymous'})`;
    return { Component };
  };
}
