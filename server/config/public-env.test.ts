import { describe, expect, it } from 'vitest';
import { publicEnvProblems } from './public-env.mjs';

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
