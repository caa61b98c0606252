import type { ExplainedStatement } from './explain.ts';
import type { Operation } from './operations.ts';
import type { Timing } from './timing.ts';

export interface MeasuredOperation {
  readonly op: Operation;
  readonly timing: Timing;
  /** The same calls with the insight migration's indexes dropped (BENCH_INSIGHT_BEFORE_SAMPLES). */
  readonly before?: Timing | undefined;
  readonly statements: readonly ExplainedStatement[];
  /** The same statements with the indexes of the insight migration dropped (when it has any). */
  readonly withoutIndexes?: readonly ExplainedStatement[] | undefined;
}

export interface ReportInfo {
  readonly date: string;
  readonly machine: string;
  readonly node: string;
  readonly postgres: string;
  readonly dataset: string;
  readonly callers: readonly string[];
  readonly settings: string;
  readonly indexes: readonly string[];
  readonly notes: readonly string[];
}

const ms = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const oneLine = (sql: string, max = 110): string => {
  const s = sql.replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max)}…` : s;
};
const cell = (s: string): string => s.replace(/\|/g, '\\|');

export const statementTime = (s: ExplainedStatement): number => s.planningMs + s.executionMs;

export function resultsTable(rows: readonly MeasuredOperation[]): string {
  const lines = [
    '| operation | caller | covers | samples | p50 (ms) | p95 (ms) | max (ms) | target p95 | ✓/✗ | without the 0018 indexes: samples, p50, p95 (ms) | SQL statements (reads) | Σ execution in EXPLAIN (ms) |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | :-: | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    const sum = r.statements.reduce((a, s) => a + s.executionMs, 0);
    lines.push(
      `| ${r.op.label} | ${r.op.caller} | ${r.op.scope} | ${r.timing.samples} | ${ms(r.timing.p50)} | ${ms(r.timing.p95)} | ${ms(r.timing.max)} | ≤ ${r.op.targetMs} | ${r.timing.p95 <= r.op.targetMs ? '✓' : '✗'} | ${r.before ? `${r.before.samples}, ${ms(r.before.p50)}, ${ms(r.before.p95)}` : ''} | ${r.statements.length} | ${ms(sum)} |`,
    );
  }
  return lines.join('\n');
}

function statementsTable(r: MeasuredOperation): string {
  const before = new Map((r.withoutIndexes ?? []).map((s, i) => [i, s]));
  const hasBefore = before.size > 0;
  const lines = [
    `| # | statement | planning (ms) | execution (ms)${hasBefore ? ' | without the 0018 indexes (ms)' : ''} | buffers hit/read | seq scans | indexes |`,
    `| ---: | --- | ---: | ---: |${hasBefore ? ' ---: |' : ''} ---: | --- | --- |`,
  ];
  r.statements.forEach((s, i) => {
    const b = before.get(i);
    lines.push(
      `| ${i + 1} | \`${cell(oneLine(s.sql))}\` | ${ms(s.planningMs)} | ${ms(s.executionMs)}${hasBefore ? ` | ${b ? ms(b.executionMs) : ''}` : ''} | ${s.sharedHit}/${s.sharedRead} | ${cell(s.seqScans.join('; ') || '–')} | ${cell(s.indexes.join(', ') || '–')} |`,
    );
  });
  return lines.join('\n');
}

const PLAN_LINES = 90;

/** A plan cut to its first lines (the costly nodes of these plans come first). */
const clip = (text: string): string => {
  const lines = text.split('\n');
  return lines.length <= PLAN_LINES
    ? text
    : `${lines.slice(0, PLAN_LINES).join('\n')}\n… ${lines.length - PLAN_LINES} more lines`;
};

/** Full plans of the statements that take the most time (the slowest, and any over 20 ms). */
function plans(r: MeasuredOperation): string {
  const ranked = r.statements
    .map((s, i) => ({ s, i }))
    .sort((a, b) => statementTime(b.s) - statementTime(a.s))
    .filter((x, rank) => rank === 0 || statementTime(x.s) > 20);
  return ranked
    .map(({ s, i }) => {
      const b = r.withoutIndexes?.[i];
      const without =
        b && b.text !== s.text ? `\n\nWithout the 0018 indexes:\n\n\`\`\`text\n${clip(b.text)}\n\`\`\`` : '';
      return `Statement ${i + 1}, parameters \`${cell(JSON.stringify(s.params)).slice(0, 300)}\`:\n\n\`\`\`sql\n${s.sql.trim()}\n\`\`\`\n\n\`\`\`text\n${clip(s.text)}\n\`\`\`${without}`;
    })
    .join('\n\n');
}

/**
 * A section per operation with statements; an operation sending the same SQL as one already shown
 * (the CSV and PDF downloads run funderReport's) refers to its plans instead of repeating them.
 */
function sections(rows: readonly MeasuredOperation[]): string {
  const shown = new Map<string, string>();
  return rows
    .filter((r) => r.statements.length)
    .map((r) => {
      const title = `${r.op.label}, ${r.op.caller}`;
      const key = `${r.op.caller}\n${r.statements.map((x) => x.sql).join('\n')}`;
      const same = shown.get(key);
      if (!same) shown.set(key, title);
      const body = same
        ? `The same statements as ${same}: plans there.`
        : `<details><summary>Plans</summary>\n\n${plans(r)}\n\n</details>`;
      return `### ${title}\n\n${statementsTable(r)}\n\n${body}`;
    })
    .join('\n\n');
}

export function markdown(rows: readonly MeasuredOperation[], info: ReportInfo): string {
  return `# Insight benchmark results

Written by \`npm run bench:insight\` (bench/insight/run.ts); see [README.md](README.md), “bench:insight”.

- Date: ${info.date}
- Machine: ${info.machine}
- Node ${info.node}, ${info.postgres}
- Data set: ${info.dataset}
- Callers: ${info.callers.join('; ')}
- Measurement: ${info.settings}
- Indexes of migration 0018 (insight): ${info.indexes.length ? info.indexes.map((i) => `\`${i}\``).join(', ') : 'none'}

## Latency

${resultsTable(rows)}

${info.notes.map((n) => `- ${n}`).join('\n')}

## The SQL of each operation

Every statement the server sent for one call of the operation (recorded in-process through a
wrapper of our database layer, the call made once before so caches are warm), explained with its
own parameters by \`EXPLAIN (ANALYZE, BUFFERS)\` (run twice, the second counted). Statements that
write (sessions, audit) are listed by the recording but not explained.

${sections(rows)}
`;
}
