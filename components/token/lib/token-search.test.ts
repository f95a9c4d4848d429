import { describe, expect, it } from 'vitest';
import { chainForInput, findBySymbol, readSearch, suggestions } from './token-search';

const EVM = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const MINT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const NATIVE = '0x0000000000000000000000000000000000000000';
const baseTokens = [
  { address: NATIVE, symbol: 'ETH' },
  { address: '0x00000000000000000000000000000000000000a1', symbol: 'ALPHA' },
  { address: '0x00000000000000000000000000000000000000b2', symbol: 'TAX' },
];

describe('chainForInput', () => {
  it('moves base58 addresses to Solana and 0x addresses off it', () => {
    expect(chainForInput(MINT, 'BASE')).toBe('SOL');
    expect(chainForInput(EVM, 'SOL')).toBe('BASE');
    expect(chainForInput(EVM, 'SOL', 'ARB')).toBe('ARB');
    expect(chainForInput(EVM, 'SOL', 'SOL')).toBe('BASE');
    expect(chainForInput(EVM, 'ARB')).toBe('ARB');
    expect(chainForInput('alpha', 'SOL')).toBe('SOL');
  });
});

describe('readSearch', () => {
  it('takes an address on a chain of its family', () => {
    expect(readSearch(` ${EVM} `, 'BASE')).toEqual({ kind: 'token', chain: 'BASE', address: EVM });
    expect(readSearch(MINT, 'SOL')).toEqual({ kind: 'token', chain: 'SOL', address: MINT });
    expect(readSearch(EVM, 'SOL').kind).toBe('problem');
    expect(readSearch(NATIVE, 'BASE')).toMatchObject({ kind: 'problem', message: expect.stringContaining('native coin') });
  });

  it('reads anything else short as a symbol, and refuses the rest', () => {
    expect(readSearch('alpha', 'BASE')).toEqual({ kind: 'symbol', chain: 'BASE', symbol: 'alpha' });
    expect(readSearch('0x1234', 'BASE')).toMatchObject({ kind: 'problem', message: expect.stringContaining('40 hex') });
    expect(readSearch('   ', 'BASE').kind).toBe('problem');
    expect(readSearch('<script>', 'BASE').kind).toBe('problem');
  });
});

describe('findBySymbol', () => {
  it('finds a token without case and never the native coin', () => {
    expect(findBySymbol('alpha', 'BASE', baseTokens)).toEqual({ kind: 'token', chain: 'BASE', address: baseTokens[1]!.address });
    expect(findBySymbol('eth', 'BASE', baseTokens)).toMatchObject({ kind: 'problem', message: expect.stringContaining('native coin of Base') });
    expect(findBySymbol('BETA', 'BASE', baseTokens)).toMatchObject({ kind: 'problem', message: expect.stringContaining('No known token called BETA on Base') });
    expect(suggestions(baseTokens)).toEqual(['ALPHA', 'TAX']);
  });
});
