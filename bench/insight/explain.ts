import type { Database } from '../../apps/api/src/db/database.ts';
import type { Statement } from './capture.ts';

/** EXPLAIN (ANALYZE, BUFFERS) of one captured statement. */
export interface ExplainedStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly planningMs: number;
  readonly executionMs: number;
  /** Shared buffers hit and read by the whole plan (8 kB pages). */
  readonly sharedHit: number;
  readonly sharedRead: number;
  /** Sequential scans of the plan, with the rows each returned and removed. */
  readonly seqScans: string[];
  /** Indexes the plan uses. */
  readonly indexes: string[];
  readonly text: string;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** Statements that only read: the ones EXPLAIN ANALYZE may run (inside a rolled-back transaction). */
export const isRead = (sql: string): boolean =>
  /^\s*(SELECT|WITH|VALUES|TABLE)\b/i.test(sql) && !/\bFOR\s+UPDATE\b/i.test(sql);

interface Explain {
  Plan: PlanNode;
  'Planning Time': number;
  'Execution Time': number;
}

class Rollback extends Error {
  constructor(
    readonly json: Explain | undefined,
    readonly text: string,
  ) {
    super('rolled back');
  }
}

const parse = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * Runs each read statement under EXPLAIN (ANALYZE, BUFFERS) with its own parameters, twice (the
 * second counted, caches warm), in a transaction that is rolled back. `before` runs first in that
 * transaction (e.g. dropping an index to see the plan without it).
 */
export async function explainStatements(
  db: Database,
  statements: readonly Statement[],
  before?: string,
): Promise<ExplainedStatement[]> {
  const out: ExplainedStatement[] = [];
  for (const s of statements.filter((x) => isRead(x.sql))) {
    const explained = await db
      .transaction(async (tx) => {
        await tx.query('SET LOCAL statement_timeout = 0');
        if (before) await tx.query(before);
        for (const setting of s.settings) await tx.query(setting);
        let json: Explain | undefined;
        for (let i = 0; i < 2; i++) {
          const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(
            `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${s.sql}`,
            s.params,
          );
          json = (parse(row?.['QUERY PLAN']) as Explain[])[0];
        }
        const text = await tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`,
          s.params,
        );
        // Thrown so that the transaction (and whatever `before` changed) is rolled back.
        throw new Rollback(json, text.map((r) => r['QUERY PLAN']).join('\n'));
      })
      .catch((error: unknown) => {
        if (error instanceof Rollback) return error;
        throw error;
      });
    const plan = explained.json;
    if (!plan) continue;
    const seqScans: string[] = [];
    const indexes = new Set<string>();
    walk(plan.Plan, (n) => {
      if (n['Node Type'] === 'Seq Scan')
        seqScans.push(
          `${n['Relation Name']} (${(n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1)} rows, ${(n['Rows Removed by Filter'] ?? 0) * (n['Actual Loops'] ?? 1)} removed)`,
        );
      if (n['Index Name']) indexes.add(n['Index Name']);
    });
    out.push({
      sql: s.sql,
      params: s.params,
      planningMs: plan['Planning Time'],
      executionMs: plan['Execution Time'],
      sharedHit: plan.Plan['Shared Hit Blocks'] ?? 0,
      sharedRead: plan.Plan['Shared Read Blocks'] ?? 0,
      seqScans,
      indexes: [...indexes],
      text: explained.text,
    });
  }
  return out;
}
