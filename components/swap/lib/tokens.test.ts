import { describe, expect, it } from 'vitest';
import { defaultPair, heldFirst, isNative, maxSpendable, nativeGasReserve, sameToken } from './tokens';

const NATIVE = '0x0000000000000000000000000000000000000000';
const sol = { address: NATIVE, symbol: 'SOL', name: 'SOL (native)', decimals: 9 };
const usdc = { address: 'FgrBcnvLSSnnDwi6fUuahUDJ8QFUDAwhMXZ6TVLPeEz6', symbol: 'USDC', name: 'USD Coin (devnet)', decimals: 6 };
const alpha = { address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', symbol: 'ALPHA', name: 'Alpha Token', decimals: 6 };

describe('sameToken', () => {
  it('compares EVM addresses without case and Solana addresses exactly', () => {
    expect(sameToken({ address: '0xAbC0000000000000000000000000000000000001' }, { address: '0xabc0000000000000000000000000000000000001' })).toBe(true);
    expect(sameToken(alpha, { address: alpha.address })).toBe(true);
    expect(sameToken(alpha, { address: alpha.address.toLowerCase() })).toBe(false);
    expect(sameToken(alpha, undefined)).toBe(false);
  });
});

describe('defaultPair', () => {
  it('opens Solana with native SOL into its stable', () => {
    expect(defaultPair([sol, alpha, usdc])).toEqual({ tokenIn: sol, tokenOut: usdc });
    expect(isNative(sol)).toBe(true);
    expect(isNative(usdc)).toBe(false);
  });

  it('buys a preferred token with the native token', () => {
    expect(defaultPair([sol, alpha, usdc], alpha)).toEqual({ tokenIn: sol, tokenOut: alpha });
    expect(defaultPair([sol, alpha, usdc], sol)).toEqual({ tokenIn: alpha, tokenOut: sol });
    expect(defaultPair([], alpha)).toEqual({ tokenIn: undefined, tokenOut: alpha });
  });
});

describe('maxSpendable (Max on the swap and the bridge)', () => {
  it('keeps the gas reserve back from a native coin, and nothing from a token', () => {
    const balance = 5n * 10n ** 18n;
    expect(maxSpendable(balance, { native: true, decimals: 18 })).toBe(balance - nativeGasReserve(18));
    expect(maxSpendable(balance, { native: false, decimals: 18 })).toBe(balance);
  });

  it('offers nothing rather than a negative amount when the balance is below the reserve', () => {
    expect(maxSpendable(nativeGasReserve(9) - 1n, { native: true, decimals: 9 })).toBe(0n);
  });
});

describe('heldFirst (the token picker order)', () => {
  const beta = { address: 'BetaMint11111111111111111111111111111111111', symbol: 'BETA', name: 'Beta Token', decimals: 9 };

  it('puts held tokens first, the largest whole-token amount first, then the rest in list order', () => {
    const rows = [{ token: sol, balance: 0n }, { token: alpha, balance: 2_000_000n }, { token: usdc }, { token: beta, balance: 5n * 10n ** 9n }];
    expect(heldFirst(rows).map((row) => row.token.symbol)).toEqual(['BETA', 'ALPHA', 'SOL', 'USDC']);
  });

  it('orders by USD value where both holdings have one, whatever their amounts', () => {
    const rows = [
      { token: alpha, balance: 9_000_000n, usd: 9 },
      { token: usdc, balance: 100_000_000n, usd: 100 },
    ];
    expect(heldFirst(rows).map((row) => row.token.symbol)).toEqual(['USDC', 'ALPHA']);
  });

  it('keeps the list order when nothing is held', () => {
    expect(heldFirst([{ token: usdc }, { token: sol }]).map((row) => row.token.symbol)).toEqual(['USDC', 'SOL']);
  });
});
