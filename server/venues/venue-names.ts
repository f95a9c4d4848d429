/**
 * Every venue a route or a token's main pool can name, by the id the server answers with, and its name for
 * people. A leaf (no imports), so pages take the names from here without pulling in the adapters' RPC code:
 * the EVM adapters (server/venues/evm) take their `name` from EVM_VENUE_NAMES, so a new EVM venue is named once.
 */
export const EVM_VENUE_NAMES = {
  UNISWAP_V2: 'Uniswap V2',
  UNISWAP_V3: 'Uniswap V3',
  UNISWAP_V4: 'Uniswap V4',
  PANCAKESWAP_V2: 'PancakeSwap V2',
  PANCAKESWAP_V3: 'PancakeSwap V3',
  LAUNCHPAD: 'Launchpad',
} as const;

/** An EVM venue's id: a key of EVM_VENUE_NAMES (and of the adapter table, server/venues/evm/venue-table.ts). */
export type EvmVenueId = keyof typeof EVM_VENUE_NAMES;

/** Solana's route sources (server/venues/solana): the project's maker and Jupiter. */
export const SOLANA_VENUE_NAMES = { MAKER: 'Maker', JUPITER: 'Jupiter' } as const;

export const VENUE_NAMES: Readonly<Record<string, string>> = { ...EVM_VENUE_NAMES, ...SOLANA_VENUE_NAMES };

/**
 * What a token's main-pool panel calls a market where it is not the venue's name: a launch token's curve, the
 * maker's quotes.
 */
export const MARKET_NAMES: Readonly<Record<string, string>> = { ...VENUE_NAMES, LAUNCHPAD: 'Launchpad curve', MAKER: 'Market maker' };

/** Venues whose markets are no pool contract of their own (a launchpad's curves all live at the launchpad's address). */
export const NOT_POOL_CONTRACTS: ReadonlySet<string> = new Set<string>(['LAUNCHPAD']);
