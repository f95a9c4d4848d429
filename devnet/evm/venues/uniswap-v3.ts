/**
 * Uniswap V3 in the local world: factory, QuoterV2, SwapRouter and the position manager (the published
 * bytecode), one pool per V3_POOLS entry holding one full-range position.
 */
import { getAddress, parseAbi, type Address } from 'viem';
import { loadArtifact } from '../artifacts';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { V3_POOLS, V3_TICK_SPACING, type V3PoolSpec } from '../world-spec';
import { NO_DEADLINE, sortPair, type EvmWorldPool, type EvmWorldVenue } from './evm-world-venue';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type UniswapV3Contracts = {
  uniswapV3Factory: string;
  quoterV2: string;
  swapRouter: string;
  positionManager: string;
};

const factoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const positionManagerAbi = parseAbi([
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
]);

const MAX_TICK = 887272;

const VENUE_ID = 'uniswap-v3';

export const uniswapV3: EvmWorldVenue<UniswapV3Contracts> = {
  id: VENUE_ID,
  pools: V3_POOLS,
  takesNative: 'wrapped',
  async deploy(deployer, wrappedNative) {
    const factoryArtifact = loadArtifact('UniswapV3Factory');
    const factory = await deployer.deploy('UniswapV3Factory', factoryArtifact.abi, factoryArtifact.bytecode);
    const quoterArtifact = loadArtifact('QuoterV2');
    const quoterV2 = await deployer.deploy('QuoterV2', quoterArtifact.abi, quoterArtifact.bytecode, [factory, wrappedNative]);
    const swapRouterArtifact = loadArtifact('SwapRouter');
    const swapRouter = await deployer.deploy('SwapRouter', swapRouterArtifact.abi, swapRouterArtifact.bytecode, [factory, wrappedNative]);
    const positionManagerArtifact = loadArtifact('NonfungiblePositionManager');
    // No token descriptor: tokenURI is not needed for swaps, and the real one needs a linked library.
    const positionManager = await deployer.deploy('NonfungiblePositionManager', positionManagerArtifact.abi, positionManagerArtifact.bytecode, [
      factory, wrappedNative, '0x0000000000000000000000000000000000000000',
    ]);
    return {
      contracts: { uniswapV3Factory: factory, quoterV2, swapRouter, positionManager },
      spender: positionManager,
      seedPools: async (tokens) => {
        const pools: EvmWorldPool[] = [];
        for (const spec of V3_POOLS) pools.push(await seedPool(deployer, tokens, spec, factory, positionManager));
        return pools;
      },
    };
  },
};

async function seedPool(
  deployer: Deployer,
  tokens: WorldTokens,
  spec: V3PoolSpec,
  factory: Address,
  positionManager: Address,
): Promise<EvmWorldPool> {
  const [token0, token1] = sortPair(tokens.addressOf(spec.tokenA), tokens.addressOf(spec.tokenB));
  const symbol0 = token0 === tokens.addressOf(spec.tokenA) ? spec.tokenA : spec.tokenB;
  const symbol1 = symbol0 === spec.tokenA ? spec.tokenB : spec.tokenA;
  const amount0 = tokens.amountFor(symbol0, spec.depthUsd);
  const amount1 = tokens.amountFor(symbol1, spec.depthUsd);
  const what = `V3 ${spec.tokenA}/${spec.tokenB} ${spec.fee}`;
  await deployer.write(`${what} create`, {
    address: positionManager, abi: positionManagerAbi, functionName: 'createAndInitializePoolIfNecessary',
    args: [token0, token1, spec.fee, sqrtPriceX96(amount0, amount1)],
  });
  const spacing = V3_TICK_SPACING[spec.fee];
  const tickUpper = Math.floor(MAX_TICK / spacing) * spacing;
  await deployer.write(`${what} mint`, {
    address: positionManager, abi: positionManagerAbi, functionName: 'mint',
    args: [{
      token0, token1, fee: spec.fee, tickLower: -tickUpper, tickUpper,
      amount0Desired: amount0, amount1Desired: amount1, amount0Min: 0n, amount1Min: 0n,
      recipient: deployer.address, deadline: NO_DEADLINE,
    }],
  });
  const pool = getAddress(await deployer.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPool', args: [token0, token1, spec.fee] }));
  return { venue: VENUE_ID, address: pool, token0, token1, fee: spec.fee };
}

/** Uniswap V3 price encoding: sqrt(amount1 / amount0) in Q64.96. */
function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return bigintSqrt((amount1 << 192n) / amount0);
}

function bigintSqrt(value: bigint): bigint {
  if (value < 2n) return value;
  // Newton's method from a power of two above the root: decreases monotonically to floor(sqrt(value)).
  let x = 1n << (BigInt(value.toString(2).length) / 2n + 1n);
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
