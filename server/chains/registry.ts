/**
 * The chain table: every per-chain fact lives here and nowhere else.
 * Code asks this table ("what is the explorer of BASE?") instead of branching on chain names.
 */

export const EVM_CHAIN_IDS = [
  'BASE', 'ETH', 'BSC', 'ARB', 'AVAX', 'ABS', 'HYPE', 'INK',
  'STORY', 'XLAYER', 'PLASMA', 'UNI', 'MONAD', 'MEGAETH',
] as const;
export const CHAIN_IDS = [...EVM_CHAIN_IDS, 'SOL'] as const;

export type EvmChainId = (typeof EVM_CHAIN_IDS)[number];
export type ChainId = (typeof CHAIN_IDS)[number];
export type ChainFamily = 'evm' | 'solana';

export interface ChainInfo {
  id: ChainId;
  family: ChainFamily;
  /** Numeric id: EIP-155 for EVM chains; for Solana the id bridges use (792703809). */
  chainId: number;
  name: string;
  nativeSymbol: string;
  nativeDecimals: number;
  /** Explorer transaction page, `{hash}` replaced by the transaction hash. */
  explorerTxUrl: string;
  explorerAddressUrl: string;
  /** MEV protection is offered on these chains only (README, "Trading (EVM)"). */
  mevProtection: boolean;
  /** Typical time between blocks: bridge time estimates wait a block on each side. */
  blockTimeMs: number;
  /** Chains without EIP-1559 get legacy (type 0) transactions. Every listed chain supports EIP-1559 today. */
  legacyTransactions?: boolean;
}

function evm(
  id: EvmChainId, chainId: number, name: string, nativeSymbol: string, explorer: string, blockTimeMs: number, mevProtection = false,
): ChainInfo {
  return {
    id, family: 'evm', chainId, name, nativeSymbol, nativeDecimals: 18, blockTimeMs,
    explorerTxUrl: `${explorer}/tx/{hash}`,
    explorerAddressUrl: `${explorer}/address/{address}`,
    mevProtection,
  };
}

export const CHAINS: Readonly<Record<ChainId, ChainInfo>> = {
  BASE: evm('BASE', 8453, 'Base', 'ETH', 'https://basescan.org', 2000),
  ETH: evm('ETH', 1, 'Ethereum', 'ETH', 'https://etherscan.io', 12000, true),
  BSC: evm('BSC', 56, 'BNB Smart Chain', 'BNB', 'https://bscscan.com', 750, true),
  ARB: evm('ARB', 42161, 'Arbitrum One', 'ETH', 'https://arbiscan.io', 250),
  AVAX: evm('AVAX', 43114, 'Avalanche C-Chain', 'AVAX', 'https://snowtrace.io', 2000),
  ABS: evm('ABS', 2741, 'Abstract', 'ETH', 'https://abscan.org', 1000),
  HYPE: evm('HYPE', 999, 'HyperEVM', 'HYPE', 'https://hyperevmscan.io', 1000),
  INK: evm('INK', 57073, 'Ink', 'ETH', 'https://explorer.inkonchain.com', 1000),
  STORY: evm('STORY', 1514, 'Story', 'IP', 'https://www.storyscan.io', 2500),
  XLAYER: evm('XLAYER', 196, 'X Layer', 'OKB', 'https://www.oklink.com/xlayer', 1000),
  PLASMA: evm('PLASMA', 9745, 'Plasma', 'XPL', 'https://plasmascan.to', 1000),
  UNI: evm('UNI', 130, 'Unichain', 'ETH', 'https://uniscan.xyz', 1000),
  MONAD: evm('MONAD', 143, 'Monad', 'MON', 'https://monadscan.com', 400),
  MEGAETH: evm('MEGAETH', 4326, 'MegaETH', 'ETH', 'https://mega.etherscan.io', 1000),
  SOL: {
    id: 'SOL', family: 'solana', chainId: 792703809, name: 'Solana', nativeSymbol: 'SOL', nativeDecimals: 9,
    explorerTxUrl: 'https://solscan.io/tx/{hash}',
    explorerAddressUrl: 'https://solscan.io/account/{address}',
    mevProtection: false,
    blockTimeMs: 400,
  },
};

/** DexScreener's name for each chain (its URLs and APIs use these). */
export const DEXSCREENER_CHAIN_IDS: Readonly<Record<ChainId, string>> = {
  BASE: 'base', ETH: 'ethereum', BSC: 'bsc', ARB: 'arbitrum', AVAX: 'avalanche', ABS: 'abstract', HYPE: 'hyperevm',
  INK: 'ink', STORY: 'story', XLAYER: 'xlayer', PLASMA: 'plasma', UNI: 'unichain', MONAD: 'monad', MEGAETH: 'megaeth',
  SOL: 'solana',
};

/** The native token is named by the EVM zero address on every chain (the API's convention, README "API overview"). */
export const NATIVE_TOKEN_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * v1 spellings (the v1 endpoints' chain lists in the OpenAPI document): the v1 quote lists ABSTRACT, HYPEREVM, UNICHAIN and omits MONAD and
 * MEGAETH; the canonical names are accepted too.
 */
export const V1_CHAIN_ALIASES = { ABSTRACT: 'ABS', HYPEREVM: 'HYPE', UNICHAIN: 'UNI' } as const satisfies Record<string, ChainId>;
export const V1_QUOTE_CHAINS = [
  'BASE', 'ETH', 'BSC', 'ARB', 'AVAX', 'ABS', 'HYPE', 'INK', 'STORY', 'XLAYER', 'PLASMA', 'UNI', 'SOL',
] as const satisfies readonly ChainId[];
/** The v1 balance endpoints' network list (the OpenAPI document). */
export const V1_BALANCE_CHAINS = V1_QUOTE_CHAINS;

export function chainInfo(id: ChainId): ChainInfo {
  return CHAINS[id];
}

export function isEvmChain(id: ChainId): id is EvmChainId {
  return CHAINS[id].family === 'evm';
}

export function explorerTxUrl(id: ChainId, hash: string): string {
  return CHAINS[id].explorerTxUrl.replace('{hash}', hash);
}
