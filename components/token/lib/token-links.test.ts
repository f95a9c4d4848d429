import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, isTokenAddressOn, parseChain, readSwapLink, tradeHref } from './token-links';

const EVM = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const MINT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const NATIVE = '0x0000000000000000000000000000000000000000';

describe('token links', () => {
  it('reads chains in any case and refuses unknown ones', () => {
    expect(parseChain('base')).toBe('BASE');
    expect(parseChain('SOL')).toBe('SOL');
    expect(parseChain('POLYGON')).toBeUndefined();
    expect(parseChain(undefined)).toBeUndefined();
  });

  it('has no token page for the native token or an address of the other family', () => {
    expect(isTokenAddressOn('BASE', EVM)).toBe(true);
    expect(isTokenAddressOn('BASE', NATIVE)).toBe(false);
    expect(isTokenAddressOn('SOL', EVM)).toBe(false);
    expect(isTokenAddressOn('SOL', MINT)).toBe(true);
  });

  it('links the swap page and reads the link back', () => {
    const href = tradeHref('BASE', EVM);
    expect(href).toBe(`/?chain=BASE&tokenOut=${EVM}`);
    const params = Object.fromEntries(new URL(href, 'http://localhost').searchParams);
    expect(readSwapLink(params)).toEqual({ chain: 'BASE', tokenOut: EVM });
    expect(readSwapLink({ chain: 'sol', tokenOut: EVM })).toEqual({ chain: 'SOL' });
    expect(readSwapLink({ chain: ['ARB', 'BASE'] })).toEqual({ chain: 'ARB' });
    expect(readSwapLink({ tokenOut: EVM })).toEqual({});
  });

  it('fills the chain table explorer URL', () => {
    expect(explorerAddressUrl('BASE', EVM)).toBe(`https://basescan.org/address/${EVM}`);
    expect(explorerAddressUrl('SOL', MINT)).toBe(`https://solscan.io/account/${MINT}`);
  });
});
