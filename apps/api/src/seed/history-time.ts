import type { Rng } from './prng.ts';

/** Times of the demo's status changes (history.ts), as epoch milliseconds. */

export const MINUTE = 60_000;
export const DAY = 86_400_000;

export const msOfIso = (iso: string): number => Date.parse(iso);
export const isoOf = (ms: number): string => new Date(ms).toISOString();

/** Days between two moves, drawn uniformly from [min, max]. */
export type Gap = readonly [min: number, max: number];

/**
 * One time per gap, strictly ascending after `start`: each move lands `gap` days after the one
 * before, in office hours (08:00–18:00 UTC), or an hour or two later on the same day. When the
 * moves do not fit before `end` (a request paid out the day after it came in), they happen on the
 * same day one after the other, or failing that are spread evenly over the window, at least half
 * an hour apart.
 */
export function schedule(rng: Rng, start: number, end: number, gaps: readonly Gap[]): number[] {
  // Both drawn whatever is used, so that the draws after these do not depend on the clock.
  const spaced = draw(rng, start, gaps);
  const sameDay = draw(
    rng,
    start,
    gaps.map(() => [0, 0] as const),
  );
  if ((spaced[spaced.length - 1] ?? start) <= end) return spaced;
  if ((sameDay[sameDay.length - 1] ?? start) <= end) return sameDay;
  const span = Math.max(end - start, gaps.length * 30 * MINUTE);
  return gaps.map((_, i) => start + Math.round((span * (i + 1)) / (gaps.length + 1) / 1000) * 1000);
}

function draw(rng: Rng, start: number, gaps: readonly Gap[]): number[] {
  const times: number[] = [];
  let t = start;
  for (const [min, max] of gaps) {
    const day = Math.floor(t / DAY) + rng.int(min, max);
    let next = day * DAY + rng.int(8 * 60, 18 * 60) * MINUTE;
    if (next <= t + 10 * MINUTE) next = t + rng.int(20, 120) * MINUTE;
    times.push(next);
    t = next;
  }
  return times;
}

/** A time on a `YYYY-MM-DD` date, in office hours. */
export const officeTimeOn = (rng: Rng, ymd: string): number =>
  msOfIso(`${ymd}T00:00:00.000Z`) + rng.int(8 * 60, 18 * 60) * MINUTE;
