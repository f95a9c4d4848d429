'use client';

import { skipToken, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/providers/trpc-provider';
import { isEvmAddress, onFamily } from '@/components/wallet/chain-family';
import type { ChainId, EvmChainId } from '@/server/chains/registry';
import { sameToken, type SwapToken } from '../lib/tokens';

export function useKnownTokens(chain: ChainId) {
  const trpc = useTRPC();
  return useQuery(trpc.tokens.known.queryOptions({ chain }, { staleTime: 5 * 60_000 }));
}

/**
 * A token pasted by address (only asked for when it is a well-formed address). The server looks tokens up on
 * EVM chains only; on Solana the listed mints are all there is for now.
 */
export function useTokenLookup(chain: ChainId, address: string | undefined) {
  const trpc = useTRPC();
  const valid = !!address && isEvmAddress(address);
  const input = valid
    ? onFamily<{ chain: EvmChainId; address: string } | typeof skipToken>(chain, { evm: (evmChain) => ({ chain: evmChain, address }), solana: () => skipToken })
    : skipToken;
  return useQuery(trpc.tokens.lookup.queryOptions(input, { retry: false, staleTime: 5 * 60_000 }));
}

/**
 * The token a link asked to receive (`/?chain=…&tokenOut=…`): from the chain's list, else looked up by
 * address. `settled` once it is found or cannot be; the form waits for that so it opens once, on the
 * right pair, instead of flashing its usual one first.
 */
export function useLinkedToken(chain: ChainId, address: string | undefined, known: readonly SwapToken[] | undefined): { token?: SwapToken; settled: boolean } {
  const listed = address && known ? known.find((token) => sameToken(token, { address })) : undefined;
  const lookup = useTokenLookup(chain, address && known && !listed ? address : undefined);
  if (!address) return { settled: true };
  if (!known) return { settled: false };
  if (listed) return { token: listed, settled: true };
  if (lookup.data) return { token: lookup.data.token, settled: true };
  return { settled: !lookup.isLoading };
}
