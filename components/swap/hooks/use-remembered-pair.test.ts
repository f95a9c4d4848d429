import { describe, expect, it } from 'vitest';
import { parseRememberedPair } from './use-remembered-pair';

const usdc = { address: '0x00000000000000000000000000000000000000aa', symbol: 'USDC', name: 'USD Coin', decimals: 6 };

describe('the remembered pair', () => {
  it('comes back as stored', () => {
    expect(parseRememberedPair({ chain: 'BASE', tokenOut: usdc })).toEqual({ chain: 'BASE', tokenIn: undefined, tokenOut: usdc });
  });

  it('is dropped when the browser storage holds something else', () => {
    expect(parseRememberedPair(null)).toBeUndefined();
    expect(parseRememberedPair('BASE')).toBeUndefined();
    expect(parseRememberedPair({ chain: 'NOPE', tokenIn: usdc })).toBeUndefined();
    expect(parseRememberedPair({ chain: 'BASE', tokenIn: { ...usdc, decimals: 1.5 } })).toBeUndefined();
    expect(parseRememberedPair({ chain: 'BASE', tokenIn: { ...usdc, decimals: 37 } })).toBeUndefined();
    expect(parseRememberedPair({ chain: 'BASE', tokenOut: { ...usdc, symbol: 'X'.repeat(33) } })).toBeUndefined();
    expect(parseRememberedPair({ chain: 'BASE', tokenOut: { ...usdc, address: 7 } })).toBeUndefined();
  });
});
