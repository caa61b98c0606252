/** A report's period: ISO days, both included. */
export interface Period {
  readonly from: string;
  readonly to: string;
}

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** This quarter so far: its first day to `today`. */
export function quarterToDate(today: string): Period {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return { from: iso(y, Math.floor((m - 1) / 3) * 3 + 1, 1), to: today };
}

/** The whole quarter before the one `today` is in. */
export function lastQuarter(today: string): Period {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const start = Math.floor((m - 1) / 3) * 3 + 1 - 3;
  const year = start < 1 ? y - 1 : y;
  const first = start < 1 ? start + 12 : start;
  return { from: iso(year, first, 1), to: iso(year, first + 2, lastDay(year, first + 2)) };
}

/** The year so far: 1 January to `today`. */
export function yearToDate(today: string): Period {
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why the period cannot be asked for, or null (the server checks again). */
export function periodProblem(p: Period): string | null {
  if (!DAY.test(p.from) || !DAY.test(p.to)) return 'Choose both days of the period.';
  if (p.from > p.to) return 'The period must not end before it starts.';
  return null;
}
