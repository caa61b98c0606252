import type { ModelName } from '@rf/domain/entity';
import { useQuery } from '@tanstack/react-query';
import { gql } from './graphql-client.ts';

/** An approved investor or SPV a buyer line may be offered to (the `funders` query). */
export interface Funder {
  readonly id: string;
  readonly model: 'Investor' | 'Spv';
  readonly name: string;
}

export const FUNDERS_QUERY = 'query Funders { funders { id model name } }';

export const isFunderModel = (model: ModelName): model is 'Investor' | 'Spv' =>
  model === 'Investor' || model === 'Spv';

/**
 * Brokers name a line's investor and SPV without reading their company records
 * (docs/business-rules.md, “Organisations, roles and who sees what”): for them, investor and
 * SPV references are picked and shown from this list of names.
 */
export function useFunders(enabled: boolean) {
  return useQuery({
    queryKey: ['funders'],
    enabled,
    staleTime: 60_000,
    queryFn: async () => (await gql<{ funders: Funder[] }>(FUNDERS_QUERY)).funders,
  });
}
