/**
 * The part of the env module (with ./env.ts) that plain JavaScript loads: next.config.mjs and what it imports
 * run before any TypeScript is compiled, so what they read from the environment is read here.
 *
 * The NEXT_PUBLIC_ variables: Next builds their values into the pages' scripts, so they are checked when the
 * app is built (next.config.mjs), where a bad value fails the build instead of a person's click. Browser code
 * still spells each one out as `process.env.NEXT_PUBLIC_…` where it uses it (components/providers/wagmi-config.ts):
 * Next replaces that literal text with the value at build time, and a read through a function here would not be
 * replaced.
 */

/** A WalletConnect Cloud project id: 32 hex digits. */
const WALLETCONNECT_PROJECT_ID = /^[0-9a-f]{32}$/;

/** What is wrong with the public variables, one line each; empty when they are fine (or unset). */
export function publicEnvProblems(env) {
  const projectId = env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID;
  if (projectId === undefined || projectId === '' || WALLETCONNECT_PROJECT_ID.test(projectId)) return [];
  return ['NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: must be a WalletConnect project id, 32 lowercase hex digits'];
}

/**
 * What the build reads (next.config.mjs), validated: a bad public variable throws, failing the build.
 * - `publicEnv`: the NEXT_PUBLIC_ values the build inlines; one unset is given as '' so the code behind it is
 *   dead code the build drops (an unset one would stay a runtime lookup, and its code in the bundle).
 * - `typesChecked`: BUILD_TYPES_CHECKED=1, set by the test run that has just run `tsc --noEmit` on the same project.
 */
export function buildEnv(env = process.env) {
  const problems = publicEnvProblems(env);
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return {
    publicEnv: { NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID ?? '' },
    typesChecked: env.BUILD_TYPES_CHECKED === '1',
  };
}

/** True in the built app (`next build`, `next start`, `npm start`); false under `next dev` and in tests. */
export function isProductionBuild(env = process.env) {
  return env.NODE_ENV === 'production';
}
