/**
 * Uniswap V4 in the local world: one PoolManager (the published v4-core bytecode), v4-periphery's V4Quoter,
 * and v4-core's PoolModifyLiquidityTest to add liquidity. Pools are hookless, keyed by the wrapped native
 * (never currency 0, so the Router's wrapped-native handling applies) and the spec table's UNISWAP_V4 rows:
 * one pool per (pair, fee), each row one position.
 */
import { encodeAbiParameters, keccak256, parseAbi, type Address, type Hex } from 'viem';
import { loadArtifact } from '../artifacts';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { poolsOf, UNISWAP_TICK_SPACING } from '../world-spec';
import { positionFor, sqrtPriceX96 } from './concentrated-liquidity';
import { MINT_GAS } from './v3-family-seeding';
import { groupPools, orderedPair, type EvmWorldPool, type EvmWorldVenue, type PoolGroup } from './evm-world-venue';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type UniswapV4Contracts = {
  uniswapV4PoolManager: string;
  v4Quoter: string;
  v4PoolModifyLiquidityTest: string;
};

export interface PoolKey {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
}

const POOL_KEY = 'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }';
const poolManagerAbi = parseAbi([POOL_KEY, 'function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)']);
const modifyLiquidityAbi = parseAbi([
  POOL_KEY,
  'struct ModifyLiquidityParams { int24 tickLower; int24 tickUpper; int256 liquidityDelta; bytes32 salt; }',
  'function modifyLiquidity(PoolKey key, ModifyLiquidityParams params, bytes hookData) payable returns (int256 delta)',
]);
const NO_HOOKS: Address = '0x0000000000000000000000000000000000000000';

const VENUE_ID = 'UNISWAP_V4';
const ROWS = poolsOf(VENUE_ID);

/** A V4 pool's id: keccak256 of its abi-encoded key. */
export function poolIdOf(key: PoolKey): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

export const uniswapV4: EvmWorldVenue<UniswapV4Contracts> = {
  id: VENUE_ID,
  pools: ROWS,
  takesNative: 'wrapped',
  async deploy(deployer) {
    const managerArtifact = loadArtifact('PoolManager');
    const manager = await deployer.deploy('PoolManager', managerArtifact.abi, managerArtifact.bytecode, [deployer.address]);
    const quoterArtifact = loadArtifact('V4Quoter');
    const quoter = await deployer.deploy('V4Quoter', quoterArtifact.abi, quoterArtifact.bytecode, [manager]);
    const liquidityArtifact = loadArtifact('PoolModifyLiquidityTest');
    const liquidityRouter = await deployer.deploy('PoolModifyLiquidityTest', liquidityArtifact.abi, liquidityArtifact.bytecode, [manager]);
    return {
      contracts: { uniswapV4PoolManager: manager, v4Quoter: quoter, v4PoolModifyLiquidityTest: liquidityRouter },
      spender: liquidityRouter,
      seedPools: async (tokens) => {
        const pools: EvmWorldPool[] = [];
        for (const group of groupPools(ROWS)) pools.push(await seedPool(deployer, tokens, group, manager, liquidityRouter));
        return pools;
      },
    };
  },
};

async function seedPool(deployer: Deployer, tokens: WorldTokens, group: PoolGroup, manager: Address, liquidityRouter: Address): Promise<EvmWorldPool> {
  const { spec } = group;
  const first = orderedPair(tokens, spec, spec.depthUsd);
  const tickSpacing = UNISWAP_TICK_SPACING[spec.fee]!;
  const key: PoolKey = { currency0: first.token0, currency1: first.token1, fee: spec.fee, tickSpacing, hooks: NO_HOOKS };
  const sqrtPrice = sqrtPriceX96(first.amount0, first.amount1);
  const what = `V4 ${spec.tokenA}/${spec.tokenB} ${spec.fee}`;
  await deployer.write(`${what} initialize`, { address: manager, abi: poolManagerAbi, functionName: 'initialize', args: [key, sqrtPrice], gas: MINT_GAS });
  for (const [index, row] of group.positions.entries()) {
    const { amount0, amount1 } = orderedPair(tokens, row, row.depthUsd);
    const position = positionFor(sqrtPrice, tickSpacing, amount0, amount1, row.rangePct);
    await deployer.write(`${what} position ${row.rangePct ?? 'full'}`, {
      address: liquidityRouter,
      abi: modifyLiquidityAbi,
      functionName: 'modifyLiquidity',
      args: [
        key,
        {
          tickLower: position.tickLower,
          tickUpper: position.tickUpper,
          liquidityDelta: position.liquidity,
          salt: `0x${index.toString(16).padStart(64, '0')}`,
        },
        '0x',
      ],
      gas: MINT_GAS,
    });
  }
  return { venue: VENUE_ID, address: manager, id: poolIdOf(key), token0: first.token0, token1: first.token1, fee: spec.fee, tickSpacing };
}
