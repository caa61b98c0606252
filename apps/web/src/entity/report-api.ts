import { useQuery } from '@tanstack/react-query';
import { gql } from './graphql-client.ts';

/**
 * The funder reporting pack as the server computes it (docs/business-rules.md, “Funder reporting”):
 * every amount, share and ratio is the server's string; the browser formats them and never adds,
 * averages or rounds them. Which funder a user may read is the server's decision.
 */

export type FunderModel = 'Investor' | 'Spv';

export interface AmountShare {
  readonly amount: string;
  readonly share: string;
}

export interface FunderReport {
  readonly funderModel: FunderModel;
  readonly funderId: string;
  readonly funderName: string;
  readonly currency: string;
  readonly from: string;
  readonly to: string;
  readonly concentrationLimit: string;
  readonly rollForward: {
    readonly opening: string;
    readonly purchases: string;
    readonly transfersIn: string;
    readonly transfersOut: string;
    readonly collections: string;
    readonly dilutions: string;
    readonly closing: string;
    readonly ledgerBalance: string;
    readonly agreesWithLedger: boolean;
  };
  readonly aging: readonly (AmountShare & { bucket: string; label: string; count: number })[];
  readonly obligors: readonly (AmountShare & {
    key: string;
    name: string;
    country: string | null;
    industry: string | null;
    count: number;
    overLimit: boolean;
  })[];
  readonly countries: readonly (AmountShare & { name: string | null })[];
  readonly industries: readonly (AmountShare & { name: string | null })[];
  readonly eligibility: {
    readonly outstanding: string;
    readonly exclusions: readonly { reason: string; label: string; amount: string }[];
    readonly eligible: string;
    readonly borrowingBase: string;
    readonly lines: readonly {
      lineId: string | null;
      obligor: string;
      advanceRate: string | null;
      eligible: string;
      borrowingBase: string;
    }[];
  };
  readonly dilution: {
    readonly from: string;
    readonly to: string;
    readonly writtenOff: string;
    readonly purchases: string;
    readonly ratio: string | null;
  };
  readonly yield: {
    readonly income: string;
    readonly averageOutstanding: string;
    readonly days: number;
    readonly annualised: string | null;
  };
}

export const FUNDER_REPORT = `query FunderReport($funderModel: String!, $funderId: ID!, $currency: String!, $from: AWSDate!, $to: AWSDate!) {
  funderReport(funderModel: $funderModel, funderId: $funderId, currency: $currency, from: $from, to: $to) {
    funderModel funderId funderName currency from to concentrationLimit
    rollForward { opening purchases transfersIn transfersOut collections dilutions closing ledgerBalance agreesWithLedger }
    aging { bucket label count amount share }
    obligors { key name country industry count amount share overLimit }
    countries { name amount share }
    industries { name amount share }
    eligibility { outstanding exclusions { reason label amount } eligible borrowingBase
      lines { lineId obligor advanceRate eligible borrowingBase } }
    dilution { from to writtenOff purchases ratio }
    yield { income averageOutstanding days annualised }
  }
}`;

export const REPORT_CURRENCIES = `query FunderReportCurrencies($funderModel: String!, $funderId: ID!) {
  funderReportCurrencies(funderModel: $funderModel, funderId: $funderId)
}`;

/** A funder a report can be about, as the pickers list it. */
export interface ReportFunder {
  readonly model: FunderModel;
  readonly id: string;
  readonly name: string;
}

const FUNDER_LISTS: Record<FunderModel, string> = {
  Investor: 'listInvestors(limit: 1000) { items { id investor_name } }',
  Spv: 'listSpvs(limit: 1000) { items { id spv_name } }',
};

/** The investors and SPVs of `models` the user may read (its own, or every one for an administrator). */
export function useReportFunders(models: readonly FunderModel[]) {
  return useQuery({
    queryKey: ['report-funders', ...models],
    queryFn: async () => {
      const data = await gql<Record<string, { items: Record<string, string>[] }>>(
        `query ReportFunders { ${models.map((m) => FUNDER_LISTS[m]).join(' ')} }`,
      );
      return models.flatMap((model) =>
        (data[model === 'Investor' ? 'listInvestors' : 'listSpvs']?.items ?? []).map((r): ReportFunder => ({
          model,
          id: r.id!,
          name: (model === 'Investor' ? r.investor_name : r.spv_name) || r.id!,
        })),
      );
    },
  });
}

export function useReportCurrencies(funder: ReportFunder | null) {
  return useQuery({
    queryKey: ['report-currencies', funder?.model, funder?.id],
    enabled: Boolean(funder),
    queryFn: async () =>
      (
        await gql<{ funderReportCurrencies: string[] }>(REPORT_CURRENCIES, {
          funderModel: funder!.model,
          funderId: funder!.id,
        })
      ).funderReportCurrencies,
  });
}

export interface ReportParams {
  readonly funderModel: FunderModel;
  readonly funderId: string;
  readonly currency: string;
  readonly from: string;
  readonly to: string;
}

export function useFunderReport(params: ReportParams | null) {
  return useQuery({
    queryKey: ['funder-report', params],
    enabled: Boolean(params),
    queryFn: async () =>
      (await gql<{ funderReport: FunderReport }>(FUNDER_REPORT, { ...params })).funderReport,
  });
}

/** The address of a report download with the report's parameters. */
export function reportUrl(file: 'funder.csv' | 'funder.pdf', params: ReportParams): string {
  return `/reports/${file}?${new URLSearchParams({ ...params }).toString()}`;
}
