import { describe, expect, it } from 'vitest';
import { checkRecipient, defaultRecipient } from './recipient';

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describe('defaultRecipient', () => {
  it('is the sending EVM wallet between EVM chains, and nobody across families', () => {
    expect(defaultRecipient('BASE', 'ARB', EVM)).toBe(EVM);
    expect(defaultRecipient('BASE', 'ARB', undefined)).toBe('');
    expect(defaultRecipient('BASE', 'SOL', EVM)).toBe('');
    expect(defaultRecipient('SOL', 'BASE', EVM)).toBe('');
  });
});

describe('checkRecipient', () => {
  it('accepts an address of the destination family', () => {
    expect(checkRecipient(` ${EVM} `, 'BASE', 'ARB')).toEqual({ ok: true, recipient: EVM });
    expect(checkRecipient(SOL, 'BASE', 'SOL')).toEqual({ ok: true, recipient: SOL });
    expect(checkRecipient(EVM, 'SOL', 'ETH')).toEqual({ ok: true, recipient: EVM });
  });

  it('requires one across families and says which kind', () => {
    const fromSolana = checkRecipient('', 'SOL', 'BASE');
    expect(fromSolana).toMatchObject({ ok: false, empty: true });
    expect(!fromSolana.ok && fromSolana.message).toBe(
      'A recipient is required: Solana addresses cannot receive on Base. Enter an EVM address (0x followed by 40 hex digits).',
    );
    const toSolana = checkRecipient('', 'AVAX', 'SOL');
    expect(!toSolana.ok && toSolana.message).toContain('Avalanche C-Chain addresses cannot receive on Solana. Enter a Solana address');
  });

  it('refuses an address of the other family, and the zero address', () => {
    expect(checkRecipient(EVM, 'BASE', 'SOL')).toMatchObject({ ok: false, empty: false, message: expect.stringContaining('not a Solana address') });
    expect(checkRecipient(SOL, 'SOL', 'ARB')).toMatchObject({ ok: false, empty: false, message: expect.stringContaining('not an EVM address') });
    expect(checkRecipient('0x1234', 'BASE', 'ARB')).toMatchObject({ ok: false, empty: false });
    expect(checkRecipient('0x0000000000000000000000000000000000000000', 'BASE', 'ARB')).toMatchObject({
      ok: false,
      message: expect.stringContaining('zero address'),
    });
  });
});
