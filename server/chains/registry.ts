/**
 * The chain table: every per-chain fact lives here and nowhere else.
 * Code asks this table ("what is the explorer of BASE?") instead of branching on chain names.
 */

export const EVM_CHAIN_IDS = ['BASE', 'ETH', 'BSC', 'ARB', 'AVAX', 'ABS', 'HYPE', 'INK', 'STORY', 'XLAYER', 'PLASMA', 'UNI', 'MONAD', 'MEGAETH'] as const;
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
  /**
   * Confirmations a bridge deposit needs before the solver pays for it, counting the deposit's own block (1:
   * mined). `BRIDGE_CONFIRMATIONS_<CHAIN>` changes it; the local world uses 1. On SOL, SOLANA_FINALIZED_DEPTH
   * means the `finalized` commitment.
   */
  depositConfirmations: number;
  /**
   * What Solidity's `block.number` reads inside an eth_call here: this chain's own block (absent), or its
   * parent chain's ('parent-chain': Arbitrum answers an L1 block number). A quote says which block it priced:
   * from the QuoteLens' own `block.number`, or where that is the parent chain's, from `eth_blockNumber` in the
   * same batch.
   */
  callBlockNumber?: 'parent-chain';
}

/**
 * Solana reports a transaction's confirmations only until its block is rooted (finalized by the cluster,
 * 31 confirmed blocks on top): a depth of this many is the `finalized` commitment itself.
 */
export const SOLANA_FINALIZED_DEPTH = 32;

function evm(
  id: EvmChainId,
  chainId: number,
  name: string,
  nativeSymbol: string,
  explorer: string,
  blocks: Pick<ChainInfo, 'blockTimeMs' | 'depositConfirmations' | 'callBlockNumber'>,
  mevProtection = false,
): ChainInfo {
  return {
    id,
    family: 'evm',
    chainId,
    name,
    nativeSymbol,
    nativeDecimals: 18,
    ...blocks,
    explorerTxUrl: `${explorer}/tx/{hash}`,
    explorerAddressUrl: `${explorer}/address/{address}`,
    mevProtection,
  };
}

/*
 * Deposit confirmations, chain by chain: what it takes for a block to stay, against how long a trader waits.
 * - A BFT chain (Avalanche's Snowman, HyperBFT, CometBFT on Story, PlasmaBFT) serves a block only once it is
 *   final: mined is final, 1.
 * - A rollup or L2 whose single sequencer orders transactions (Base, Arbitrum, Abstract, Ink, X Layer,
 *   Unichain, MegaETH) reorders only when the sequencer fails over or its batch does not reach L1: two to
 *   four seconds of blocks cover the sequencer's own hiccups.
 * - BNB Chain's fast finality finalizes a block once the next ones are attested (about 2 blocks): 3.
 * - Monad finalizes a block two blocks after proposing it, and its RPC may serve a proposed block: 3.
 * - Ethereum still sees one- and two-block reorganisations (late proposals, missed slots): 6 blocks (about
 *   72 s) leave a margin without waiting the ~13 minutes of finality by epochs.
 * - Solana: `finalized` (rooted, about 13 s) rather than `confirmed` (voted by a supermajority, under a
 *   second): the solver pays from its own inventory at once, so it waits the few seconds for a block no fork
 *   can take back. BRIDGE_CONFIRMATIONS_SOL=1 takes `confirmed`.
 */
export const CHAINS: Readonly<Record<ChainId, ChainInfo>> = {
  BASE: evm('BASE', 8453, 'Base', 'ETH', 'https://basescan.org', { blockTimeMs: 2000, depositConfirmations: 2 }),
  ETH: evm('ETH', 1, 'Ethereum', 'ETH', 'https://etherscan.io', { blockTimeMs: 12000, depositConfirmations: 6 }, true),
  BSC: evm('BSC', 56, 'BNB Smart Chain', 'BNB', 'https://bscscan.com', { blockTimeMs: 750, depositConfirmations: 3 }, true),
  ARB: evm('ARB', 42161, 'Arbitrum One', 'ETH', 'https://arbiscan.io', { blockTimeMs: 250, depositConfirmations: 8, callBlockNumber: 'parent-chain' }),
  AVAX: evm('AVAX', 43114, 'Avalanche C-Chain', 'AVAX', 'https://snowtrace.io', { blockTimeMs: 2000, depositConfirmations: 1 }),
  ABS: evm('ABS', 2741, 'Abstract', 'ETH', 'https://abscan.org', { blockTimeMs: 1000, depositConfirmations: 3 }),
  HYPE: evm('HYPE', 999, 'HyperEVM', 'HYPE', 'https://hyperevmscan.io', { blockTimeMs: 1000, depositConfirmations: 1 }),
  INK: evm('INK', 57073, 'Ink', 'ETH', 'https://explorer.inkonchain.com', { blockTimeMs: 1000, depositConfirmations: 3 }),
  STORY: evm('STORY', 1514, 'Story', 'IP', 'https://www.storyscan.io', { blockTimeMs: 2500, depositConfirmations: 1 }),
  XLAYER: evm('XLAYER', 196, 'X Layer', 'OKB', 'https://www.oklink.com/xlayer', { blockTimeMs: 1000, depositConfirmations: 3 }),
  PLASMA: evm('PLASMA', 9745, 'Plasma', 'XPL', 'https://plasmascan.to', { blockTimeMs: 1000, depositConfirmations: 1 }),
  UNI: evm('UNI', 130, 'Unichain', 'ETH', 'https://uniscan.xyz', { blockTimeMs: 1000, depositConfirmations: 3 }),
  MONAD: evm('MONAD', 143, 'Monad', 'MON', 'https://monadscan.com', { blockTimeMs: 400, depositConfirmations: 3 }),
  MEGAETH: evm('MEGAETH', 4326, 'MegaETH', 'ETH', 'https://mega.etherscan.io', { blockTimeMs: 1000, depositConfirmations: 3 }),
  SOL: {
    id: 'SOL',
    family: 'solana',
    chainId: 792703809,
    name: 'Solana',
    nativeSymbol: 'SOL',
    nativeDecimals: 9,
    explorerTxUrl: 'https://solscan.io/tx/{hash}',
    explorerAddressUrl: 'https://solscan.io/account/{address}',
    mevProtection: false,
    blockTimeMs: 400,
    depositConfirmations: SOLANA_FINALIZED_DEPTH,
  },
};

/** DexScreener's name for each chain (its URLs and APIs use these). */
export const DEXSCREENER_CHAIN_IDS: Readonly<Record<ChainId, string>> = {
  BASE: 'base',
  ETH: 'ethereum',
  BSC: 'bsc',
  ARB: 'arbitrum',
  AVAX: 'avalanche',
  ABS: 'abstract',
  HYPE: 'hyperevm',
  INK: 'ink',
  STORY: 'story',
  XLAYER: 'xlayer',
  PLASMA: 'plasma',
  UNI: 'unichain',
  MONAD: 'monad',
  MEGAETH: 'megaeth',
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
  'BASE',
  'ETH',
  'BSC',
  'ARB',
  'AVAX',
  'ABS',
  'HYPE',
  'INK',
  'STORY',
  'XLAYER',
  'PLASMA',
  'UNI',
  'SOL',
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
