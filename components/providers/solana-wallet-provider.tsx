'use client';

import dynamic from 'next/dynamic';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { NO_SOLANA_WALLET, SOLANA_WALLET_STORAGE_KEY, type SolanaWalletState } from './solana-wallet-state';

/**
 * Solana wallets for every page, loaded on demand: the wallet adapter and @solana/web3.js weigh more than
 * the rest of the swap page, and most visits never touch Solana. The runtime loads once a page asks for
 * Solana (`useNeedSolana`: a Solana chain chosen, the Solana wallet button shown) or when a Solana wallet
 * was connected on an earlier visit (its name is remembered and it reconnects silently). The pages read the
 * wallet through `useSolanaWallet`, which says "no wallet" until then.
 *
 * The server renders no Solana wallet at all (it has none), so anything that depends on one renders after mount.
 */
const SolanaWalletRuntime = dynamic(() => import('./solana-wallet-runtime'), { ssr: false });

const SolanaWalletContext = createContext<SolanaWalletState>(NO_SOLANA_WALLET);
const NeedSolanaContext = createContext<() => void>(() => undefined);

export function SolanaWalletProvider({ children }: { children: ReactNode }) {
  const [needed, setNeeded] = useState(false);
  const [state, setState] = useState<SolanaWalletState>(NO_SOLANA_WALLET);
  const need = useCallback(() => setNeeded(true), []);
  useEffect(() => {
    if (window.localStorage.getItem(SOLANA_WALLET_STORAGE_KEY)) setNeeded(true);
  }, []);
  const value = useMemo(() => state, [state]);
  return (
    <NeedSolanaContext.Provider value={need}>
      <SolanaWalletContext.Provider value={value}>{children}</SolanaWalletContext.Provider>
      {needed && <SolanaWalletRuntime onState={setState} />}
    </NeedSolanaContext.Provider>
  );
}

export function useSolanaWallet(): SolanaWalletState {
  return useContext(SolanaWalletContext);
}

/** Loads the Solana wallet runtime while `needed` (a page showing a Solana chain or the Solana wallet). */
export function useNeedSolana(needed = true): void {
  const need = useContext(NeedSolanaContext);
  useEffect(() => {
    if (needed) need();
  }, [needed, need]);
}

/** The last error a Solana wallet raised, until cleared. */
export function useSolanaWalletError(): { error: Error | undefined; clear: () => void } {
  const { error, clearError } = useSolanaWallet();
  return { error, clear: clearError };
}
