import { describe, expect, it } from 'vitest';
import { SlowResultCache } from './dashboard-cache.ts';

const TIMES = { slowMs: 100, freshMs: 1000, maxAgeMs: 5000, maxEntries: 2 };

/** A clock the test moves, and a computation that takes `took` ms of it and counts its runs. */
function setup() {
  let now = 0;
  const cache = new SlowResultCache<string>(TIMES, () => now);
  let runs = 0;
  const compute = (took: number, value: string) => async () => {
    runs += 1;
    now += took;
    return value;
  };
  return {
    cache,
    compute,
    runs: () => runs,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('the dashboards’ cache (docs/architecture.md, “Dashboards”)', () => {
  it('computes a quick dashboard on every read', async () => {
    const t = setup();
    expect(await t.cache.get('k', t.compute(10, 'a'))).toBe('a');
    expect(await t.cache.get('k', t.compute(10, 'b'))).toBe('b');
    expect(t.runs()).toBe(2);
  });

  it('keeps a slow one while fresh, then answers it while one computation runs in the background', async () => {
    const t = setup();
    expect(await t.cache.get('k', t.compute(200, 'a'))).toBe('a');
    t.advance(500);
    expect(await t.cache.get('k', t.compute(200, 'b'))).toBe('a');
    expect(t.runs()).toBe(1);
    t.advance(1000);
    // Stale: the kept figures now, one refresh behind them however many read meanwhile.
    const reads = await Promise.all([
      t.cache.get('k', t.compute(200, 'c')),
      t.cache.get('k', t.compute(200, 'd')),
    ]);
    expect(reads).toEqual(['a', 'a']);
    await new Promise((r) => setTimeout(r, 0));
    expect(t.runs()).toBe(2);
    expect(await t.cache.get('k', t.compute(200, 'e'))).toBe('c');
  });

  it('never answers figures older than the maximum age, and keys apart', async () => {
    const t = setup();
    await t.cache.get('k', t.compute(200, 'a'));
    expect(await t.cache.get('other', t.compute(10, 'x'))).toBe('x');
    t.advance(6000);
    expect(await t.cache.get('k', t.compute(200, 'b'))).toBe('b');
  });

  it('lets readers who arrive during a computation wait for it instead of starting another', async () => {
    const t = setup();
    const [a, b] = await Promise.all([
      t.cache.get('k', t.compute(10, 'a')),
      t.cache.get('k', t.compute(10, 'b')),
    ]);
    expect([a, b]).toEqual(['a', 'a']);
    expect(t.runs()).toBe(1);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const t = setup();
    for (const k of ['1', '2', '3']) await t.cache.get(k, t.compute(200, k));
    expect(await t.cache.get('1', t.compute(200, 'new'))).toBe('new');
    expect(await t.cache.get('3', t.compute(200, 'newer'))).toBe('3');
  });
});
