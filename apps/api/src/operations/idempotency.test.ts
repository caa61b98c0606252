import { afterAll, beforeAll, expect, it } from 'vitest';
import { REGISTRY } from '@rf/domain';
import { describeDatabases } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { sampleInput } from '../testing/samples.ts';
import {
  buildWorld,
  CALLERS,
  fundedLine,
  onPricedPayoutDay,
  readyForApproval,
  type World,
} from '../testing/world.ts';

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; errorType: string }[] };

/**
 * Idempotency keys on the operations that reserve, post or move money
 * (docs/architecture.md, “Idempotency keys”): a retry with the same key and input answers the first
 * result and posts nothing again, concurrent retries post once, the same key with another input is
 * refused.
 */
describeDatabases('idempotency keys of money operations', (db) => {
  let api: ApiHarness;
  let world: World;
  let line: string;
  const sql = (text: string, params: string[] = []) => db().query(text, params);

  const invoice = (amount: string, n: string) => ({
    ...sampleInput(REGISTRY.Request, {
      buyerId: line,
      supplierId: world.Supplier,
      invoice_amount: amount,
      invoice_currency: 'USD',
      invoice_number: n,
      invoice_date: '2026-03-01',
      invoice_due_date: '2026-05-08',
    }),
    sold_goods_description: 'Steel coils',
    invoice_attachment: 'tests/invoice.pdf',
    bill_of_lading_attachment: 'tests/bol.pdf',
    ipu_signature_email: 'signer@buyer.test',
  });
  const submit = (requests: unknown[], idempotencyKey?: string) =>
    api.gql(
      'Supplier',
      'mutation ($input: SubmitRequestsInput!) { submitRequests(input: $input) { batchId ids } }',
      { input: { buyerId: line, requests: JSON.stringify(requests), idempotencyKey } },
    ) as Promise<Result>;
  const batchOf = (res: Result) => res.data?.submitRequests as { batchId: string; ids: string[] } | undefined;
  const count = async (text: string, params: string[]) => Number((await sql(text, params))[0]!.n);
  const requestsOnLine = () => count(`SELECT count(*)::int AS n FROM "request" WHERE "buyerId" = $1`, [line]);
  const postingsOf = (event: string) =>
    count(`SELECT count(*)::int AS n FROM ledger_transaction WHERE event LIKE $1`, [event]);

  beforeAll(async () => {
    api = await createApiHarness(db());
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await onPricedPayoutDay(api);
    line = await fundedLine(api, world, { limit: '10000.00', advance: '100', name: 'Keystone Trading Ltd' });
  });
  afterAll(async () => api.app.close());

  it('answers a retried submission with the first one and reserves once', async () => {
    const batch = [invoice('1000.00', 'IDEM-1'), invoice('500.00', 'IDEM-2')];
    const first = await submit(batch, 'submit-1');
    expect(first.errors).toBeUndefined();
    const before = await requestsOnLine();
    const again = await submit(batch, 'submit-1');
    expect(again.errors).toBeUndefined();
    expect(batchOf(again)).toEqual(batchOf(first));
    expect(await requestsOnLine()).toBe(before);
    for (const id of batchOf(first)!.ids) expect(await postingsOf(`reserve:${id}`)).toBe(1);
    const [tx] = await sql(`SELECT idempotency_key FROM ledger_transaction WHERE event = $1`, [
      `reserve:${batchOf(first)!.ids[0]!}`,
    ]);
    expect(tx!.idempotency_key).toBe('submit-1');
  });

  it('refuses the same key with another input, and a malformed key', async () => {
    await submit([invoice('100.00', 'IDEM-3')], 'submit-2');
    const other = await submit([invoice('100.01', 'IDEM-3')], 'submit-2');
    expect(other.errors?.[0]).toMatchObject({
      errorType: 'ValidationError',
      message: 'idempotencyKey submit-2 was used for another request; use a new key for a new request',
    });
    const bad = await submit([invoice('100.00', 'IDEM-4')], 'has space');
    expect(bad.errors?.[0]?.message).toMatch(/^idempotencyKey must be 1 to 200 visible ASCII characters/);
  });

  it('keeps no claim when the attempt fails, so the corrected retry runs', async () => {
    const refused = await submit([invoice('99999.00', 'IDEM-5')], 'submit-3');
    expect(refused.errors?.[0]?.message).toMatch(/exceeds the available limit/);
    const fixed = await submit([invoice('10.00', 'IDEM-5')], 'submit-3');
    expect(fixed.errors).toBeUndefined();
  });

  it('posts concurrent retries of one submission once', async () => {
    const batch = [invoice('200.00', 'IDEM-6')];
    const before = await requestsOnLine();
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(batch, 'submit-4')));
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(new Set(results.map((r) => batchOf(r)!.batchId)).size).toBe(1);
    expect(await requestsOnLine()).toBe(before + 1);
  });

  it('answers a retried approval with the first result and posts it once', async () => {
    const made = await submit([invoice('300.00', 'IDEM-7')]);
    const id = batchOf(made)!.ids[0]!;
    await readyForApproval(api, id);
    const approve = (idempotencyKey: string, reason = 'ok') =>
      api.gql(
        'Admin',
        'mutation ($input: ApproveRequestInput!) { approveRequest(input: $input) { id request_status _version } }',
        {
          input: { id, reason, payout_date: '2026-03-09', idempotencyKey },
        },
      ) as Promise<Result>;
    const first = await approve('approve-1');
    expect(first.errors).toBeUndefined();
    const again = await approve('approve-1');
    expect(again.errors).toBeUndefined();
    expect(again.data).toEqual(first.data);
    expect(await postingsOf(`approval:${id}`)).toBe(1);
    // Without the key the retry is a second approval, which the lifecycle refuses.
    expect((await approve('approve-2')).errors?.[0]?.message).toMatch(
      /not possible while the Request is Approved/,
    );
    expect((await approve('approve-1', 'another reason')).errors?.[0]?.message).toMatch(
      /was used for another request/,
    );
    const [tx] = await sql(`SELECT idempotency_key, operation FROM ledger_transaction WHERE event = $1`, [
      `approval:${id}`,
    ]);
    expect(tx).toEqual({ idempotency_key: 'approve-1', operation: 'approveRequest' });
  });
});
