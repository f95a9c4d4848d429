import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from './api-key-secret';

describe('generateApiKey', () => {
  it('makes sk_ + 43 base64url characters (32 bytes)', () => {
    const { key } = generateApiKey();
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), 'base64url')).toHaveLength(32);
  });

  it('returns the hash of the key and its first 12 characters', () => {
    const { key, keyHash, keyPrefix } = generateApiKey();
    expect(keyHash).toBe(hashApiKey(key));
    expect(keyPrefix).toBe(key.slice(0, 12));
    expect(keyPrefix.startsWith('sk_')).toBe(true);
  });

  it('never repeats', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey().key));
    expect(keys.size).toBe(1000);
  });
});

describe('hashApiKey', () => {
  it('is sha256 of the UTF-8 key in lowercase hex', () => {
    expect(hashApiKey('sk_test')).toBe(createHash('sha256').update('sk_test').digest('hex'));
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('distinguishes keys that differ in one character', () => {
    expect(hashApiKey('sk_a')).not.toBe(hashApiKey('sk_b'));
  });

  it('hashes the whole key: a real key with only its last character changed hashes differently', () => {
    const { key, keyHash } = generateApiKey();
    const neighbour = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(neighbour).toHaveLength(key.length);
    expect(hashApiKey(neighbour)).not.toBe(keyHash);
    expect(hashApiKey(neighbour)).toBe(createHash('sha256').update(neighbour).digest('hex'));
  });
});
