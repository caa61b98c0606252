/**
 * Display formats (docs/architecture.md, “Loading, session and errors”): money with currency code
 * and minor unit, dates as `21 Nov 2026`.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The digits of the currencies most amounts are in, as Intl gives them (format.test.ts holds them
 * to Intl's answer): asking Intl loads its currency data, a long task on a phone's first screen.
 */
export const COMMON_DIGITS: Readonly<Record<string, number>> = { CHF: 2, EUR: 2, GBP: 2, USD: 2, JPY: 0 };

/** Each other currency's digits, asked of Intl once: making a formatter costs far more than the lookup. */
const DIGITS = new Map<string, number>(Object.entries(COMMON_DIGITS));

function minorUnitsOf(currency: string | undefined): number {
  if (!currency) return 2;
  let digits = DIGITS.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    DIGITS.set(currency, digits);
  }
  return digits;
}

/** Rounds a decimal string half-up to `digits` places, without binary floats. */
export function roundDecimal(value: string, digits: number): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign = '', intPart = '0', frac = ''] = m;
  const padded = (frac + '0'.repeat(digits + 1)).slice(0, digits + 1);
  let scaled = BigInt((intPart || '0') + padded.slice(0, digits));
  if (Number(padded.charAt(digits)) >= 5) scaled += 1n;
  const s = scaled.toString().padStart(digits + 1, '0');
  const int = s.slice(0, s.length - digits) || '0';
  const fr = digits ? s.slice(s.length - digits) : '';
  const isZero = /^0*$/.test(int + fr);
  return `${sign && !isZero ? '-' : ''}${int}${digits ? `.${fr}` : ''}`;
}

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatDecimal(value: unknown, digits: number): string {
  if (value === null || value === undefined || value === '') return '';
  const rounded = roundDecimal(String(value), digits);
  const negative = rounded.startsWith('-');
  const [int = '0', frac] = (negative ? rounded.slice(1) : rounded).split('.');
  return `${negative ? '−' : ''}${group(int)}${frac !== undefined ? `.${frac}` : ''}`;
}

/** `1234.5`, `USD` → `USD 1,234.50` */
export function formatMoney(value: unknown, currency?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const digits = minorUnitsOf(currency ?? undefined);
  const amount = formatDecimal(value, digits);
  return currency ? `${currency} ${amount}` : amount;
}

/** A rate in percent with up to four decimals: `4.5` → `4.5 %`. */
export function formatRate(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const rounded = roundDecimal(String(value), 4).replace(/\.?0+$/, '');
  return `${formatDecimal(rounded, rounded.split('.')[1]?.length ?? 0)} %`;
}

/** `2026-11-21` → `21 Nov 2026` */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return value;
  const [, y, mo, d] = m;
  return `${Number(d)} ${MONTHS[Number(mo) - 1] ?? mo} ${y}`;
}

/** An ISO date-time in local time: `21 Nov 2026, 14:05`. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function formatInteger(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return formatDecimal(String(value), 0);
}

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

/** Today as an ISO date in local time. */
export function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
