/**
 * The unit tests alone, for mutation testing (stryker.config.mjs): Stryker runs the ones related to each
 * mutated module. The main config's integration projects start the local world, which a mutant run must not.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [{ find: /^@\//, replacement: root }],
  },
  test: {
    include: ['server/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.int.test.ts'],
  },
});
