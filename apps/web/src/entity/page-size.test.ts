import { MODEL_NAMES } from '@rf/domain/entity';
import { describe, expect, it } from 'vitest';
import { QUERY_BUDGET, listQuery, pageSizeOf } from './queries.ts';

/**
 * A page of every list the app reads whole (`listAll`) stays within the server's query budget
 * (docs/architecture.md, “Sessions, limits and enumeration”), which counts a variable `limit` at its
 * value: one for the list, then per row one for `items`, each selected field and `nextToken`.
 */
describe('listAll pages', () => {
  it('cost at most the server’s budget for every model', () => {
    for (const model of MODEL_NAMES) {
      const fields = /items \{ ([^}]*) \}/.exec(listQuery(model, false))?.[1]?.split(' ') ?? [];
      const cost = 1 + pageSizeOf(model) * (1 + fields.length + 1);
      expect(cost, model).toBeLessThanOrEqual(QUERY_BUDGET);
      expect(pageSizeOf(model), model).toBeGreaterThan(100);
    }
  });
});
