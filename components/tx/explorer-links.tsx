'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { explorerTxLink } from '@/server/chains/explorer-links';
import type { ChainId } from '@/server/chains/registry';

/** Whether the server runs on the local chain world, as its layout rendered it: no request needed to know. */
const LocalWorldContext = createContext(false);

export function ExplorerLinksProvider({ localWorld, children }: { localWorld: boolean; children: ReactNode }) {
  return <LocalWorldContext.Provider value={localWorld}>{children}</LocalWorldContext.Provider>;
}

/**
 * A transaction's link as the pages render it: the chain's explorer, or on the local world the app's own
 * transaction page, as a path (it then opens at whatever address the browser reached the app at).
 */
export function useExplorerTxLink(): (chain: ChainId, hash: string) => string {
  const localWorld = useContext(LocalWorldContext);
  return useCallback((chain: ChainId, hash: string) => explorerTxLink(chain, hash, { localWorld }), [localWorld]);
}
