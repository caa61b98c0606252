import type { Area, Callers } from './callers.ts';
import type { HttpCall } from './timing.ts';

/** One measured operation: who calls it, how, and the latency its p95 must stay under. */
export interface Operation {
  readonly label: string;
  readonly caller: Area;
  /** What the caller's figures cover, for the results table. */
  readonly scope: string;
  readonly targetMs: number;
  readonly call: (token: string) => HttpCall;
}

const graphql = (query: string, variables: Record<string, unknown>, token: string): HttpCall => ({
  method: 'POST',
  path: '/graphql',
  body: JSON.stringify({ query, variables }),
  headers: { authorization: token },
});

export const DASHBOARD_TARGET_MS = 300;
export const REPORT_TARGET_MS = 1_000;

export function dashboardOperations(document: string, callers: Callers): Operation[] {
  const scope: Record<Area, string> = {
    admin: 'every request',
    supplier: `${callers.parties.supplier.requests} requests`,
    investor: `${callers.parties.investor.requests} requests`,
    spv: `${callers.parties.spv.requests} requests`,
    broker: `${callers.parties.broker.requests} requests`,
  };
  return (['admin', 'supplier', 'investor', 'spv', 'broker'] as const).map((caller) => ({
    label: 'dashboard',
    caller,
    scope: scope[caller],
    targetMs: DASHBOARD_TARGET_MS,
    call: (token) => graphql(document, {}, token),
  }));
}

/** A year up to today: the funder reports' period. */
export function reportPeriod(today = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - 364 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * The funder reports over a year, read by the funder itself: the investor's and the SPV's pack
 * through GraphQL, and the same packs as the CSV and PDF downloads.
 */
export function reportOperations(document: string, callers: Callers): Operation[] {
  const { from, to } = reportPeriod();
  const funders = [
    {
      caller: 'investor' as const,
      model: 'Investor',
      party: callers.parties.investor,
      currency: callers.investorCurrency,
    },
    { caller: 'spv' as const, model: 'Spv', party: callers.parties.spv, currency: callers.spvCurrency },
  ];
  return funders.flatMap(({ caller, model, party, currency }) => {
    const variables = { funderModel: model, funderId: party.id, currency, from, to };
    const scope = `${model} ${currency}, ${from} to ${to}`;
    const download = (format: 'csv' | 'pdf'): Operation => ({
      label: `GET /reports/funder.${format}`,
      caller,
      scope,
      targetMs: REPORT_TARGET_MS,
      call: (token) => ({
        method: 'GET',
        path: `/reports/funder.${format}?${new URLSearchParams(variables).toString()}`,
        headers: { authorization: token },
      }),
    });
    return [
      {
        label: 'funderReport',
        caller,
        scope,
        targetMs: REPORT_TARGET_MS,
        call: (token: string) => graphql(document, variables, token),
      },
      download('csv'),
      download('pdf'),
    ];
  });
}
