import type { Queryable } from '../db/database.ts';

/**
 * The platform's settings (docs/architecture.md, “Notifications”): today its time zone, in which
 * the daily digest goes out at 07:00. Administrators set it; everyone signed in may read it.
 */

export const DEFAULT_TIME_ZONE = 'UTC';
export const TIME_ZONE_KEY = 'timeZone';

/** An IANA time zone name the server knows ("Europe/Zurich", "UTC"); offsets and abbreviations are not. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export async function platformTimeZone(db: Queryable): Promise<string> {
  const [row] = await db.query<{ value: string }>('SELECT value FROM platform_setting WHERE key = $1', [
    TIME_ZONE_KEY,
  ]);
  return row && isTimeZone(row.value) ? row.value : DEFAULT_TIME_ZONE;
}

/** The local date (YYYY-MM-DD) and time of day of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): { date: string; hour: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}
