import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
    // the second reporter fails a whole-suite run when a rule of docs/rules-spec.md is in no passed test's title
    reporters: ['default', './tests/support/rule-coverage-reporter.ts'],
  },
});
