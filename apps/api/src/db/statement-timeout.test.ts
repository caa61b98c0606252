import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { formatError } from '../graphql/errors.ts';
import { openDatabase, StatementTimeout } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the statement timeout on PostgreSQL', () => {
  it('cancels a statement that runs longer, as StatementTimeout; migrations (exec) run without it', async () => {
    const db = await openDatabase(url!, { statementTimeoutMs: 200 });
    try {
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toBeInstanceOf(StatementTimeout);
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(2)'))).rejects.toBeInstanceOf(
        StatementTimeout,
      );
      await expect(db.exec('SELECT pg_sleep(0.4)')).resolves.toBeUndefined();
      // The connection that ran the script is back to the timeout for the next statement.
      await expect(db.query('SELECT pg_sleep(2)')).rejects.toBeInstanceOf(StatementTimeout);
      expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
  });
});

describe('a cancelled statement as the client sees it', () => {
  it('is LimitExceeded with advice, not the database message and not an internal failure', () => {
    const logged: unknown[] = [];
    const answer = formatError(new GraphQLError('x', { originalError: new StatementTimeout() }), (e) =>
      logged.push(e),
    );
    expect(answer).toMatchObject({ errorType: 'LimitExceeded', message: /took too long/ });
    expect(logged).toEqual([]);
  });
});
