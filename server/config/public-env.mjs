/**
 * The NEXT_PUBLIC_ variables: Next builds their values into the pages' scripts, so they are checked when the
 * app is built (next.config.mjs), where a bad value fails the build instead of a person's click. Plain
 * JavaScript, as next.config.mjs loads it before any TypeScript is compiled.
 */

/** A WalletConnect Cloud project id: 32 hex digits. */
const WALLETCONNECT_PROJECT_ID = /^[0-9a-f]{32}$/;

/** What is wrong with the public variables, one line each; empty when they are fine (or unset). */
export function publicEnvProblems(env) {
  const projectId = env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID;
  if (projectId === undefined || projectId === '' || WALLETCONNECT_PROJECT_ID.test(projectId)) return [];
  return ['NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: must be a WalletConnect project id, 32 lowercase hex digits'];
}
