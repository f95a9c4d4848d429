/**
 * Tokens this browser viewed recently, newest first, kept in localStorage (nothing leaves the browser).
 * Pure list rules here; reading and writing storage in `use-recent-tokens.ts`.
 */
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';

export interface RecentToken {
  chain: ChainId;
  address: string;
  symbol: string;
}

export const RECENT_TOKENS_KEY = 'swapbridge.recentTokens';
export const MAX_RECENT_TOKENS = 8;

/** The list with `token` first (moved up when it was there already), at most MAX_RECENT_TOKENS long. */
export function withRecentToken(list: readonly RecentToken[], token: RecentToken): RecentToken[] {
  const same = (entry: RecentToken) => entry.chain === token.chain && entry.address.toLowerCase() === token.address.toLowerCase();
  return [token, ...list.filter((entry) => !same(entry))].slice(0, MAX_RECENT_TOKENS);
}

/** What storage held, keeping only well-formed entries (it may hold anything another version wrote). */
export function parseRecentTokens(text: string | null): RecentToken[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (entry): entry is RecentToken =>
          !!entry &&
          typeof entry === 'object' &&
          CHAIN_IDS.includes((entry as RecentToken).chain) &&
          typeof (entry as RecentToken).address === 'string' &&
          (entry as RecentToken).address.length <= 64 &&
          typeof (entry as RecentToken).symbol === 'string' &&
          (entry as RecentToken).symbol.length <= 32,
      )
      .slice(0, MAX_RECENT_TOKENS);
  } catch {
    return [];
  }
}
