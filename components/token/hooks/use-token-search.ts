'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/components/providers/trpc-provider';
import { describeError } from '@/components/swap/lib/error-messages';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { findBySymbol, readSearch, type SearchOutcome } from '../lib/token-search';

/** How long a chain's token list serves symbol look-ups (the header's suggestions use it too). */
export const KNOWN_STALE_MS = 5 * 60_000;

/**
 * What a search text names on a chain: an address is read as it is, a symbol is looked up in the chain's
 * token list (fetched once and kept); a list that cannot be loaded is a problem to show, not an error.
 */
export function useTokenSearch(): (text: string, chain: ChainId) => Promise<SearchOutcome> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    async (text, chain) => {
      const outcome = readSearch(text, chain);
      if (outcome.kind !== 'symbol') return outcome;
      try {
        const list = await queryClient.fetchQuery(trpc.tokens.known.queryOptions({ chain: outcome.chain }, { staleTime: KNOWN_STALE_MS }));
        return findBySymbol(outcome.symbol, outcome.chain, list.tokens);
      } catch (error) {
        return { kind: 'problem', message: `The token list of ${CHAINS[outcome.chain].name} could not be loaded: ${describeError(error)}` };
      }
    },
    [queryClient, trpc],
  );
}
