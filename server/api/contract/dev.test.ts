import { describe, expect, it } from 'vitest';
import { fromZodError } from '../to-app-error';
import { faucetInput, isReservedEvmAddress } from './dev';

function refusal(raw: Record<string, unknown>) {
  const result = faucetInput.safeParse(raw);
  return result.success ? undefined : fromZodError(result.error);
}

describe("the faucet's address", () => {
  it.each([
    '0x0000000000000000000000000000000000000004',
    '0x0000000000000000000000000000000000000001',
    '0x0000000000000000000000000000000000000100',
    '0x000000000000000000000000000000000000006E',
    '0x0000000000000000000000000000000000000000',
  ])('%s (a precompile or the zero address) is refused with 400 naming the field', (address) => {
    const error = refusal({ chain: 'BASE', address });
    expect(error).toMatchObject({ code: 'INVALID_INPUT', field: 'address', httpStatus: 400 });
    expect(error?.message).toMatch(/precompile/);
  });

  it('a wallet is accepted, on EVM and on Solana', () => {
    expect(refusal({ chain: 'BASE', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toBeUndefined();
    expect(refusal({ chain: 'BASE', address: '0x0000000000000000000000000000000000010000' })).toBeUndefined();
    expect(refusal({ chain: 'SOL', address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' })).toBeUndefined();
  });

  it('the reserved range is the lowest 2^16 addresses', () => {
    expect(isReservedEvmAddress('0x000000000000000000000000000000000000ffff')).toBe(true);
    expect(isReservedEvmAddress('0x0000000000000000000000000000000000010000')).toBe(false);
  });
});
