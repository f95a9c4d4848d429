'use client';

import type { WalletError } from '@solana/wallet-adapter-base';
import { WalletProvider } from '@solana/wallet-adapter-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Solana wallets for every page: Wallet Standard wallets (Phantom, Solflare, Backpack, ...) are discovered
 * by the adapter on their own, so no wallet adapters are listed. Solana wallets sign only; the server reads
 * balances and sends signed trades, so the browser needs no Solana RPC (no ConnectionProvider).
 *
 * The chosen wallet's name is kept in localStorage and reconnected silently on the next visit. The server
 * renders no Solana wallet at all (it has none), so anything that depends on one renders after mount.
 */
const STORAGE_KEY = 'swapbridge.solanaWallet';

interface SolanaWalletErrorState {
  /** The last error a Solana wallet raised (connect, sign), until cleared. */
  error: WalletError | undefined;
  clear(): void;
}

const SolanaWalletErrorContext = createContext<SolanaWalletErrorState>({ error: undefined, clear: () => undefined });

export function SolanaWalletProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<WalletError>();
  // Without a handler the adapter logs every error and opens the wallet's web page for one not installed.
  const onError = useCallback((next: WalletError) => setError(next), []);
  const clear = useCallback(() => setError(undefined), []);
  const errorState = useMemo(() => ({ error, clear }), [error, clear]);
  const wallets = useMemo(() => [], []);
  return (
    <WalletProvider wallets={wallets} autoConnect localStorageKey={STORAGE_KEY} onError={onError}>
      <SolanaWalletErrorContext.Provider value={errorState}>{children}</SolanaWalletErrorContext.Provider>
    </WalletProvider>
  );
}

export function useSolanaWalletError(): SolanaWalletErrorState {
  return useContext(SolanaWalletErrorContext);
}
