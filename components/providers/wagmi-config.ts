/**
 * The wallet side of the app: every EVM chain of the chain table, injected wallets (EIP-6963 discovery plus
 * `window.ethereum`), and cookie storage so the server renders the connected state the browser will show.
 *
 * The browser has no RPC of its own: reads the wagmi client makes go through the connected wallet, and
 * everything else the pages need comes from the server over tRPC.
 */
import { defineChain, type Chain } from 'viem';
import { cookieStorage, createConfig, createStorage, injected, unstable_connector, type Transport } from 'wagmi';
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

export function getWagmiConfig() {
  return createConfig({
    chains,
    connectors: [injected()],
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage: cookieStorage }),
    ssr: true,
    transports: Object.fromEntries(chains.map((chain) => [chain.id, unstable_connector(injected)])) as Record<number, Transport>,
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
