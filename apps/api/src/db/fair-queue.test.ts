import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { FairQueue, inLane } from './fair-queue.ts';

describe('the embedded database shares its one connection fairly', () => {
  it('runs a waiting task of another lane after at most one task of a busy lane', async () => {
    const queue = new FairQueue();
    const done: string[] = [];
    const task = (name: string) => () => queue.run(async () => void done.push(name));
    const heavy = inLane('heavy', () => Array.from({ length: 50 }, (_, i) => task(`h${i}`)()));
    const light = inLane('light', () => [task('l0')(), task('l1')()]);
    await Promise.all([...heavy, ...light]);
    expect(done.indexOf('l0')).toBeLessThanOrEqual(2);
    expect(done.indexOf('l1')).toBeLessThanOrEqual(4);
    // Each lane keeps its own order.
    expect(done.filter((d) => d.startsWith('h'))).toEqual(Array.from({ length: 50 }, (_, i) => `h${i}`));
  });

  it('passes results and errors back to the task that asked', async () => {
    const queue = new FairQueue();
    await expect(queue.run(async () => 42)).resolves.toBe(42);
    await expect(queue.run(async () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(
      queue.run(() => {
        throw new Error('sync');
      }),
    ).rejects.toThrow('sync');
    await expect(queue.run(async () => 'still running')).resolves.toBe('still running');
  });

  it("answers one user's query while another's heavy batch is queued on PGlite", async () => {
    const db = await openDatabase('memory://');
    try {
      const finished: string[] = [];
      const heavy = inLane('batch-user', () =>
        Array.from({ length: 40 }, (_, i) =>
          db
            .query('SELECT count(*) FROM generate_series(1, 20000) a, generate_series(1, 5) b')
            .then(() => void finished.push(`heavy${i}`)),
        ),
      );
      const light = inLane('other-user', () => db.query('SELECT 1').then(() => void finished.push('light')));
      await Promise.all([...heavy, light]);
      // After the heavy statement already running and at most one more, not after all 40.
      expect(finished.indexOf('light')).toBeLessThanOrEqual(2);
    } finally {
      await db.close();
    }
  });
});
