/** `YYYY-MM-DD` for a day that exists (no 2026-02-30), else null. */
export function calendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The date of an ISO 8601 date or date-time (`2026-03-02`, `2026-03-02+01:00`,
 * `2026-03-02T09:15:00+01:00`) as the bank wrote it, without converting the time zone; null when
 * it does not start with a real date.
 */
export function isoDatePart(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T+\-Z ])/.exec(value);
  if (!match) return null;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}
