import { Api, claims, type Row, type Tokens } from './api.ts';
import { DEMO_EMAIL, type RoleKey } from './config.ts';

/**
 * Real ids from the demo data (docs/architecture.md, “Demo data set”), each found with the id token
 * of the role whose area uses it, named after what the route parameter means
 * (docs/architecture.md, “Route parameters”).
 */
export type Fixtures = Record<string, string>;

function pick<T extends Row>(rows: readonly T[], what: string, test: (r: T) => boolean = () => true): T {
  const found = rows.find(test);
  if (!found) throw new Error(`Demo data: no ${what}`);
  return found;
}
const s = (v: unknown, what: string): string => {
  if (typeof v !== 'string' || !v) throw new Error(`Demo data: no ${what}`);
  return v;
};

/** An id no ledger account has: the statement route then shows its "not found" screen. */
const NO_LEDGER_ACCOUNT = '00000000-0000-4000-8000-000000000000';

/**
 * The first ledger account the user may read (docs/architecture.md, “Ledger”); while the demo
 * data has no postings, an id of none, so the crawl still visits the statement route.
 */
async function firstLedgerAccount(api: Api, token: string): Promise<string> {
  const { ledgerAccounts } = await api.gql<{ ledgerAccounts: { account: { id: string } }[] }>(
    token,
    'query { ledgerAccounts { account { id } } }',
  );
  return ledgerAccounts[0]?.account.id ?? NO_LEDGER_ACCOUNT;
}

export async function resolveFixtures(api: Api): Promise<Fixtures> {
  const tokens = {} as Record<RoleKey, Tokens>;
  for (const role of ['supplier', 'admin', 'investor', 'spv', 'broker'] as const) {
    tokens[role] = await api.signIn(DEMO_EMAIL[role]);
  }
  const group = (role: RoleKey) => s(claims(tokens[role].idToken)['custom:groupid'], `${role} groupid`);
  const f: Fixtures = {};

  // Supplier area, as supplier@demo.test (Supplier S1).
  {
    const t = tokens.supplier.idToken;
    const g = group('supplier');
    const supplier = pick(
      await api.list(t, 'Supplier', 'userId identityId'),
      'supplier S1',
      (r) => r.userId === g,
    );
    const lines = await api.list(t, 'Buyer', 'supplierId buyer_status', { supplierId: { eq: supplier.id } });
    f['S1.id'] = supplier.id;
    f['S1.groupId'] = g;
    f['S1.identityId'] = s(supplier.identityId, 'S1 identityId');
    f['S1.director'] = pick(
      await api.list(t, 'Director', 'supplierId', { supplierId: { eq: supplier.id } }),
      'S1 director',
    ).id;
    f['S1.ubo'] = pick(
      await api.list(t, 'UBO', 'supplierId', { supplierId: { eq: supplier.id } }),
      'S1 UBO',
    ).id;
    f['S1.line'] = pick(lines, 'approved S1 line', (r) => r.buyer_status === 'Approved').id;
    f['S1.request'] = pick(
      await api.list(t, 'Request', 'supplierId', { supplierId: { eq: supplier.id } }),
      'S1 request',
    ).id;
  }

  // Admin area, as admin@demo.test.
  {
    const t = tokens.admin.idToken;
    const supplier = pick(
      await api.list(t, 'Supplier', 'userId identityId'),
      'S1 (admin)',
      (r) => r.id === f['S1.id'],
    );
    const members = await api.list(t, 'Usergroup', 'groupId sub user_email identityId createdAt');
    const firstUser = (groupId: string) =>
      pick(
        [...members].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt))),
        `first user of ${groupId}`,
        (m) => m.groupId === groupId,
      );
    f['A.supplier'] = supplier.id;
    f['A.supplier.groupId'] = s(supplier.userId, 'S1 userId');
    f['A.supplier.identityId'] = s(supplier.identityId, 'S1 identityId');
    f['A.supplier.sub'] = s(firstUser(f['A.supplier.groupId']).sub, 'S1 sub');
    const lines = await api.list(t, 'Buyer', 'supplierId buyer_status userId', {
      supplierId: { eq: supplier.id },
    });
    const line = pick(lines, 'approved S1 line (admin)', (r) => r.buyer_status === 'Approved');
    f['A.buyer'] = line.id;
    f['A.director'] = pick(
      await api.list(t, 'Director', 'supplierId', { supplierId: { eq: supplier.id } }),
      'director',
    ).id;
    f['A.ubo'] = pick(await api.list(t, 'UBO', 'supplierId', { supplierId: { eq: supplier.id } }), 'UBO').id;
    f['A.document'] = pick(await api.list(t, 'Document', 'supplierId'), 'document').id;
    f['A.financials'] = pick(await api.list(t, 'Financials', 'buyerId'), 'financials').id;
    f['A.request'] = pick(
      await api.list(t, 'Request', 'supplierId', { supplierId: { eq: supplier.id } }),
      'request',
    ).id;
    f['A.bookkeeping'] = pick(await api.list(t, 'Bookkeeping', 'requestId'), 'bookkeeping').id;
    f['A.transaction'] = pick(await api.list(t, 'Transaction', 'userId'), 'transaction').id;
    f['A.insurance'] = pick(await api.list(t, 'Insurance', 'insurance_status'), 'insurance policy').id;
    const parties = async (model: 'Investor' | 'Spv' | 'Broker', key: string, groupId: string) => {
      const party = pick(await api.list(t, model, 'userId identityId'), key, (r) => r.userId === groupId);
      f[`A.${key}`] = party.id;
      f[`A.${key}.groupId`] = groupId;
      f[`A.${key}.identityId`] = s(party.identityId, `${key} identityId`);
      f[`A.${key}.sub`] = s(firstUser(groupId).sub, `${key} sub`);
    };
    await parties('Investor', 'investor', group('investor'));
    await parties('Spv', 'spv', group('spv'));
    await parties('Broker', 'broker', group('broker'));
    f['A.bank'] = pick(
      await api.list(t, 'Bank', 'investorId', { investorId: { eq: f['A.investor'] } }),
      'bank',
    ).id;
    f['A.ledgerAccount'] = await firstLedgerAccount(api, t);
  }

  // Investor and SPV areas, each as its own demo user.
  for (const role of ['investor', 'spv'] as const) {
    const t = tokens[role].idToken;
    const g = group(role);
    const key = role === 'investor' ? 'I1' : 'P';
    const lines = await api.list(t, 'Buyer', 'buyer_status');
    f[`${key}.groupId`] = g;
    f[`${key}.line`] = pick(lines, `${role} approved line`, (r) => r.buyer_status === 'Approved').id;
    f[`${key}.request`] = pick(await api.list(t, 'Request', 'buyerId'), `${role} request`).id;
    const banks = await api.list(t, 'Bank', 'bank_account_purpose', { userId: { eq: g } });
    const remittance = pick(
      banks,
      `${role} remittance account`,
      (b) => b.bank_account_purpose === 'remittance',
    );
    const collection = pick(
      banks,
      `${role} collection account`,
      (b) => b.bank_account_purpose === 'collection',
    );
    const txs = await api.list(t, 'Transaction', 'senderaccountId recipientaccountId', { userId: { eq: g } });
    const uses = (tx: Row, account: Row) =>
      tx.senderaccountId === account.id || tx.recipientaccountId === account.id;
    f[`${key}.remittanceTx`] = pick(txs, `${role} remittance transaction`, (x) => uses(x, remittance)).id;
    f[`${key}.collectionTx`] = pick(txs, `${role} collection transaction`, (x) => uses(x, collection)).id;
    f[`${key}.ledgerAccount`] = await firstLedgerAccount(api, t);
    if (role === 'investor') {
      const investor = pick(
        await api.list(t, 'Investor', 'userId identityId'),
        'investor I1',
        (r) => r.userId === g,
      );
      f['I1.identityId'] = s(investor.identityId, 'I1 identityId');
      f['I1.financials'] = pick(await api.list(t, 'Financials', 'buyerId'), 'investor financials').id;
    } else {
      f['P.bookkeeping'] = pick(await api.list(t, 'Bookkeeping', 'requestId'), 'SPV bookkeeping').id;
    }
  }

  // Broker area, as broker@demo.test (Broker B introduced S1).
  {
    const t = tokens.broker.idToken;
    const g = group('broker');
    const suppliers = await api.list(t, 'Supplier', 'userId identityId brokerId');
    const supplier = pick(suppliers, 'broker supplier');
    const lines = await api.list(t, 'Buyer', 'supplierId buyer_status', { supplierId: { eq: supplier.id } });
    f['B.groupId'] = g;
    f['B.supplier'] = supplier.id;
    f['B.supplier.groupId'] = s(supplier.userId, 'broker supplier userId');
    f['B.supplier.identityId'] = s(supplier.identityId, 'broker supplier identityId');
    // Organisations the broker sees: its own and those of the suppliers it introduced.
    const members = await api.list(t, 'Usergroup', 'groupId sub group_type createdAt');
    const member = pick(members, 'broker-visible user of the supplier', (m) => m.groupId === supplier.userId);
    f['B.supplier.sub'] = s(member.sub, 'broker supplier sub');
    f['B.org'] = s(member.groupId, 'broker-visible organisation');
    f['B.line'] = pick(lines, 'broker line').id;
  }

  for (const [k, v] of Object.entries(f)) if (!v) throw new Error(`Fixture ${k} is empty`);
  return f;
}
