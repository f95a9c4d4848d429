import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { bridgeTokenChoices, knownCoins, nativeToken, quotedToken } from './bridge-tokens';

const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6 };

describe('bridge tokens', () => {
  it('start on the native coin, which the quote is not told of', () => {
    expect(nativeToken('SOL')).toEqual({ address: NATIVE_TOKEN_ADDRESS, symbol: 'SOL', name: 'SOL (native)', decimals: 9 });
    expect(quotedToken(nativeToken('BASE'))).toBeUndefined();
    expect(quotedToken(USDC)).toBe(USDC.address);
  });

  it('are every listed token on EVM chains; on Solana SOL and the stable only', () => {
    const listed = [nativeToken('SOL'), { ...USDC, stable: true as const }, { ...USDC, address: 'alpha', symbol: 'ALPHA' }];
    expect(bridgeTokenChoices('BASE', listed)).toEqual(listed);
    expect(bridgeTokenChoices('SOL', listed).map((token) => token.symbol)).toEqual(['SOL', 'USDC']);
  });

  it('are found by address in the list of their own chain only', () => {
    const known = knownCoins('BASE', [USDC], 'ARB', []);
    expect(known('BASE', USDC.address.toLowerCase())).toEqual({ symbol: 'USDC', decimals: 6 });
    expect(known('ARB', USDC.address)).toBeUndefined();
    expect(known('AVAX', USDC.address)).toBeUndefined();
  });
});
