import { EXPIRY_NOTICE_DAYS, expiringPoliciesFilter } from '@rf/domain';
import type { ModelName } from '@rf/domain/entity';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Filter } from './queries.ts';

/**
 * Filters a list takes from its address besides search and status (list-state.ts), so a figure
 * elsewhere (a dashboard card) can open the list of the records it counts: `currency` (a line's or
 * a request's currency), `due=past` (Approved requests whose invoice fell due before today, the
 * platform's date in UTC, docs/business-rules.md, “Dashboards”) and
 * `flag=duplicate` (requests awaiting a decision flagged as possible duplicates,
 * docs/business-rules.md, “Submission checks and duplicate invoices”) and `expiry=soon` (Active
 * credit-insurance policies ending within the expiry notice's days, docs/business-rules.md, “Credit insurance”).
 * Each becomes filter input the server answers.
 */
export interface UrlFilter {
  /** The address parameter that holds it (removing it drops the filter). */
  readonly param: string;
  readonly label: string;
  readonly filter: Filter;
}

const CURRENCY_FIELD: Partial<Record<ModelName, string>> = {
  Request: 'invoice_currency',
  Buyer: 'buyer_currency',
};

/** The platform's date (UTC), as the server dates what is past due. */
export const platformToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** The filters `params` asks of a list of `model`; parameters the model has no field for are ignored. */
export function urlFiltersOf(model: ModelName, params: URLSearchParams, today: string): UrlFilter[] {
  const filters: UrlFilter[] = [];
  const currency = params.get('currency');
  const currencyField = CURRENCY_FIELD[model];
  if (currencyField && currency && /^[A-Z]{3}$/.test(currency))
    filters.push({
      param: 'currency',
      label: `Currency ${currency}`,
      filter: { [currencyField]: { eq: currency } },
    });
  if (model === 'Request' && params.get('due') === 'past')
    filters.push({
      param: 'due',
      label: 'Past due',
      filter: { and: [{ request_status: { eq: 'Approved' } }, { invoice_due_date: { lt: today } }] },
    });
  if (model === 'Request' && params.get('flag') === 'duplicate')
    filters.push({
      param: 'flag',
      label: 'Possible duplicates',
      // Flagged and still awaiting a decision: the flag blocks the approval until it is cleared.
      filter: {
        and: [
          { possible_duplicate_of: { attributeExists: true } },
          {
            or: [{ request_status: { eq: 'Under Review' } }, { request_status: { eq: 'Documents Pending' } }],
          },
        ],
      },
    });
  if (model === 'Insurance' && params.get('expiry') === 'soon')
    filters.push({
      param: 'expiry',
      label: `Expiring within ${EXPIRY_NOTICE_DAYS} days`,
      filter: expiringPoliciesFilter(today),
    });
  return filters;
}

/** The address without the filter `param`, back on the list's first page. */
export function withoutUrlFilter(params: URLSearchParams, param: string): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of [param, 'page', 'after']) next.delete(k);
  return next;
}

/**
 * The main list's address filters and a way to drop one; none for a list with a prefix or a
 * compact one (a detail screen's related records).
 */
export function useUrlFilters(model: ModelName, enabled: boolean) {
  const [params, setParams] = useSearchParams();
  const key = enabled ? JSON.stringify(urlFiltersOf(model, params, platformToday())) : '[]';
  const filters = useMemo(() => JSON.parse(key) as UrlFilter[], [key]);
  const remove = useCallback(
    (param: string) =>
      setParams((current) => withoutUrlFilter(current, param), { replace: true, preventScrollReset: true }),
    [setParams],
  );
  return { filters, remove };
}
