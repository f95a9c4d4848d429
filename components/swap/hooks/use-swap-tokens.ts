'use client';

import { useEffect } from 'react';
import type { ChainId } from '@/server/chains/registry';
import { useKnownTokens, useLinkedToken } from './use-known-tokens';
import type { SwapFormDispatch } from './use-swap-form';

/**
 * The chain's tokens, and the form's opening pair once they are known: with the token a link asked to
 * receive (`linkedTokenOut`) once that is found or cannot be.
 */
export function useSwapTokens(chain: ChainId, linkedTokenOut: string | undefined, dispatch: SwapFormDispatch) {
  const known = useKnownTokens(chain);
  const linked = useLinkedToken(chain, linkedTokenOut, known.data?.tokens);
  useEffect(() => {
    if (known.data && linked.settled) dispatch({ type: 'defaults', tokens: known.data.tokens, tokenOut: linked.token });
  }, [known.data, linked.settled, linked.token, dispatch]);
  return { tokens: known.data?.tokens ?? [], error: known.error };
}
