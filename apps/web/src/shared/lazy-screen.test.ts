import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, loadChunk } from './lazy-screen.ts';

describe('loadChunk', () => {
  it('retries a failed chunk once', async () => {
    const importer = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ ok: 1 });
    await expect(loadChunk(importer)).resolves.toEqual({ ok: 1 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
  it('gives up after the retry with "Loading chunk failed"', async () => {
    const importer = vi.fn().mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const error = await loadChunk(importer).catch((e: unknown) => e);
    expect(importer).toHaveBeenCalledTimes(2);
    expect(String(error)).toMatch(/Loading chunk failed/);
    expect(isChunkLoadError(error)).toBe(true);
  });
  it('times out a chunk that never arrives', async () => {
    const error = await loadChunk(() => new Promise(() => undefined), 20).catch((e: unknown) => e);
    expect(String(error)).toMatch(/Loading chunk failed: timed out/);
  });
});
