import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // One graphql-js, as in the running server: Node loads `graphql` by its CommonJS `main` for
    // graphql-ws, so the tests' own imports must not take the ESM `module` copy (a GraphQLError of
    // one copy is not an instance of the other's).
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single one on a two-core machine, where
    // two finish the PGlite suite in 500 s instead of 610. On PostgreSQL one file at a time: each has
    // a schema of its own, but NOTIFY channels are the database's, so files in parallel hear each
    // other's change feeds (a socket of 200 subscriptions, flooded by another file's events, timed out).
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : Math.max(2, availableParallelism() - 1),
  },
});
