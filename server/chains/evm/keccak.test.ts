import { randomBytes } from 'node:crypto';
import { bytesToHex, keccak256 as viemKeccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { keccak256 } from './keccak';

describe('keccak256', () => {
  it('gives the digest viem gives, from bytes and from hex, at every length around the rate', () => {
    for (const size of [0, 1, 31, 32, 135, 136, 137, 271, 272, 1500]) {
      const bytes = new Uint8Array(randomBytes(size));
      expect(keccak256(bytes), `${size} bytes`).toBe(viemKeccak256(bytes));
      expect(keccak256(bytesToHex(bytes)), `${size} bytes as hex`).toBe(viemKeccak256(bytesToHex(bytes)));
    }
  });

  it('reads upper-case hex as the same bytes', () => {
    expect(keccak256('0xABCDEF')).toBe(viemKeccak256('0xabcdef'));
  });

  it('reads an odd number of hex digits as viem does', () => {
    expect(keccak256('0xabc')).toBe(viemKeccak256('0xabc'));
  });

  it('is the known digest of nothing', () => {
    expect(keccak256('0x')).toBe('0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });
});
