import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildClientSchema,
  getIntrospectionQuery,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../db/test-databases.ts';
import { createApiHarness, type ApiHarness } from '../testing/api-harness.ts';
import { InputArbitraries, operationArbitrary, type FuzzOperation } from '../testing/schema-arbitraries.ts';
import { CALLERS, ORGS, approveLine, buildWorld, type World } from '../testing/world.ts';
import { MAX_BATCH } from './limits.ts';

/**
 * Generated inputs tried per run: operations on every query and mutation the API serves (each
 * model's get, list with filters, create, update and delete, and the named operations), sent in
 * batches of MAX_BATCH, as an administrator and as a supplier. 10,000 keeps the file within CI's
 * budget (about 40 s on 2 CPUs); raise it for a longer hunt.
 */
const INPUTS_PER_RUN = 10_000;

/** Where the run's count is written for the reliability notes (test-results/ is git-ignored). */
const REPORT = new URL('../../../../test-results/schema-fuzz.json', import.meta.url);

/** Messages only the database writes, which must never reach a client, not even inside an ApiError. */
const DATABASE_WORDING =
  /invalid input syntax|violates .* constraint|relation ".*" does not exist|out of range for type|syntax error at or near|invalid byte sequence|stack depth/i;

interface Answer {
  readonly errors?: readonly { message?: string; errorType?: string }[];
}

/** What is wrong with an answer to one operation, or null: InternalFailure, a stack, database wording. */
function wrongIn(answer: Answer): string | null {
  for (const error of answer.errors ?? []) {
    if (error.errorType === 'InternalFailure') return 'InternalFailure';
    if (typeof error.message !== 'string' || !error.message) return 'an error without a message';
    if (/\n\s+at /.test(error.message)) return `a stack trace: ${error.message}`;
    if (DATABASE_WORDING.test(error.message)) return `a database message: ${error.message}`;
    if (!error.errorType) return `an error without errorType: ${error.message}`;
  }
  return null;
}

const shown = (operation: FuzzOperation): string =>
  JSON.stringify(operation, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 300 ? `${v.slice(0, 300)}…` : v,
  ).slice(0, 3000);

// The embedded database only: the property is about the API's own validation, the same on both
// databases; the regressions for each finding run on both (hostile-inputs.test.ts).
describe('every generated input to the GraphQL schema is answered without InternalFailure or 5xx [pglite]', () => {
  let db: Database;
  let api: ApiHarness;
  let schema: GraphQLSchema;
  let world: World;
  let ids: string[];
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    api = await createApiHarness(db);
    for (const [name, caller] of Object.entries(CALLERS)) api.callers.set(name, caller);
    world = await buildWorld(api, '');
    await approveLine(api, world.Buyer);
    ids = [...Object.values(world), ...Object.values(ORGS)];
    // The schema as served, so every field anyone adds is fuzzed without touching this test; our
    // types wrap at most three deep ([X!]!), which keeps introspection within the depth limit.
    const introspection = await api.gql<IntrospectionQuery>('Admin', getIntrospectionQuery({ typeDepth: 4 }));
    expect(introspection.errors).toBeUndefined();
    schema = buildClientSchema(introspection.data as IntrospectionQuery);
  });
  afterAll(async () => {
    await api.app.close();
    await db.close();
  });

  it(`answers ${INPUTS_PER_RUN} generated operations with data or a typed, clean error`, async () => {
    const started = Date.now();
    const seed = Date.now() % 2 ** 31;
    const operation = operationArbitrary(schema, new InputArbitraries(world, ids));
    let tried = 0;
    /** How the operations were answered: data, or the errorType of their first error. */
    const answered: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('Admin', 'Supplier'),
        fc.array(operation, { minLength: MAX_BATCH, maxLength: MAX_BATCH }),
        async (who, batch) => {
          const send = (payload: object) =>
            api.app.inject({ method: 'POST', url: '/graphql', headers: { authorization: who }, payload });
          const res = await send(batch);
          tried += batch.length;
          if (res.statusCode >= 500) {
            // Which operation: each alone.
            for (const op of batch) {
              const alone = await send(op);
              if (alone.statusCode >= 500)
                throw new Error(`${alone.statusCode} ${alone.body.slice(0, 300)} as ${who} for ${shown(op)}`);
            }
            throw new Error(`${res.statusCode} for the batch ${res.body.slice(0, 300)}`);
          }
          const body = res.json<Answer | Answer[]>();
          const answers = Array.isArray(body) ? body : batch.map(() => body);
          answers.forEach((answer, i) => {
            const kind = answer.errors?.[0]?.errorType ?? 'data';
            answered[kind] = (answered[kind] ?? 0) + 1;
            const wrong = wrongIn(answer);
            if (wrong) throw new Error(`${wrong} as ${who} for ${shown(batch[i] as FuzzOperation)}`);
          });
        },
      ),
      { numRuns: INPUTS_PER_RUN / MAX_BATCH, seed, endOnFailure: true },
    );
    const report = {
      inputs: tried,
      batches: tried / MAX_BATCH,
      callers: ['Admin', 'Supplier'],
      answered,
      seed,
    };
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `schema fuzz: ${tried} generated inputs, none answered InternalFailure or 5xx (${seconds.toFixed(1)} s): ${JSON.stringify(answered)}`,
    );
    mkdirSync(new URL('.', REPORT), { recursive: true });
    writeFileSync(
      REPORT,
      `${JSON.stringify({ ...report, seconds, finishedAt: new Date().toISOString() }, null, 2)}\n`,
    );
    expect(tried).toBe(INPUTS_PER_RUN);
  }, 180_000);
});
