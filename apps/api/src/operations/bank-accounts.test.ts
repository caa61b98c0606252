import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { buildWorld, CALLERS, ORGS, type World } from '../testing/world.ts';

type Account = Record<string, unknown> & { id: string; _version: number };
type Answer = Awaited<ReturnType<ApiHarness['gql']>>;

const FIELDS =
  'id _version userId investorId supplierId iban bic_swift_code bank_account_sortcode bank_account_number bank_status bank_account_purpose';

/**
 * docs/business-rules.md, “Bank accounts, transactions and settlement”: owners create their
 * accounts, every write checks the details (rules/bank-account.ts) and stores them normalised
 * (hooks/bank.ts), an administrator approves, and a changed approved account is reviewed again.
 */
describeDatabases('bank accounts: details checked and normalised on create and update', (db) => {
  let api: ApiHarness;
  let world: World;
  let world2: World;

  const createBank = (who: string, input: Record<string, unknown>): Promise<Answer> =>
    api.gql(who, `mutation ($input: CreateBankInput!) { createBank(input: $input) { ${FIELDS} } }`, {
      input,
    });
  const created = async (who: string, input: Record<string, unknown>): Promise<Account> => {
    const res = await createBank(who, input);
    expect(res.errors).toBeUndefined();
    return (res.data as { createBank: Account }).createBank;
  };
  const updateBank = async (who: string, id: string, values: Record<string, unknown>): Promise<Answer> => {
    const current = await api.gql<{ getBank: Account }>(
      'Admin',
      `query { getBank(id: "${id}") { _version } }`,
    );
    return api.gql(who, `mutation ($input: UpdateBankInput!) { updateBank(input: $input) { ${FIELDS} } }`, {
      input: { id, _version: current.data!.getBank._version, ...values },
    });
  };
  const stored = async (id: string): Promise<Account> =>
    (await api.gql<{ getBank: Account }>('Admin', `query { getBank(id: "${id}") { ${FIELDS} } }`)).data!
      .getBank;

  /** An investor's remittance account in Germany, as its owner types it. */
  const remittance = () => ({
    investorId: world.Investor,
    bank_account_name: 'World Investor Remittance',
    bank_account_purpose: 'remittance',
    iso_currency_code: 'EUR',
    bank_country: 'DE',
    iban: 'de89 3704 0044 0532 0130 00',
    bic_swift_code: 'deutdeff',
  });

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    world2 = await buildWorld(api, '2');
  });
  afterAll(async () => api.app.close());

  it('refuses an IBAN that fails its checksum, naming the field, and stores nothing', async () => {
    const res = await createBank('Investor', {
      ...remittance(),
      bank_country: 'GB',
      iban: 'GB82 WEST 1234 5698 7654 31',
      bic_swift_code: null,
    });
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'iban: GB82 WEST 1234 5698 7654 31 fails its checksum',
    });
    const list = await api.gql<{ listBanks: { items: { bank_account_name: string }[] } }>(
      'Investor',
      'query { listBanks(limit: 100) { items { bank_account_name } } }',
    );
    expect(list.data!.listBanks.items.map((b) => b.bank_account_name)).not.toContain(
      'World Investor Remittance',
    );
  });

  it('stores a valid IBAN in electronic format and the BIC in upper case; the account starts Under Review', async () => {
    const account = await created('Investor', remittance());
    expect(account).toMatchObject({
      userId: ORGS.investor,
      iban: 'DE89370400440532013000',
      bic_swift_code: 'DEUTDEFF',
      bank_status: 'Under Review',
    });
  });

  it('checks the record as it will be stored on update: a BIC of another country than the IBAN is refused', async () => {
    const account = await created('Investor', { ...remittance(), bank_account_purpose: 'collection' });
    const res = await updateBank('Investor', account.id, { bic_swift_code: 'NWBKGB2L' });
    expect(res.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'bic_swift_code: NWBKGB2L is a BIC of GB, but the IBAN is of DE',
    });
    expect((await stored(account.id)).bic_swift_code).toBe('DEUTDEFF');
  });

  it('an investor cannot create an account for another organisation', async () => {
    const theirs = await createBank('Investor', { ...remittance(), investorId: world2.Investor });
    expect(theirs.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'investorId does not name a Investor you can see',
    });
    const owner = await createBank('Investor', { ...remittance(), userId: ORGS.investor2 });
    expect(owner.errors?.[0]?.errorType).toBe('Unauthorized');
    expect(owner.errors?.[0]?.message).toBe('Not allowed: userId cannot be set by a Investor user');
  });

  it('an approved account whose IBAN its owner changes goes back to Under Review; the new IBAN is stored electronically', async () => {
    const account = await created('Investor', remittance());
    const approve = await api.gql(
      'Admin',
      'mutation ($input: ChangeStatusInput!) { changeStatus(input: $input) }',
      {
        input: { model: 'Bank', id: account.id, to: 'Approved' },
      },
    );
    expect(approve.errors).toBeUndefined();
    expect((await stored(account.id)).bank_status).toBe('Approved');
    const bad = await updateBank('Investor', account.id, { iban: 'DE89370400440532013001' });
    expect(bad.errors?.[0]?.message).toBe('iban: DE89 3704 0044 0532 0130 01 fails its checksum');
    expect((await stored(account.id)).bank_status).toBe('Approved');
    const res = await updateBank('Investor', account.id, { iban: 'de44 5001 0517 5407 3249 31' });
    expect(res.errors).toBeUndefined();
    expect(await stored(account.id)).toMatchObject({
      iban: 'DE44500105175407324931',
      bank_status: 'Under Review',
    });
  });

  it('a supplier creates its payout account: a UK account by sort code, stored as digits', async () => {
    const payout = {
      supplierId: world.Supplier,
      bank_account_name: 'World Supplier Payout',
      bank_account_purpose: 'payout',
      iso_currency_code: 'GBP',
      bank_country: 'GB',
      bank_account_sortcode: '12-34-56',
      bank_account_number: '3192 6819',
    };
    const missing = await createBank('Supplier', { ...payout, iso_currency_code: null });
    expect(missing.errors?.[0]?.message).toBe('iso_currency_code: a payout account needs its currency');
    const account = await created('Supplier', payout);
    expect(account).toMatchObject({
      userId: ORGS.supplier,
      supplierId: world.Supplier,
      bank_account_purpose: 'payout',
      bank_account_sortcode: '123456',
      bank_account_number: '31926819',
      bank_status: 'Under Review',
    });
  });

  it("an administrator creates an account for an organisation: owned by the investor's organisation", async () => {
    const account = await created('Admin', { ...remittance(), investorId: world2.Investor });
    expect(account).toMatchObject({
      userId: ORGS.investor2,
      investorId: world2.Investor,
      iban: 'DE89370400440532013000',
    });
    const res = await createBank('Admin', {
      ...remittance(),
      investorId: world2.Investor,
      bank_country: 'US',
      iban: null,
      bic_swift_code: null,
      bank_routing_number: '021000022',
      bank_account_number: '123456789',
    });
    expect(res.errors?.[0]?.message).toBe(
      'bank_routing_number: 021000022 is not a routing number (9 digits with a valid ABA checksum)',
    );
  });
});
