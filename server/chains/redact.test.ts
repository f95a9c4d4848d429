import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsInText, urlEndpoint, withoutAddresses } from './redact';

const ALCHEMY_KEY = 'Xk3pL9qRz7TmWv2NbC8dFhJ4sYa6GeU1';
const INFURA_KEY = '9aa3d95b3bc440fa88ea12eaa4456161';

describe('redactUrl', () => {
  it('removes the user and password and the path, where a key of any shape may sit', () => {
    expect(redactUrl(`http://user:pass@rpc.example:8545/v2/${ALCHEMY_KEY}`)).toBe('http://rpc.example:8545/***');
    expect(redactUrl(`https://mainnet.infura.io/v3/${INFURA_KEY}`)).toBe('https://mainnet.infura.io/***');
    expect(redactUrl('http://user:pass@host/v2/KEY')).toBe('http://host/***');
    expect(redactUrl('wss://only-user@rpc.example/ws')).toBe('wss://rpc.example/***');
  });

  it('replaces every query value and keeps a bare origin as it is', () => {
    expect(redactUrl('https://solana-mainnet.example/rpc/solana-mainnet?api-key=abc&x=1')).toBe('https://solana-mainnet.example/***?api-key=***&x=***');
    expect(redactUrl('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    expect(redactUrl('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545');
  });

  it('keeps only scheme and host of something that does not parse', () => {
    expect(redactUrl('http://user:pass@host:99999/v2/secret')).toBe('http://host:99999/***');
  });
});

describe('in text', () => {
  const text = `fetch http://user:pass@10.0.0.5:8545/v2/${ALCHEMY_KEY}: connect ECONNREFUSED 10.0.0.5:8545; then postgres://app:hunter2@db:5432/app.`;

  it('redacts every URL for logs, keeping hosts and sentence punctuation', () => {
    const redacted = redactUrlsInText(text);
    expect(redacted).toBe('fetch http://10.0.0.5:8545/***: connect ECONNREFUSED 10.0.0.5:8545; then postgres://db:5432/***.');
  });

  it('takes every URL and IP address out of what a client reads', () => {
    const hidden = withoutAddresses(text);
    for (const secret of ['user', 'pass', ALCHEMY_KEY, '10.0.0.5', 'hunter2', 'db:5432']) expect(hidden).not.toContain(secret);
    expect(hidden).toContain('ECONNREFUSED');
  });
});

describe('urlEndpoint', () => {
  it('keeps scheme, host and port alone', () => {
    expect(urlEndpoint(`http://user:pass@rpc.example:8545/v2/${ALCHEMY_KEY}?apikey=x`)).toBe('http://rpc.example:8545');
    expect(urlEndpoint(`wss://user:pass@rpc.example/ws/${INFURA_KEY}`)).toBe('wss://rpc.example');
    expect(urlEndpoint('http://127.0.0.1:8545')).toBe('http://127.0.0.1:8545');
    expect(urlEndpoint('ws://127.0.0.1:8899/')).toBe('ws://127.0.0.1:8899');
  });

  it('takes the host of something that does not parse, and nothing of what is no URL', () => {
    expect(urlEndpoint('http://user:pass@host:99999/v2/secret')).toBe('http://host:99999');
    expect(urlEndpoint('user:pass at host')).toBeUndefined();
    expect(urlEndpoint('not a url')).toBeUndefined();
  });
});
