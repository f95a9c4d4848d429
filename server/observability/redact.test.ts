import { describe, expect, it } from 'vitest';
import { looksLikeKey, redactUrl, redactUrlsInText, withoutAddresses } from './redact';

const ALCHEMY_KEY = 'Xk3pL9qRz7TmWv2NbC8dFhJ4sYa6GeU1';
const INFURA_KEY = '9aa3d95b3bc440fa88ea12eaa4456161';

describe('redactUrl', () => {
  it('removes the user and password and replaces a key in the path', () => {
    expect(redactUrl(`http://user:pass@rpc.example:8545/v2/${ALCHEMY_KEY}`)).toBe('http://rpc.example:8545/v2/***');
    expect(redactUrl(`https://mainnet.infura.io/v3/${INFURA_KEY}`)).toBe('https://mainnet.infura.io/v3/***');
    expect(redactUrl('wss://only-user@rpc.example/ws')).toBe('wss://rpc.example/ws');
  });

  it('replaces every query value and keeps plain path words', () => {
    expect(redactUrl('https://solana-mainnet.example/rpc/solana-mainnet?api-key=abc&x=1')).toBe('https://solana-mainnet.example/rpc/solana-mainnet?api-key=***&x=***');
    expect(redactUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    expect(redactUrl('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545');
  });

  it('keeps only scheme and host of something that does not parse', () => {
    expect(redactUrl('http://user:pass@host:99999/v2/secret')).toBe('http://host:99999/***');
  });
});

describe('looksLikeKey', () => {
  it('takes long or mixed letters-and-digits tokens for keys, not plain words', () => {
    for (const key of [ALCHEMY_KEY, INFURA_KEY, 'abcd1234', 'a'.repeat(16)]) expect(looksLikeKey(key)).toBe(true);
    for (const word of ['v2', 'rpc', 'mainnet', 'solana-mainnet', 'ext', 'bc', '']) expect(looksLikeKey(word)).toBe(false);
  });
});

describe('in text', () => {
  const text = `fetch http://user:pass@10.0.0.5:8545/v2/${ALCHEMY_KEY}: connect ECONNREFUSED 10.0.0.5:8545; then postgres://app:hunter2@db:5432/app.`;

  it('redacts every URL for logs, keeping hosts and sentence punctuation', () => {
    const redacted = redactUrlsInText(text);
    expect(redacted).toBe('fetch http://10.0.0.5:8545/v2/***: connect ECONNREFUSED 10.0.0.5:8545; then postgres://db:5432/app.');
  });

  it('takes every URL and IP address out of what a client reads', () => {
    const hidden = withoutAddresses(text);
    for (const secret of ['user', 'pass', ALCHEMY_KEY, '10.0.0.5', 'hunter2', 'db:5432']) expect(hidden).not.toContain(secret);
    expect(hidden).toContain('ECONNREFUSED');
  });
});
