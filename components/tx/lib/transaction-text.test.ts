import { describe, expect, it } from 'vitest';
import { blockText, statusExplanation, statusText, tokenAmountText, tokenLabel } from './transaction-text';

const USDC = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', decimals: 6 };

describe('transaction text', () => {
  it('names each status in plain words, and explains all but success', () => {
    expect(statusText('not-found')).toBe('Not found');
    expect(statusText('reverted')).toBe('Reverted');
    expect(statusExplanation('not-found', 'BASE')).toMatch(/^Base has no transaction with this hash\./);
    expect(statusExplanation('pending', 'SOL')).toMatch(/^Solana has the transaction/);
    expect(statusExplanation('success', 'BASE')).toBeUndefined();
  });

  it('shows amounts with their decimals and symbol, a gain signed when asked', () => {
    expect(tokenAmountText('10000000000', USDC)).toBe('10,000 USDC');
    expect(tokenAmountText('10000000000', USDC, { signed: true })).toBe('+10,000 USDC');
    expect(tokenAmountText('-1500000', USDC, { signed: true })).toBe('-1.5 USDC');
    expect(tokenAmountText('0', USDC, { signed: true })).toBe('0 USDC');
  });

  it('names a token without a symbol by its shortened address', () => {
    expect(tokenLabel({ ...USDC, symbol: null })).toBe('0x8335…2913');
  });

  it('groups block numbers', () => {
    expect(blockText('1234567')).toBe('1,234,567');
  });
});
