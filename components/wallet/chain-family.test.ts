import { describe, expect, it } from 'vitest';
import { addressFamily, familyOf, isAddressOn, sameFamily } from './chain-family';

const EVM = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const MINT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('chain families', () => {
  it('tells EVM and Solana addresses apart', () => {
    expect(addressFamily(EVM)).toBe('evm');
    expect(addressFamily(MINT)).toBe('solana');
    expect(addressFamily('ALPHA')).toBeUndefined();
    expect(addressFamily(`${EVM}0`)).toBeUndefined();
  });

  it('checks an address against the family of a chain', () => {
    expect(isAddressOn('BASE', EVM)).toBe(true);
    expect(isAddressOn('SOL', EVM)).toBe(false);
    expect(isAddressOn('SOL', MINT)).toBe(true);
    expect(sameFamily('BASE', 'ARB')).toBe(true);
    expect(sameFamily('BASE', 'SOL')).toBe(false);
  });

  it('hints at an unfinished 0x token address only on EVM chains', () => {
    expect(familyOf('BASE').unfinishedTokenAddressHint('0x12')).toBe('A token address is 0x followed by 40 hex digits.');
    expect(familyOf('BASE').unfinishedTokenAddressHint(EVM)).toBeUndefined();
    expect(familyOf('BASE').unfinishedTokenAddressHint('alpha')).toBeUndefined();
    expect(familyOf('SOL').unfinishedTokenAddressHint('0x12')).toBeUndefined();
  });
});
