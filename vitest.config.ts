import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const ignored = ['**/node_modules/**', 'e2e/**', '.next/**', '.data/**', '.test-data/**'];

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
          exclude: [...ignored, '**/*.int.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          globalSetup: ['devnet/vitest-global-setup.ts'],
          setupFiles: ['devnet/vitest-world-env.ts'],
          exclude: ignored,
          // Real servers, child processes and PGlite start-ups (seconds each).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Files start servers and processes of their own; one at a time keeps them from starving each other.
          fileParallelism: false,
        },
      },
    ],
  },
});
