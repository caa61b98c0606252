import type { RoleGroup } from '@rf/domain';
import { openDatabase, type Queryable } from '../../apps/api/src/db/database.ts';
import { createUser, findUserByEmail } from '../../apps/api/src/auth/users.ts';
import { postJson } from '../api/load.ts';
import { pickSamples } from '../api/samples.ts';

/** The dashboard's areas, each measured with one signed-in user. */
export type Area = 'admin' | 'supplier' | 'investor' | 'spv' | 'broker';
export const AREAS: readonly Area[] = ['admin', 'supplier', 'investor', 'spv', 'broker'];

export type Party = {
  /** The party's record id (Investor, Spv, Broker or Supplier row). */
  readonly id: string;
  /** Its organisation (the `userId` of its rows, the user's `custom:groupid`). */
  readonly groupId: string;
  readonly name: string;
  /** Requests of the data set that name it. */
  readonly requests: number;
};

export interface Callers {
  readonly emails: Record<Area, string>;
  readonly parties: Record<Exclude<Area, 'admin'>, Party>;
  /** The currency most of the investor's requests are in (its funder report's currency). */
  readonly investorCurrency: string;
  readonly spvCurrency: string;
}

export const PASSWORD = 'bench: insight, nine grey herons at dawn';

/**
 * The busiest party of a kind (most requests naming it), so its figures cover the most rows: the
 * slowest case of its area rather than a typical one.
 */
async function busiest(
  db: Queryable,
  column: 'investorId' | 'spvId' | 'brokerId',
  table: string,
): Promise<Party> {
  const [row] = await db.query<Party>(
    `SELECT p.id::text AS id, p."userId" AS "groupId", coalesce(p.${table}_name, '') AS name, c.n AS requests
       FROM (SELECT "${column}" AS id, count(*)::int AS n FROM "request" WHERE NOT "_deleted" AND "${column}" IS NOT NULL
              GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1) c
       JOIN "${table}" p ON p.id = c.id`,
  );
  if (!row?.groupId) throw new Error(`No ${table} with requests and an organisation in the data set`);
  return row;
}

async function mainCurrency(db: Queryable, column: 'investorId' | 'spvId', id: string): Promise<string> {
  const [row] = await db.query<{ currency: string }>(
    `SELECT invoice_currency AS currency FROM "request" WHERE "${column}" = $1::uuid AND NOT "_deleted"
      GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    [id],
  );
  if (!row) throw new Error(`No requests for ${column} ${id}`);
  return row.currency;
}

/**
 * Picks one party per area (the bench:api's first sample supplier; the busiest investor, SPV and
 * broker) and makes sure each has a confirmed user in its organisation with its role group.
 */
export async function ensureCallers(url: string): Promise<Callers> {
  const db = await openDatabase(url, { statementTimeoutMs: 0 });
  try {
    const [supplier] = (await pickSamples(db, 1)).suppliers;
    if (!supplier) throw new Error('No supplier with requests');
    const [s] = await db.query<{ name: string; n: number }>(
      `SELECT coalesce(supplier_name, '') AS name, (SELECT count(*)::int FROM "request" r WHERE r."supplierId" = s.id AND NOT r."_deleted") AS n
         FROM "supplier" s WHERE s.id = $1::uuid`,
      [supplier.supplierId],
    );
    const parties = {
      supplier: {
        id: supplier.supplierId,
        groupId: supplier.groupId,
        name: s?.name ?? '',
        requests: s?.n ?? 0,
      },
      investor: await busiest(db, 'investorId', 'investor'),
      spv: await busiest(db, 'spvId', 'spv'),
      broker: await busiest(db, 'brokerId', 'broker'),
    };
    const ensure = async (area: Area, groupId: string | null, groups: RoleGroup[]): Promise<string> => {
      const email = `bench-insight-${area}${groupId ? `-${groupId}` : ''}@example.com`.toLowerCase();
      const existing = await findUserByEmail(db, email);
      if (existing) return email;
      await createUser(db, {
        email,
        password: PASSWORD,
        name: `Bench ${area}`,
        groupId,
        groups,
        confirmed: true,
      });
      return email;
    };
    const emails: Record<Area, string> = {
      admin: await ensure('admin', null, ['Admin']),
      supplier: await ensure('supplier', parties.supplier.groupId, []),
      investor: await ensure('investor', parties.investor.groupId, ['Investor']),
      spv: await ensure('spv', parties.spv.groupId, ['Spv']),
      broker: await ensure('broker', parties.broker.groupId, ['Broker']),
    };
    return {
      emails,
      parties,
      investorCurrency: await mainCurrency(db, 'investorId', parties.investor.id),
      spvCurrency: await mainCurrency(db, 'spvId', parties.spv.id),
    };
  } finally {
    await db.close();
  }
}

/** Signs a user in through the server's own endpoint and returns the id token. */
export async function signIn(serverUrl: string, email: string): Promise<string> {
  const answer = (await postJson(
    `${serverUrl}/auth/sign-in`,
    JSON.stringify({ username: email, password: PASSWORD }),
  )) as { idToken?: string };
  if (!answer.idToken) throw new Error(`sign-in of ${email} returned no idToken: ${JSON.stringify(answer)}`);
  return answer.idToken;
}
