import { afterAll, beforeAll, expect, it } from 'vitest';
import { MODEL_NAMES, REGISTRY, writeRefusal, type ModelName } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { harmlessField, sampleInput } from '../testing/samples.ts';
import { approveLine, buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

type RoleName = keyof typeof CALLERS;
const ROLES = Object.keys(CALLERS) as RoleName[];

/**
 * What each role sees of its own world, written out from
 * docs/business-rules.md, “Organisations, roles and who sees what” (not derived from the policy, so
 * a policy mistake fails here). Nobody but admin sees anything of the other world except SOFR
 * fixings.
 */
const SEES: Record<Exclude<RoleName, 'Admin'>, readonly ModelName[]> = {
  Supplier: [
    'Supplier',
    'Buyer',
    'Director',
    'UBO',
    'Document',
    'Financials',
    'Request',
    'Bookkeeping',
    'Esign',
    'SOFR',
    'Usergroup',
  ],
  Broker: [
    'Broker',
    'Supplier',
    'Buyer',
    'Director',
    'UBO',
    'Document',
    'Financials',
    'Request',
    'Esign',
    'SOFR',
    'Usergroup',
  ],
  Investor: [
    'Investor',
    'Supplier',
    'Buyer',
    'Director',
    'UBO',
    'Document',
    'Financials',
    'Request',
    'Bank',
    'Transaction',
    'Bookkeeping',
    'Esign',
    'SOFR',
    'Plaidauth',
    'Insurance',
  ],
  Spv: [
    'Spv',
    'Supplier',
    'Buyer',
    'Director',
    'UBO',
    'Document',
    'Financials',
    'Request',
    'Bookkeeping',
    'Esign',
    'SOFR',
    'Insurance',
  ],
};

/** Which records of its own world each role may change with a plain update. */
const UPDATES: Record<Exclude<RoleName, 'Admin'>, readonly ModelName[]> = {
  Supplier: ['Supplier', 'Buyer', 'Director', 'UBO', 'Document', 'Financials', 'Request'],
  Broker: ['Broker', 'Supplier', 'Buyer', 'Director', 'UBO', 'Document', 'Financials'],
  Investor: ['Investor', 'Bank', 'Plaidauth'],
  Spv: ['Spv'],
};

/** Which models each role may create for its own world (records that reference that world). */
const CREATES: Record<Exclude<RoleName, 'Admin'>, readonly ModelName[]> = {
  Supplier: ['Supplier', 'Buyer', 'Bank', 'Director', 'UBO', 'Document', 'Financials', 'Request'],
  Broker: ['Broker', 'Supplier', 'Buyer', 'Director', 'UBO', 'Document', 'Financials'],
  Investor: ['Investor', 'Bank', 'Director', 'UBO', 'Document', 'Financials'],
  Spv: ['Spv', 'Bank', 'Director', 'UBO', 'Document', 'Financials', 'Plaidauth'],
};

/** Which records of its own world each role may delete. */
const DELETES: Record<Exclude<RoleName, 'Admin'>, readonly ModelName[]> = {
  Supplier: ['Director', 'UBO', 'Document', 'Financials'],
  Broker: ['Director', 'UBO', 'Document', 'Financials'],
  Investor: ['Bank'],
  Spv: [],
};

const sees = (role: RoleName, model: ModelName, world: 'own' | 'other') =>
  role === 'Admin' || model === 'SOFR' || (world === 'own' && SEES[role].includes(model));
/**
 * Bank transactions are written by statement imports, the bank link and named operations only,
 * for administrators too (docs/business-rules.md, “Payments and reconciliation”).
 */
const NAMED_OPERATIONS_ONLY: readonly ModelName[] = ['Transaction'];
const admin = (role: RoleName, model: ModelName) =>
  role === 'Admin' && !NAMED_OPERATIONS_ONLY.includes(model);
const updates = (role: RoleName, model: ModelName, world: 'own' | 'other') =>
  admin(role, model) || (role !== 'Admin' && world === 'own' && UPDATES[role].includes(model));
const creates = (role: RoleName, model: ModelName, world: 'own' | 'other') =>
  admin(role, model) || (role !== 'Admin' && world === 'own' && CREATES[role].includes(model));
const deletes = (role: RoleName, model: ModelName, world: 'own' | 'other') =>
  admin(role, model) || (role !== 'Admin' && world === 'own' && DELETES[role].includes(model));

interface Case {
  role: RoleName | 'anonymous';
  model: ModelName;
  world: 'own' | 'other';
  op: 'get' | 'list' | 'create' | 'update' | 'delete';
}
const cases: Case[] = [];
for (const model of MODEL_NAMES) {
  for (const op of ['get', 'list', 'create', 'update', 'delete'] as const) {
    cases.push({ role: 'anonymous', model, world: 'own', op });
    for (const role of ROLES)
      for (const world of ['own', 'other'] as const) cases.push({ role, model, world, op });
  }
}
/**
 * A new record tied to a world: it references the world's supplier or buyer line where the model
 * has such a field; otherwise, for another world, it names that world's organisation as owner.
 */
/**
 * A funder's own KYC records name the funder: never a supplier's
 * (docs/business-rules.md, “Party records and inviting users”).
 */
const FUNDER_PARTY = { Investor: 'investorId', Spv: 'spvId' } as const;
const KYC_MODELS: readonly ModelName[] = ['Director', 'UBO', 'Document', 'Financials'];

function createInput(
  model: ModelName,
  world: World,
  foreignOwner: string | null,
  role: RoleName | 'anonymous',
): Record<string, unknown> {
  const entity = REGISTRY[model];
  const refs: Record<string, unknown> = {};
  if ((role === 'Investor' || role === 'Spv') && KYC_MODELS.includes(model))
    refs[FUNDER_PARTY[role]] = world[role];
  else if (entity.fieldsByName.has('buyerId') && model !== 'Buyer') refs.buyerId = world.Buyer;
  else if (entity.fieldsByName.has('supplierId') && model !== 'Supplier') refs.supplierId = world.Supplier;
  if (!Object.keys(refs).length && foreignOwner) refs.userId = foreignOwner;
  if (model === 'Supplier' && !foreignOwner) refs.brokerId = undefined;
  return sampleInput(entity, refs);
}

const label = (c: Case) =>
  `${c.role} ${c.op} ${c.model} of ${c.world === 'own' ? 'its own world' : 'another organisation'}`;

describeDatabases(`access policy matrix (${cases.length} cases)`, (db) => {
  let api: ApiHarness;
  const worlds: Record<'own' | 'other', World> = {} as Record<'own' | 'other', World>;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    worlds.own = await buildWorld(api, '');
    worlds.other = await buildWorld(api, '2');
    // New requests need an approved line with room
    // (docs/business-rules.md, “Line limits and what requests hold”).
    for (const w of Object.values(worlds)) await approveLine(api, w.Buyer);
  });
  afterAll(async () => api.app.close());

  const versionOf = async (model: ModelName, id: string): Promise<number> => {
    const res = await api.gql<Record<string, { _version: number }>>(
      'Admin',
      `query { get${model}(id: "${id}") { _version } }`,
    );
    return res.data![`get${model}`]!._version;
  };

  it.each(cases.map((c) => [label(c), c] as const))('%s', async (_name, c) => {
    const entity = REGISTRY[c.model];
    const id = worlds[c.world][c.model];
    const token = c.role === 'anonymous' ? null : c.role;
    if (c.op === 'get' || c.op === 'list') {
      const query =
        c.op === 'get'
          ? `query { get${c.model}(id: "${id}") { id } }`
          : `query { list${entity.plural}(limit: 1000) { items { id } } }`;
      const res = await api.gql<Record<string, { id: string } | { items: { id: string }[] } | null>>(
        token,
        query,
      );
      if (c.role === 'anonymous') return expect(res.errors?.[0]?.errorType).toBe('Unauthorized');
      expect(res.errors).toBeUndefined();
      const data = res.data![`${c.op}${c.op === 'get' ? c.model : entity.plural}`];
      const found =
        c.op === 'get' ? data !== null : (data as { items: { id: string }[] }).items.some((i) => i.id === id);
      expect(found).toBe(sees(c.role, c.model, c.world));
      return;
    }
    if (c.op === 'create') {
      const res = await api.gql(
        token,
        `mutation ($input: Create${c.model}Input!) { create${c.model}(input: $input) { id } }`,
        {
          input: createInput(c.model, worlds[c.world], c.world === 'other' ? ORGS.supplier2 : null, c.role),
        },
      );
      const allowed = c.role !== 'anonymous' && creates(c.role, c.model, c.world);
      if (allowed) expect(res.errors).toBeUndefined();
      else expect(res.errors?.[0]?.errorType).toMatch(/Unauthorized|ValidationError/);
      return;
    }
    const version = await versionOf(c.model, id);
    if (c.op === 'delete') {
      // A delete the policy allows meets the stale version and stops there, so the world stays whole.
      const res = await api.gql(
        token,
        `mutation { delete${c.model}(input: { id: "${id}", _version: ${version + 100} }) { id } }`,
      );
      const allowed = c.role !== 'anonymous' && deletes(c.role, c.model, c.world);
      expect(res.errors?.[0]?.errorType).toMatch(allowed ? /ConflictUnhandled/ : /Unauthorized|NotFound/);
      expect(await versionOf(c.model, id)).toBe(version);
      return;
    }
    const role = c.role === 'anonymous' ? 'Supplier' : c.role;
    const field = harmlessField(entity, (name) => writeRefusal(role, c.model, name) === null);
    const input = field
      ? `{ id: "${id}", _version: ${version}, ${field.name}: "changed" }`
      : `{ id: "${id}", _version: ${version} }`;
    const res = await api.gql(token, `mutation { update${c.model}(input: ${input}) { id } }`);
    if (c.role !== 'anonymous' && updates(c.role, c.model, c.world)) {
      expect(res.errors).toBeUndefined();
    } else {
      expect(res.errors?.[0]?.errorType).toMatch(/Unauthorized|NotFound/);
      expect(await versionOf(c.model, id)).toBe(version);
    }
  });
});
