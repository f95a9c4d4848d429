/**
 * One venue of the local EVM world (a DEX: its contracts and its seeded pools). The world deploys every venue
 * in the order of EVM_WORLD_VENUES (deploy-world.ts), then the tokens, then seeds each venue's pools; a new
 * venue is a module implementing this interface and one entry in that list.
 */
import type { Address } from 'viem';
import type { EvmChainId } from '@/server/chains/registry';
import type { CompiledContracts } from '../compile';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import type { PoolSpec } from '../world-spec';

export interface EvmWorldPool {
  /** The venue's id, spelled as the server's venue adapters spell it (UNISWAP_V2, UNISWAP_V3, ...). */
  venue: string;
  address: string;
  token0: string;
  token1: string;
  /** Hundredths of a bip, as Uniswap V3 writes it: 3000 = 0.3 % (V2 pools are 3000 too). */
  fee: number;
  /** Uniswap V4 only: the pool id (keccak256 of the abi-encoded PoolKey); `address` is the PoolManager. */
  id?: string;
  /** Concentrated venues: the pool's tick spacing. */
  tickSpacing?: number;
}

/** A pool to seed: `depthUsd` worth of each token. */
export type SeededPoolSpec = Pick<PoolSpec, 'tokenA' | 'tokenB' | 'depthUsd'>;

export interface EvmWorldVenue<Contracts extends Record<string, string> = Record<string, string>> {
  id: string;
  pools: readonly SeededPoolSpec[];
  /**
   * How the venue takes the native side of a pool: sent with the call ('native', like V2's addLiquidityETH),
   * or pulled as the wrapped token like any other ('wrapped'; the deployer wraps that much first).
   */
  takesNative: 'native' | 'wrapped';
  /** Only these chains carry the venue (default: every chain). */
  chains?: readonly EvmChainId[];
  deploy(deployer: Deployer, wrappedNative: Address, compiled: CompiledContracts): Promise<DeployedEvmWorldVenue<Contracts>>;
}

export interface DeployedEvmWorldVenue<Contracts extends Record<string, string> = Record<string, string>> {
  /** Listed in the manifest under these names. */
  contracts: Contracts;
  /** The contract that pulls the deployer's tokens when seeding; every token approves it (none: the venue sends them itself). */
  spender: Address | undefined;
  /** Seeds the venue's pools from the deployer's tokens (already approved to `spender`). */
  seedPools(tokens: WorldTokens): Promise<EvmWorldPool[]>;
}

/** Every venue's contracts in one object type (so `contracts.quoterV2` is known to exist). */
export type ContractsOfVenues<Venues extends readonly EvmWorldVenue[]> = Intersection<ContractsOf<Venues[number]>>;

type ContractsOf<Venue> = Venue extends EvmWorldVenue<infer Contracts> ? Contracts : never;
type Intersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer All) => void ? All : never;

/** No seeding call ever waits for a deadline on the local world. */
export const NO_DEADLINE = 2n ** 48n;

export function sortPair(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [a, b] : [b, a];
}

/** A pool of the spec table: its first row (venue, pair, fee) and every row of it (one position each). */
export interface PoolGroup {
  spec: PoolSpec;
  positions: PoolSpec[];
}

/** Groups rows by venue, pair and fee, in the order the pools first appear. */
export function groupPools(rows: readonly PoolSpec[]): PoolGroup[] {
  const groups = new Map<string, PoolGroup>();
  for (const row of rows) {
    const key = `${row.venue}:${[row.tokenA, row.tokenB].sort().join('/')}:${row.fee}`;
    const group = groups.get(key);
    if (group) group.positions.push(row);
    else groups.set(key, { spec: row, positions: [row] });
  }
  return [...groups.values()];
}

/** A pair in pool order (token0 < token1 by address) and `usd` worth of each side. */
export function orderedPair(tokens: WorldTokens, spec: Pick<PoolSpec, 'tokenA' | 'tokenB'>, usd: number) {
  const [token0, token1] = sortPair(tokens.addressOf(spec.tokenA), tokens.addressOf(spec.tokenB));
  const symbol0 = token0 === tokens.addressOf(spec.tokenA) ? spec.tokenA : spec.tokenB;
  const symbol1 = symbol0 === spec.tokenA ? spec.tokenB : spec.tokenA;
  return { token0, token1, amount0: tokens.amountFor(symbol0, usd), amount1: tokens.amountFor(symbol1, usd) };
}
