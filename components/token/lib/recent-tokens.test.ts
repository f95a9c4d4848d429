import { describe, expect, it } from 'vitest';
import { MAX_RECENT_TOKENS, parseRecentTokens, withRecentToken, type RecentToken } from './recent-tokens';

const token = (n: number, chain: RecentToken['chain'] = 'BASE'): RecentToken => ({ chain, address: `0x${n.toString(16).padStart(40, '0')}`, symbol: `T${n}` });

describe('recent tokens', () => {
  it('puts the viewed token first, once, and keeps the list short', () => {
    let list: RecentToken[] = [];
    for (let n = 1; n <= MAX_RECENT_TOKENS + 2; n++) list = withRecentToken(list, token(n));
    expect(list).toHaveLength(MAX_RECENT_TOKENS);
    expect(list[0]).toEqual(token(MAX_RECENT_TOKENS + 2));
    list = withRecentToken(list, { ...token(5), address: token(5).address.toUpperCase().replace('0X', '0x') });
    expect(list.filter((entry) => entry.symbol === 'T5')).toHaveLength(1);
    expect(list[0]!.symbol).toBe('T5');
    // The same address on another chain is another token.
    expect(withRecentToken([token(1)], token(1, 'ETH'))).toHaveLength(2);
  });

  it('reads back only well-formed entries', () => {
    expect(parseRecentTokens(JSON.stringify([token(1), { chain: 'NOPE', address: 'x', symbol: 'y' }, 'junk', null]))).toEqual([token(1)]);
    expect(parseRecentTokens('not json')).toEqual([]);
    expect(parseRecentTokens(null)).toEqual([]);
    expect(parseRecentTokens('{}')).toEqual([]);
  });
});
