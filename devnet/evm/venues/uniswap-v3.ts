/**
 * Uniswap V3 in the local world: factory (with the 0.01 % tier enabled), QuoterV2, SwapRouter and the
 * position manager (the published bytecode), one pool per (pair, fee) of the spec table's UNISWAP_V3 rows,
 * each row one position minted through V3LiquidityMinter.
 */
import { getAddress, parseAbi, type Address } from 'viem';
import { loadArtifact } from '../artifacts';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { poolsOf, UNISWAP_TICK_SPACING } from '../world-spec';
import { groupPools, type EvmWorldPool, type EvmWorldVenue } from './evm-world-venue';
import { CREATE_POOL_GAS, seedV3FamilyPool } from './v3-family-seeding';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type UniswapV3Contracts = {
  uniswapV3Factory: string;
  quoterV2: string;
  swapRouter: string;
  positionManager: string;
  v3LiquidityMinter: string;
};

const factoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)', 'function enableFeeAmount(uint24 fee, int24 tickSpacing)']);
const positionManagerAbi = parseAbi([
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
]);

const VENUE_ID = 'UNISWAP_V3';
const ROWS = poolsOf(VENUE_ID);

export const uniswapV3: EvmWorldVenue<UniswapV3Contracts> = {
  id: VENUE_ID,
  pools: ROWS,
  takesNative: 'wrapped',
  async deploy(deployer, wrappedNative, compiled) {
    const factoryArtifact = loadArtifact('UniswapV3Factory');
    const factory = await deployer.deploy('UniswapV3Factory', factoryArtifact.abi, factoryArtifact.bytecode);
    // The factory ships 500, 3000 and 10000; its owner adds 0.01 % as Uniswap governance did on mainnet.
    await deployer.write('V3 enable fee 100', { address: factory, abi: factoryAbi, functionName: 'enableFeeAmount', args: [100, UNISWAP_TICK_SPACING[100]!] });
    const quoterArtifact = loadArtifact('QuoterV2');
    const quoterV2 = await deployer.deploy('QuoterV2', quoterArtifact.abi, quoterArtifact.bytecode, [factory, wrappedNative]);
    const swapRouterArtifact = loadArtifact('SwapRouter');
    const swapRouter = await deployer.deploy('SwapRouter', swapRouterArtifact.abi, swapRouterArtifact.bytecode, [factory, wrappedNative]);
    const positionManagerArtifact = loadArtifact('NonfungiblePositionManager');
    // No token descriptor: tokenURI is not needed for swaps, and the real one needs a linked library.
    const positionManager = await deployer.deploy('NonfungiblePositionManager', positionManagerArtifact.abi, positionManagerArtifact.bytecode, [
      factory,
      wrappedNative,
      '0x0000000000000000000000000000000000000000',
    ]);
    const minter = await deployer.deploy('V3LiquidityMinter', compiled.V3LiquidityMinter.abi, compiled.V3LiquidityMinter.bytecode);
    return {
      contracts: { uniswapV3Factory: factory, quoterV2, swapRouter, positionManager, v3LiquidityMinter: minter },
      spender: minter,
      seedPools: (tokens) => seedPools(deployer, tokens, factory, positionManager, minter),
    };
  },
};

async function seedPools(deployer: Deployer, tokens: WorldTokens, factory: Address, positionManager: Address, minter: Address): Promise<EvmWorldPool[]> {
  const pools: EvmWorldPool[] = [];
  for (const group of groupPools(ROWS)) {
    pools.push(
      await seedV3FamilyPool(deployer, tokens, group, {
        venue: VENUE_ID,
        tickSpacing: UNISWAP_TICK_SPACING[group.spec.fee]!,
        minter,
        async createPool(token0, token1, fee, sqrtPrice) {
          await deployer.write(`V3 ${token0}/${token1} ${fee} create`, {
            address: positionManager,
            abi: positionManagerAbi,
            functionName: 'createAndInitializePoolIfNecessary',
            args: [token0, token1, fee, sqrtPrice],
            gas: CREATE_POOL_GAS,
          });
          return getAddress(
            await deployer.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPool', args: [token0, token1, fee] }),
          );
        },
      }),
    );
  }
  return pools;
}
