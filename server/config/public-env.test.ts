import { describe, expect, it } from 'vitest';
import { buildEnv, isProductionBuild, publicEnvProblems } from './public-env.mjs';

describe('public variables', () => {
  it('take no WalletConnect project id, or a well-formed one', () => {
    expect(publicEnvProblems({})).toEqual([]);
    expect(publicEnvProblems({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: '' })).toEqual([]);
    expect(publicEnvProblems({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: '0123456789abcdef0123456789abcdef' })).toEqual([]);
  });

  it('name a malformed project id', () => {
    expect(publicEnvProblems({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: 'my-project' })).toEqual([
      'NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: must be a WalletConnect project id, 32 lowercase hex digits',
    ]);
  });
});

describe("the build's environment", () => {
  it('gives an unset public variable as empty, so the build drops the code behind it', () => {
    expect(buildEnv({})).toEqual({ publicEnv: { NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: '' }, typesChecked: false });
    expect(buildEnv({ BUILD_TYPES_CHECKED: '1' }).typesChecked).toBe(true);
  });

  it('fails the build on a malformed public variable', () => {
    expect(() => buildEnv({ NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID: 'my-project' })).toThrow(/NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID/);
  });

  it('tells the built app from development', () => {
    expect(isProductionBuild({ NODE_ENV: 'production' })).toBe(true);
    expect(isProductionBuild({ NODE_ENV: 'development' })).toBe(false);
    expect(isProductionBuild({})).toBe(false);
  });
});
