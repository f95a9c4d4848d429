'use client';

import { WalletReadyState, type WalletError, type WalletName } from '@solana/wallet-adapter-base';
import { WalletProvider, useWallet } from '@solana/wallet-adapter-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { SwapFlowError } from '@/components/swap/lib/error-messages';
import { parseQuotedSolanaTransaction, serializeSignedSolanaTransaction } from '@/components/swap/lib/solana-transaction';
import { SOLANA_WALLET_STORAGE_KEY, type SolanaWalletState } from './solana-wallet-state';

/**
 * The Solana wallet adapter and @solana/web3.js, loaded only once a page needs Solana (see
 * `solana-wallet-provider.tsx`). Wallet Standard wallets (Phantom, Solflare, Backpack, ...) are discovered
 * by the adapter on their own, so no wallet adapters are listed. Solana wallets sign only; the server reads
 * balances and sends signed trades, so the browser needs no Solana RPC (no ConnectionProvider).
 */
export default function SolanaWalletRuntime({ onState }: { onState: (state: SolanaWalletState) => void }) {
  const [error, setError] = useState<WalletError>();
  // Without a handler the adapter logs every error and opens the wallet's web page for one not installed.
  const onError = useCallback((next: WalletError) => setError(next), []);
  const clearError = useCallback(() => setError(undefined), []);
  const wallets = useMemo(() => [], []);
  return (
    <WalletProvider wallets={wallets} autoConnect localStorageKey={SOLANA_WALLET_STORAGE_KEY} onError={onError}>
      <StatePublisher error={error} clearError={clearError} onState={onState} />
    </WalletProvider>
  );
}

const USABLE = new Set([WalletReadyState.Installed, WalletReadyState.Loadable]);

function StatePublisher({ error, clearError, onState }: { error?: WalletError; clearError: () => void; onState: (state: SolanaWalletState) => void }) {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the wallet adapter's provider makes these with useCallback: plain functions that never read this
  const { wallets, wallet, select, disconnect, connected, connecting, disconnecting, publicKey, signTransaction } = useWallet();
  const address = connected ? publicKey?.toBase58() : undefined;
  const signQuoted = useCallback(
    async (serialized: string, kind: 'trade' | 'deposit') => {
      if (!address) throw new SwapFlowError('Connect the Solana wallet first.');
      if (!signTransaction) throw new SwapFlowError('This wallet cannot sign Solana transactions for the page.');
      return serializeSignedSolanaTransaction(await signTransaction(parseQuotedSolanaTransaction(serialized, address, kind)));
    },
    [address, signTransaction],
  );
  const usable = useMemo(
    () => wallets.filter(({ readyState }) => USABLE.has(readyState)).map(({ adapter }) => ({ name: adapter.name, icon: adapter.icon })),
    [wallets],
  );
  useEffect(() => {
    onState({
      loaded: true,
      address,
      connected: !!address,
      connecting,
      disconnecting,
      selected: wallet?.adapter.name,
      wallets: usable,
      error,
      clearError,
      select: (name) => select(name as WalletName),
      disconnect,
      signQuoted: address ? signQuoted : undefined,
    });
  }, [onState, address, connecting, disconnecting, wallet, usable, error, clearError, select, disconnect, signQuoted]);
  return null;
}
