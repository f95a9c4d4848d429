/**
 * The wallet side of the app: every EVM chain of the chain table, injected wallets (EIP-6963 discovery plus
 * `window.ethereum`), and cookie storage so the server renders the connected state the browser will show.
 *
 * The browser has no RPC of its own: reads the wagmi client makes go through the connected wallet, and
 * everything else the pages need comes from the server over tRPC.
 *
 * WalletConnect (wallets on another device, or a phone's wallet app) joins when the build has a project id
 * (NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID, checked by next.config.mjs). The connector itself is small: it
 * imports WalletConnect's provider (and its relay client and QR modal) as a chunk of its own once the page runs.
 * Next inlines the variable, so without it the branch is dead code and nothing of WalletConnect is bundled.
 */
import { defineChain, type Chain } from 'viem';
import { cookieStorage, createConfig, createStorage, injected, unstable_connector, type CreateConnectorFn } from 'wagmi';
import { walletConnect } from 'wagmi/connectors';
import { CHAINS, EVM_CHAIN_IDS, type EvmChainId } from '@/server/chains/registry';

function walletChain(id: EvmChainId): Chain {
  const info = CHAINS[id];
  return defineChain({
    id: info.chainId,
    name: info.name,
    nativeCurrency: { name: info.nativeSymbol, symbol: info.nativeSymbol, decimals: info.nativeDecimals },
    rpcUrls: { default: { http: [] } },
    blockExplorers: { default: { name: `${info.name} explorer`, url: info.explorerTxUrl.replace(/\/tx\/\{hash\}$/, '') } },
  });
}

const chains = EVM_CHAIN_IDS.map(walletChain) as [Chain, ...Chain[]];

function connectors(): CreateConnectorFn[] {
  const projectId = process.env.NEXT_PUBLIC_WALLETCONNECT_PROJECT_ID;
  return projectId ? [injected(), walletConnect({ projectId })] : [injected()];
}

export function getWagmiConfig() {
  return createConfig({
    chains,
    connectors: connectors(),
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage: cookieStorage }),
    ssr: true,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, unstable_connector(injected)])),
  });
}

/** The table's chain id for a wallet's numeric chain id. */
export function chainIdForWallet(walletChainId: number | undefined): EvmChainId | undefined {
  return EVM_CHAIN_IDS.find((id) => CHAINS[id].chainId === walletChainId);
}

declare module 'wagmi' {
  interface Register {
    config: ReturnType<typeof getWagmiConfig>;
  }
}
