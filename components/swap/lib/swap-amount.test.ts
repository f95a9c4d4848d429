import { describe, expect, it } from 'vitest';
import { quotedInsufficient, readSwapAmount } from './swap-amount';

const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6 };
const exact = (amountText: string) => ({ mode: { kind: 'exact' } as const, amountText, tokenIn: USDC });

describe('swap amount', () => {
  it('asks for a typed amount in raw units of the token paid', () => {
    expect(readSwapAmount(exact('1.5'), undefined)).toEqual({ amount: '1500000', invalid: false, hasAmount: true, insufficient: undefined });
  });

  it('asks for a share of the balance as a percentage, whatever was typed before', () => {
    expect(readSwapAmount({ mode: { kind: 'percent', percent: 50 }, amountText: '', tokenIn: USDC }, 0n)).toEqual({
      amount: '50%',
      invalid: false,
      hasAmount: true,
    });
  });

  it('has no amount while nothing, zero or something unreadable is typed', () => {
    expect(readSwapAmount(exact(''), undefined)).toMatchObject({ amount: undefined, invalid: false, hasAmount: false });
    expect(readSwapAmount(exact('0'), undefined)).toMatchObject({ amount: undefined, invalid: false, hasAmount: false });
    // More decimals than the token has.
    expect(readSwapAmount(exact('0.1234567'), undefined)).toMatchObject({ amount: undefined, invalid: true, hasAmount: false });
    // No token to read it in: something typed is no amount yet.
    expect(readSwapAmount({ ...exact('1'), tokenIn: undefined }, undefined)).toMatchObject({ amount: undefined, invalid: true, hasAmount: false });
  });

  it('names the token when the amount is more than a known balance', () => {
    expect(readSwapAmount(exact('2'), 1_000_000n).insufficient).toBe('USDC');
    expect(readSwapAmount(exact('1'), 1_000_000n).insufficient).toBeUndefined();
    expect(readSwapAmount(exact('2'), undefined).insufficient).toBeUndefined();
  });
});

describe('readSwapAmount in the receive field (exact output)', () => {
  const ALPHA = { address: '0x00000000000000000000000000000000000000a1', symbol: 'ALPHA', name: 'Alpha', decimals: 18 };
  const receive = (amountText: string) => ({ mode: { kind: 'exact' as const }, side: 'receive' as const, amountText, tokenIn: USDC, tokenOut: ALPHA });

  it('reads the typed amount in tokenOut units and asks for amountOut, leaving the balance to the quoted input', () => {
    expect(readSwapAmount(receive('2'), 0n)).toEqual({ amountOut: '2000000000000000000', invalid: false, hasAmount: true });
    expect(readSwapAmount(receive('x'), 0n)).toMatchObject({ invalid: true, hasAmount: false });
  });

  it('names tokenIn as insufficient once the quoted input is more than the balance', () => {
    const typed = readSwapAmount(receive('2'), 10n);
    expect(quotedInsufficient(typed, '11', USDC, 10n).insufficient).toBe('USDC');
    expect(quotedInsufficient(typed, '10', USDC, 10n).insufficient).toBeUndefined();
  });
});
