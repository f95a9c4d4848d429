'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ChainId } from '@/server/chains/registry';

/**
 * The chain last chosen on the swap page, so the header's token search looks addresses up there. It
 * outlives the swap page on purpose: someone who trades on Solana and opens the docs still means Solana.
 */
interface SelectedChainState {
  /** Undefined until the swap page has been opened. */
  chain: ChainId | undefined;
  setChain: (chain: ChainId) => void;
}

const SelectedChainContext = createContext<SelectedChainState>({ chain: undefined, setChain: () => undefined });

export function SelectedChainProvider({ children }: { children: ReactNode }) {
  const [chain, setChain] = useState<ChainId>();
  const value = useMemo(() => ({ chain, setChain }), [chain]);
  return <SelectedChainContext.Provider value={value}>{children}</SelectedChainContext.Provider>;
}

export function useSelectedChain(): SelectedChainState {
  return useContext(SelectedChainContext);
}
