import { unauthorized } from '../http/errors.ts';
import { requireCaller, type OperationContext } from './context.ts';

export interface Funder {
  readonly id: string;
  readonly model: 'Investor' | 'Spv';
  readonly name: string;
}

/**
 * `funders`: the approved investors and SPVs a buyer line may be offered to, by id and name only.
 * For those who propose a line's terms (admin and brokers,
 * docs/business-rules.md, “Status moves, guards and effects”); a broker reads no more of these
 * companies than this (docs/business-rules.md, “Organisations, roles and who sees what”).
 */
export async function listFunders(ctx: OperationContext): Promise<Funder[]> {
  const caller = requireCaller(ctx);
  if (caller.role !== 'Admin' && caller.role !== 'Broker')
    throw unauthorized('Only an administrator or a broker may list the investors and SPVs');
  return ctx.db.query<Funder & Record<string, unknown>>(
    `SELECT id::text AS id, 'Investor' AS model, coalesce(investor_name, investor_trading_name, '') AS name
       FROM investor WHERE NOT "_deleted" AND investor_status = 'Approved'
     UNION ALL
     SELECT id::text, 'Spv', coalesce(spv_name, spv_trading_name, '')
       FROM spv WHERE NOT "_deleted" AND spv_status = 'Approved'
     ORDER BY 2, 3, 1`,
  );
}
