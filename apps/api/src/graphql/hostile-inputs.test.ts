import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { describeDatabases, openTestDatabase } from '../db/test-databases.ts';
import type { Database } from '../db/database.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { BUYER_SIGNER } from '../testing/samples.ts';
import { CALLERS, approveLine, buildWorld, type World } from '../testing/world.ts';
import type { AppSyncError } from './errors.ts';
import { MAX_INPUT_DEPTH } from './input-bounds.ts';

/**
 * Regression tests for the inputs a probe found answered `InternalFailure` or a raw message
 * (docs/architecture.md, “API errors, filters and secrets”): each must answer a ValidationError
 * naming the field, over HTTP and over the WebSocket alike.
 */
interface Answer {
  readonly status: number;
  readonly data?: Record<string, unknown> | null;
  readonly errors?: readonly AppSyncError[];
}

const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** POSTs a raw JSON text, so values too deep for JSON.stringify can be sent. */
async function post(api: ApiHarness, who: string, body: string): Promise<Answer> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: who, 'content-type': 'application/json' },
    payload: body,
  });
  return { status: res.statusCode, ...res.json<Omit<Answer, 'status'>>() };
}

const send = (api: ApiHarness, who: string, query: string, variables?: Record<string, unknown>) =>
  post(api, who, JSON.stringify({ query, variables }));

/** The only error of an answer, which must be a ValidationError. */
function refusal(answer: Answer): string {
  expect(answer.status).toBeLessThan(500);
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  return answer.errors?.[0]?.message ?? '';
}

const LIST_SUPPLIERS = 'query ($f: ModelSupplierFilterInput) { listSuppliers(filter: $f) { items { id } } }';
const nested = (key: 'not' | 'and', levels: number, inner = '{}'): string =>
  key === 'not'
    ? `${'{"not":'.repeat(levels)}${inner}${'}'.repeat(levels)}`
    : `${'{"and":['.repeat(levels)}${inner}${']}'.repeat(levels)}`;

describeDatabases('hostile inputs answer a ValidationError naming the field', (db) => {
  let api: ApiHarness;
  let world: World;
  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await approveLine(api, world.Buyer);
  });
  afterAll(async () => api.app.close());

  it('refuses a NUL byte in a variable, a key, a literal, a filter and an AWSJSON value', async () => {
    const create = 'mutation ($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }';
    expect(refusal(await send(api, 'Admin', create, { i: { supplier_name: 'a\u0000b' } }))).toBe(
      '$i.supplier_name holds a NUL character, which is not allowed',
    );
    expect(refusal(await send(api, 'Admin', create, { i: { 'supplier_\u0000name': 'x' } }))).toContain(
      'key with a NUL character',
    );
    expect(
      refusal(
        await send(api, 'Admin', 'mutation { createSupplier(input: { supplier_name: "a\\u0000b" }) { id } }'),
      ),
    ).toBe('input.supplier_name holds a NUL character, which is not allowed');
    expect(
      refusal(await send(api, 'Supplier', LIST_SUPPLIERS, { f: { supplier_name: { contains: '\u0000' } } })),
    ).toBe('$f.supplier_name.contains holds a NUL character, which is not allowed');
    const changeStatus = 'mutation ($i: ChangeStatusInput!) { changeStatus(input: $i) }';
    const values = JSON.stringify({ buyer_loan_approved_amount: 'a\u0000b' });
    expect(
      refusal(
        await send(api, 'Admin', changeStatus, {
          i: { model: 'Buyer', id: world.Buyer, to: 'Approved', values },
        }),
      ),
    ).toContain('AWSJSON value.buyer_loan_approved_amount holds a NUL character');
  });

  it('refuses a filter `not` nested 1,000 deep, and one just past the filter depth, before compiling it', async () => {
    const deep = await post(
      api,
      'Admin',
      `{"query":${JSON.stringify(LIST_SUPPLIERS)},"variables":{"f":${nested('not', 1000)}}}`,
    );
    expect(refusal(deep)).toContain(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
    expect(refusal(deep)).toMatch(/^\$f\.not\.not/);
    // Eleven levels pass the bound on raw variables and meet the filter's own.
    const eleven = await post(
      api,
      'Admin',
      `{"query":${JSON.stringify(LIST_SUPPLIERS)},"variables":{"f":${nested('not', 11, '{"id":{"eq":"x"}}')}}}`,
    );
    expect(refusal(eleven)).toBe('filter: and, or and not nest at most 10 levels deep');
    const wide = { or: Array.from({ length: 1001 }, (_, i) => ({ supplier_name: { eq: `n${i}` } })) };
    expect(refusal(await send(api, 'Admin', LIST_SUPPLIERS, { f: wide }))).toBe(
      'filter: at most 1000 conditions are allowed',
    );
    const ten = await post(
      api,
      'Admin',
      `{"query":${JSON.stringify(LIST_SUPPLIERS)},"variables":{"f":${nested('not', 10, '{"id":{"eq":"x"}}')}}}`,
    );
    expect(ten.errors).toBeUndefined();
  });

  it('refuses an `and` nested 5,000 deep in a variable, and a literal as deep as the parser allows, without exhausting the stack', async () => {
    const variable = await post(
      api,
      'Admin',
      `{"query":${JSON.stringify(LIST_SUPPLIERS)},"variables":{"f":${nested('and', 5000)}}}`,
    );
    expect(refusal(variable)).toContain(`nested deeper than ${MAX_INPUT_DEPTH} levels`);
    // Within the parser's 5,000 tokens, brackets alone would nest deep enough to exhaust its stack.
    const brackets = `query { listSuppliers(filter: { and: ${'['.repeat(4900)}${']'.repeat(4900)} }) { items { id } } }`;
    expect(refusal(await send(api, 'Admin', brackets))).toBe(
      'The query nests brackets deeper than 64 levels',
    );
    const literal = `${'{ and: ['.repeat(20)}{}${'] }'.repeat(20)}`;
    expect(
      refusal(await send(api, 'Admin', `query { listSuppliers(filter: ${literal}) { items { id } } }`)),
    ).toMatch(/^filter\.and\.and.*… is nested deeper than 32 levels$/);
    const tooLong = `query { ${'__typename '.repeat(5001)} }`;
    expect(refusal(await send(api, 'Admin', tooLong))).toContain('Document contains more that 5000 tokens');
  });

  it('refuses an impossible date and a non-numeric decimal in a filter, naming the field', async () => {
    const list = 'query ($f: ModelRequestFilterInput) { listRequests(filter: $f) { items { id } } }';
    expect(refusal(await send(api, 'Admin', list, { f: { invoice_date: { eq: '2026-02-30' } } }))).toBe(
      'filter invoice_date.eq: invoice_date must be a date in the form YYYY-MM-DD',
    );
    expect(refusal(await send(api, 'Admin', list, { f: { invoice_amount: { gt: 'abc' } } }))).toBe(
      'filter invoice_amount.gt: invoice_amount must be a decimal number such as 1250.50',
    );
    expect(
      refusal(
        await send(api, 'Admin', list, {
          f: { createdAt: { between: ['2026-01-01T00:00:00Z', '2026-02-30T00:00:00Z'] } },
        }),
      ),
    ).toContain('createdAt must be an ISO date-time');
    const fine = await send(api, 'Admin', list, {
      f: { invoice_amount: { gt: '-1' }, invoice_date: { le: '2026-02-28' } },
    });
    expect(fine.errors).toBeUndefined();
  });

  it('refuses an id that is no UUID on update and delete, and finds nothing for it on get', async () => {
    for (const id of ['nope', '------------------------------------']) {
      const update = await send(
        api,
        'Admin',
        'mutation ($i: UpdateSupplierInput!) { updateSupplier(input: $i) { id } }',
        {
          i: { id, _version: 1 },
        },
      );
      expect(refusal(update)).toBe('id must be the UUID of a Supplier');
      const remove = await send(
        api,
        'Admin',
        'mutation ($i: DeleteSupplierInput!) { deleteSupplier(input: $i) { id } }',
        {
          i: { id, _version: 1 },
        },
      );
      expect(refusal(remove)).toBe('id must be the UUID of a Supplier');
      const got = await send(api, 'Admin', 'query ($id: ID!) { getSupplier(id: $id) { id } }', { id });
      expect(got).toMatchObject({ status: 200, data: { getSupplier: null } });
      expect(got.errors).toBeUndefined();
    }
  });

  it('refuses an unknown field in an input variable, naming it', async () => {
    const answer = await send(
      api,
      'Admin',
      'mutation ($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }',
      {
        i: { supplier_nam: 'x' },
      },
    );
    expect(refusal(answer)).toContain('Field "supplier_nam" is not defined by type "CreateSupplierInput"');
  });

  it('refuses a date-time on a day that does not exist and a date in the year 0', async () => {
    const update = async (values: Record<string, unknown>) => {
      const got = await send(api, 'Admin', `query { getBank(id: "${world.Bank}") { _version } }`);
      const version = (got.data?.getBank as { _version: number })._version;
      return send(api, 'Admin', 'mutation ($i: UpdateBankInput!) { updateBank(input: $i) { id } }', {
        i: { id: world.Bank, _version: version, ...values },
      });
    };
    expect(refusal(await update({ reporting_start_date: '0000-01-01' }))).toContain(
      'reporting_start_date must be a date',
    );
    const list = 'query ($f: ModelSupplierFilterInput) { listSuppliers(filter: $f) { items { id } } }';
    expect(
      refusal(await send(api, 'Admin', list, { f: { updatedAt: { gt: '2026-02-30T10:00:00Z' } } })),
    ).toContain('updatedAt must be an ISO date-time');
  });

  it('refuses to approve a request of zero amount with a ValidationError, not a pricing failure', async () => {
    const made = await send(
      api,
      'Supplier',
      'mutation ($i: CreateRequestInput!) { createRequest(input: $i) { id } }',
      {
        i: {
          buyerId: world.Buyer,
          invoice_amount: '1000.00',
          invoice_currency: 'USD',
          invoice_date: day(-5),
          invoice_due_date: day(55),
          invoice_number: `ZERO-${Date.now()}`,
          invoice_attachment: 'tests/invoice.pdf',
          ...BUYER_SIGNER,
        },
      },
    );
    expect(made.errors).toBeUndefined();
    const id = (made.data?.createRequest as { id: string }).id;
    // A record from elsewhere: submission itself refuses a zero amount.
    await db().query(`UPDATE "request" SET invoice_amount = 0 WHERE id = $1`, [id]);
    const answer = await send(
      api,
      'Admin',
      `mutation { approveRequest(input: { id: "${id}", payout_date: "${day(0)}" }) { id } }`,
    );
    expect(refusal(answer)).toContain('invoice_amount is 0: only an amount above 0 can be approved');
  });

  it('compares a range of an id and a word as text, not failing the statement', async () => {
    const list = 'query ($f: ModelRequestFilterInput) { listRequests(filter: $f) { items { id } } }';
    const answer = await send(api, 'Admin', list, {
      f: { investorId: { between: ['word', world.Investor] } },
    });
    expect(answer.errors).toBeUndefined();
  });

  it('refuses an owner that is no organisation id, which a Plaidauth takes as its own id', async () => {
    const create = 'mutation ($i: CreatePlaidauthInput!) { createPlaidauth(input: $i) { id } }';
    expect(refusal(await send(api, 'Admin', create, { i: { userId: '1e400' } }))).toBe(
      'userId must be the id (a UUID) of an organisation',
    );
  });

  it('refuses an audit period from a date-time the database cannot read', async () => {
    const list = 'query ($f: AuditEventFilterInput) { listAuditEvents(filter: $f) { items { id } } }';
    expect(refusal(await send(api, 'Admin', list, { f: { from: '+142346-07-01T14:23:24.636Z' } }))).toBe(
      'from must be an ISO 8601 date-time',
    );
  });

  it('answers a scalar variable of the wrong type on a compiled query as a ValidationError', async () => {
    // No input-object variables: graphql-jit runs it, and its coercion errors carry no extensions.
    const answer = await send(api, 'Admin', 'query ($id: ID!) { documentVersions(id: $id) { attachment } }', {
      id: true,
    });
    expect(refusal(answer)).toContain('$id');
  });

  it('answers a body that is no JSON in the AppSync shape', async () => {
    const answer = await post(api, 'Admin', '{"query": "{ __typename }"');
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  });
});

/** Runs one operation over a graphql-ws connection: its result, or the errors it was refused with. */
async function overSocket(
  url: string,
  who: string,
  payload: { query: string; variables?: Record<string, unknown> },
): Promise<{ result?: Omit<Answer, 'status'>; errors?: readonly AppSyncError[] }> {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { Authorization: who },
    retryAttempts: 0,
  });
  try {
    return await new Promise((resolve, reject) => {
      client.subscribe(payload, {
        next: (result) => resolve({ result: result as Omit<Answer, 'status'> }),
        error: (error) =>
          Array.isArray(error) ? resolve({ errors: error as AppSyncError[] }) : reject(error),
        complete: () => undefined,
      });
    });
  } finally {
    await client.dispose();
  }
}

describeDatabases('errors over the WebSocket are formatted as over HTTP', (db) => {
  let api: ApiHarness;
  let url: string;
  beforeAll(async () => {
    api = await createApiHarness(db());
    api.callers.set('Admin', CALLERS.Admin);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
  });
  afterAll(async () => api.app.close());

  it('refuses a hostile variable with a ValidationError naming it', async () => {
    const deep = JSON.parse(nested('and', MAX_INPUT_DEPTH)) as Record<string, unknown>;
    const { errors } = await overSocket(url, 'Admin', { query: LIST_SUPPLIERS, variables: { f: deep } });
    expect(errors).toEqual([expect.objectContaining({ errorType: 'ValidationError' })]);
    expect(errors?.[0]?.message).toMatch(/^\$f\.and\[0\].* is nested deeper than 32 levels$/);
    const { result } = await overSocket(url, 'Admin', {
      query: 'mutation ($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }',
      variables: { i: { supplier_nam: 'x' } },
    });
    expect(result?.errors?.[0]).toMatchObject({ errorType: 'ValidationError' });
  });

  it('answers a database error as InternalFailure, never with the PostgreSQL message', async () => {
    // A real database error: the statement names a table that is no longer there.
    await db().exec('ALTER TABLE "supplier" RENAME TO "supplier_gone"');
    const { result } = await overSocket(url, 'Admin', { query: 'query { listSuppliers { items { id } } }' });
    expect(result?.errors).toEqual([
      expect.objectContaining({
        message: 'An internal error occurred',
        errorType: 'InternalFailure',
        data: null,
      }),
    ]);
    expect(JSON.stringify(result)).not.toMatch(/relation|does not exist|supplier"|stack/);
  });
});

describe('in production, no message suggests field names', () => {
  let database: Database;
  let api: ApiHarness;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    api = await createApiHarness(database, { production: true });
    api.callers.set('Admin', CALLERS.Admin);
  });
  afterAll(async () => {
    await api.app.close();
    await database.close();
  });

  it('leaves "Did you mean" out of validation and variable coercion errors', async () => {
    const unknownField = refusal(await send(api, 'Admin', 'query { listSupplier { items { id } } }'));
    expect(unknownField).toBe('Cannot query field "listSupplier" on type "Query".');
    const unknownInput = refusal(
      await send(api, 'Admin', 'mutation ($i: CreateSupplierInput!) { createSupplier(input: $i) { id } }', {
        i: { supplier_nam: 'x' },
      }),
    );
    expect(unknownInput).toContain('Field "supplier_nam" is not defined by type "CreateSupplierInput"');
    expect(unknownInput).not.toContain('Did you mean');
  });
});
