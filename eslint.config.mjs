// @ts-check
/**
 * ESLint: typescript-eslint's recommended rules including those that use the type checker (a promise nobody
 * awaits, a promise handed where a plain callback is expected, `any` leaking into typed code), and React's rules
 * of hooks over the React code. `npm run lint`; scripts/test-all.ts runs it with the other checks.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.spec.ts'];

export default defineConfig(
  {
    // Generated code is checked through its generator's tests; build output, dependencies and test artefacts are not ours.
    ignores: [
      '**/generated/**',
      '.next/**',
      'node_modules/**',
      '.data/**',
      '.test-data/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      '.scratch/**',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The types come from tsconfig.json, found for each file the way the editor finds it.
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its rejection; one handed to an API that expects a plain callback (an
      // event handler, a timer) is not awaited by it. Both are bugs unless marked `void` on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Off: an `async` function without `await` is how this code implements a promise-returning interface (and
      // its test fakes); `async` also turns a throw into a rejection, which callers rely on. Dropping it would
      // change that behaviour, not fix a bug.
      '@typescript-eslint/require-await': 'off',
      // `_name` marks an argument a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The rules of hooks apply to React code only: elsewhere `use…` names are Playwright's fixture callback and
    // the integration tests' `useRestClient`, which are not React hooks.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // A hook called conditionally breaks React's state order; a missing dependency keeps a stale value (the
      // token picker's onClose was one).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read JSON answers (`any` from `response.json()`) and check their shape with `expect`, which is the
    // check that matters there; typing each answer again in every test would copy the API's types by hand.
    // They hand methods to `expect` and `vi.spyOn` by reference, which never calls them unbound.
    // The promise rules stay on in tests: an assertion nobody awaits passes without running.
    files: TESTS,
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Playwright reads a fixture's first parameter as the list of fixtures it needs: `async ({}, use) => …` is
    // how a fixture says it needs none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
);
