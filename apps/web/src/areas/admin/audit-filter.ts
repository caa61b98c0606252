import type { AuditFilter } from '../../entity/audit-api.ts';

/** The audit screen's filters in its address (`?user=…&org=…&model=…&record=…&from=…&to=…`). */
export const AUDIT_PARAMS = ['user', 'org', 'model', 'record', 'from', 'to'] as const;
export type AuditParam = (typeof AUDIT_PARAMS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a day (YYYY-MM-DD) in the browser's time zone, as the screen shows times. */
function startOfDay(day: string, plusDays = 0): string | undefined {
  if (!DAY.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const real = new Date(y, m - 1, d);
  if (real.getFullYear() !== y || real.getMonth() !== m - 1 || real.getDate() !== d) return undefined;
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/**
 * The API's filter from the address: the period runs from the start of `from` to the end of `to`,
 * both days included; a malformed day is left out rather than sent.
 */
export function auditFilterOf(params: URLSearchParams): AuditFilter {
  const value = (name: AuditParam) => params.get(name)?.trim() || undefined;
  const from = startOfDay(value('from') ?? '');
  const to = startOfDay(value('to') ?? '', 1);
  const filter: Record<string, string> = {};
  const user = value('user');
  const org = value('org');
  const model = value('model');
  const record = value('record');
  if (user) filter.userId = user;
  if (org) filter.organisationId = org;
  if (model) filter.model = model;
  if (record) filter.recordId = record;
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
}
