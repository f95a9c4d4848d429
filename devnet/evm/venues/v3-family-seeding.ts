/**
 * Seeding a pool of the Uniswap V3 family (Uniswap V3, PancakeSwap V3): the venue creates and initializes
 * the pool at the spec price, then every position of the pool (full range or ±x %) is minted through the
 * project's V3LiquidityMinter, which every token approved. Native/stable pools also keep a history of
 * observations, as the main pools of real chains do, so their `observe` answers a TWAP after a swap.
 */
import { parseAbi, type Address } from 'viem';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { TOKENS, WNATIVE, type PoolSpec } from '../world-spec';
import { positionFor, sqrtPriceX96 } from './concentrated-liquidity';
import { orderedPair, type EvmWorldPool, type PoolGroup } from './evm-world-venue';

const minterAbi = parseAbi(['function mint(address pool, address recipient, int24 tickLower, int24 tickUpper, uint128 liquidity) returns (uint256, uint256)']);
const oracleAbi = parseAbi(['function increaseObservationCardinalityNext(uint16 observationCardinalityNext)']);

/**
 * Observations a native/stable pool keeps (one per block with a swap): a pool keeping only the last one (the
 * factory's default) answers no TWAP once a swap has written it. 200 covers a 30-minute window through
 * a test run's trades, and costs a pool about 4.5M gas once, at deploy.
 */
export const NATIVE_STABLE_OBSERVATIONS = 200;
/** Each new observation slot is one storage write (about 22k gas). */
const CARDINALITY_GAS = BigInt(NATIVE_STABLE_OBSERVATIONS) * 25_000n + 100_000n;
const STABLE = TOKENS.find((token) => token.kind === 'stable')!.symbol;

const isNativeStable = (spec: Pick<PoolSpec, 'tokenA' | 'tokenB'>) => [spec.tokenA, spec.tokenB].sort().join() === [WNATIVE, STABLE].sort().join();

/** Well above a mint's cost (about 300k to 450k): seeding skips the estimates. */
export const MINT_GAS = 1_000_000n;
/** Well above a pool's creation (about 5M), for the same reason. */
export const CREATE_POOL_GAS = 8_000_000n;

export interface V3FamilySeeding {
  venue: string;
  tickSpacing: number;
  minter: Address;
  /** Creates the pool and starts it at `sqrtPrice`; returns its address. */
  createPool(token0: Address, token1: Address, fee: number, sqrtPrice: bigint): Promise<Address>;
}

export async function seedV3FamilyPool(deployer: Deployer, tokens: WorldTokens, group: PoolGroup, seeding: V3FamilySeeding): Promise<EvmWorldPool> {
  const { spec } = group;
  const first = orderedPair(tokens, spec, spec.depthUsd);
  const sqrtPrice = sqrtPriceX96(first.amount0, first.amount1);
  const pool = await seeding.createPool(first.token0, first.token1, spec.fee, sqrtPrice);
  if (isNativeStable(spec)) {
    await deployer.write(`${seeding.venue} ${spec.tokenA}/${spec.tokenB} ${spec.fee} observations`, {
      address: pool,
      abi: oracleAbi,
      functionName: 'increaseObservationCardinalityNext',
      args: [NATIVE_STABLE_OBSERVATIONS],
      gas: CARDINALITY_GAS,
    });
  }
  for (const row of group.positions) {
    const { amount0, amount1 } = orderedPair(tokens, row, row.depthUsd);
    const position = positionFor(sqrtPrice, seeding.tickSpacing, amount0, amount1, row.rangePct);
    await deployer.write(`${seeding.venue} ${spec.tokenA}/${spec.tokenB} ${spec.fee} mint ${row.rangePct ?? 'full'}`, {
      address: seeding.minter,
      abi: minterAbi,
      functionName: 'mint',
      args: [pool, deployer.address, position.tickLower, position.tickUpper, position.liquidity],
      gas: MINT_GAS,
    });
  }
  return { venue: seeding.venue, address: pool, token0: first.token0, token1: first.token1, fee: spec.fee, tickSpacing: seeding.tickSpacing };
}
