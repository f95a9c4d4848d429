import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Mutation testing of the pure critical modules: `npm run test:mutation`. Each mutant is a small change to one
 * of these files (an operator, a condition, a string, a method); the unit tests related to the file must fail
 * on it. Reports: reports/mutation/ (HTML and JSON, git-ignored). The run fails below a 90 % score.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  mutate: [
    'server/trading/quote-id.ts',
    'server/fees/fee-model.ts',
    'server/auth/rate-limiter.ts',
    'server/auth/api-key-secret.ts',
    'server/tokens/audit/verdict.ts',
    'server/trading/evm/transaction-plan.ts',
    'server/store/trade-state.ts',
    'server/store/bridge-state.ts',
    'server/bridge/deposit-depth.ts',
    'server/bridge/chain-signing.ts',
  ],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // The sandbox needs the sources and their unit tests, not build output, local data, reports or browser tests.
  ignorePatterns: ['.next', '.data', '.test-data', 'test-results', 'playwright-report', 'reports', 'e2e', 'bench/results'],
  // Outside the repository: vitest's unit project and tsc would otherwise pick up the sandbox's copies.
  tempDirName: path.join(tmpdir(), 'swapbridge-stryker'),
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 95, low: 90, break: 90 },
};
