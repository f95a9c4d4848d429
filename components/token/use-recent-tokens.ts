'use client';

import { useEffect, useState } from 'react';
import { parseRecentTokens, RECENT_TOKENS_KEY, withRecentToken, type RecentToken } from './lib/recent-tokens';

function read(): RecentToken[] {
  try {
    return parseRecentTokens(window.localStorage.getItem(RECENT_TOKENS_KEY));
  } catch {
    // Storage can be switched off; the list is then empty.
    return [];
  }
}

/** The recently viewed tokens (empty on the server and on the first render, then what the browser kept). */
export function useRecentTokens(): RecentToken[] {
  const [list, setList] = useState<RecentToken[]>([]);
  useEffect(() => setList(read()), []);
  return list;
}

/** Records a token page's token once it is known. */
export function useRememberToken(token: RecentToken | undefined): void {
  const { chain, address, symbol } = token ?? {};
  useEffect(() => {
    if (!chain || !address || !symbol) return;
    try {
      window.localStorage.setItem(RECENT_TOKENS_KEY, JSON.stringify(withRecentToken(read(), { chain, address, symbol })));
    } catch {
      // Storage full or switched off: nothing to remember with.
    }
  }, [chain, address, symbol]);
}
