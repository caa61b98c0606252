/** The dates the documents print and the PDF metadata hold, read only from their input. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day "YYYY-MM-DD" that exists. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Midnight UTC of a day "YYYY-MM-DD". */
export function startOfDay(value: string): Date {
  if (!isDay(value)) throw new Error(`Not a day (YYYY-MM-DD): "${value}"`);
  return new Date(`${value}T00:00:00Z`);
}

/** An ISO 8601 time with a date and a time, refused when it names no instant. */
export function instant(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error(`Not an ISO 8601 time: "${value}"`);
  return date;
}

/** "2025-03-14 09:26:53 UTC" */
export function utcText(value: string): string {
  return `${instant(value).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
