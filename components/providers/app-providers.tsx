'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { WagmiProvider, type State } from 'wagmi';
import { SelectedChainProvider } from '@/components/layout/selected-chain';
import { ExplorerLinksProvider } from '@/components/tx/explorer-links';
import { WalletFamilyProvider } from '@/components/wallet/wallet-family';
import { SolanaWalletProvider } from './solana-wallet-provider';
import { TRPCProvider, createPageTrpcClient } from './trpc-provider';
import { getWagmiConfig } from './wagmi-config';

function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } });
}

/**
 * Wallets (EVM and Solana), query cache and tRPC for every page. The pages reach tRPC with the session
 * cookie the proxy set; no key ever reaches the browser. `wagmiState` is what the server read from the
 * wallet cookie, so the first render already matches the connected EVM wallet. `localWorld`: transaction
 * links go to the app's own transaction page.
 */
export function AppProviders({ children, wagmiState, localWorld = false }: { children: ReactNode; wagmiState?: State; localWorld?: boolean }) {
  const [wagmiConfig] = useState(getWagmiConfig);
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(createPageTrpcClient);
  return (
    <WagmiProvider config={wagmiConfig} initialState={wagmiState}>
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <SolanaWalletProvider>
            <WalletFamilyProvider>
              <ExplorerLinksProvider localWorld={localWorld}>
                <SelectedChainProvider>{children}</SelectedChainProvider>
              </ExplorerLinksProvider>
            </WalletFamilyProvider>
          </SolanaWalletProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </WagmiProvider>
  );
}
