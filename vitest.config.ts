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
    // two finish the suite in 500 s instead of 610 (the files wait on databases part of the time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
