import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const ignored = ['**/node_modules/**', 'e2e/**', '.next/**', '.data/**', '.test-data/**'];

/**
 * Integration files that start every node, store and server they use themselves (no shared world): they
 * run in a process of their own beside the shared-world files (see scripts/test-all.ts).
 */
export const ISOLATED_INT_FILES = [
  'devnet/evm/evm-world.int.test.ts',
  'devnet/solana/solana-node.int.test.ts',
  'server/api/routers/dev.int.test.ts',
  'server/deploy/deploy-contracts.int.test.ts',
  'server/deploy/real-chain.int.test.ts',
  'server/doctor/doctor.int.test.ts',
  'server/health/health-check.int.test.ts',
  'server/store/private-data-dir.int.test.ts',
  'server/store/shared-pglite.int.test.ts',
  'server/store/store.int.test.ts',
];

/**
 * Unit files that replace a module (`vi.mock`): they need a module registry of their own. Every other unit
 * file shares its worker's modules with the files before it, which cuts the run from 80 s to 25 s here
 * (imports were most of it); a unit test leaves no module state behind, and the shuffled runs check that.
 */
export const MOCKING_UNIT_FILES = ['server/auth/constant-time.test.ts'];

const integration = {
  // Real servers, child processes and PGlite start-ups (seconds each).
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Files start servers and processes of their own, and the shared world's files trade on the same
  // chains: one file at a time per project.
  fileParallelism: false,
};

export default defineConfig({
  resolve: {
    // tsconfig's `@/*` path; a regex so that scoped packages such as `@electric-sql/...` are left alone.
    alias: [{ find: /^@\//, replacement: root }],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: [...ignored, '**/*.int.test.ts', ...MOCKING_UNIT_FILES],
          isolate: false,
          // The full run starts the type check, the build and the chain worlds beside the unit tests on two
          // cores: a property test of a few hundred signatures took 5.4 s there, over the 5 s default.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-mocking',
          include: MOCKING_UNIT_FILES,
          exclude: ignored,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude: [...ignored, ...ISOLATED_INT_FILES],
          globalSetup: ['devnet/vitest-global-setup.ts'],
          setupFiles: ['devnet/vitest-world-env.ts'],
          ...integration,
          // One file at a time in one process: its modules (viem, web3.js, the server's) load once, not per
          // file, which halves the suite here (imports were 77 s of it, and each file's connections new).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'int-isolated',
          include: ISOLATED_INT_FILES,
          exclude: ignored,
          ...integration,
        },
      },
    ],
  },
});
