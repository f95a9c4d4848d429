/**
 * PancakeSwap V3 in the local world, deployed after the Router and the Depository on every chain where the
 * address book lists it (at its addresses there), with pools on PANCAKE_CHAINS only (BSC): the npm factory
 * wired to the project's PancakeV3PoolDeployer (the pools' init code is the npm artifact's), one pool per
 * (pair, fee) of the spec table's PANCAKESWAP_V3 rows, each row one position minted through a V3LiquidityMinter.
 */
import { getAddress, parseAbi, type Address } from 'viem';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { EVM_CHAIN_IDS, type EvmChainId } from '@/server/chains/registry';
import { loadArtifact } from '../artifacts';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { PANCAKE_CHAINS, PANCAKE_TICK_SPACING, poolsOf } from '../world-spec';
import { groupPools, type EvmWorldPool, type EvmWorldVenue } from './evm-world-venue';
import { CREATE_POOL_GAS, MINT_GAS, seedV3FamilyPool } from './v3-family-seeding';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type PancakeV3Contracts = {
  pancakeV3Factory: string;
  pancakeV3PoolDeployer: string;
  pancakeV3LiquidityMinter: string;
};

/** Where the world deploys it: where its pools are, and wherever the address book lists it (without pools there). */
export const PANCAKE_DEPLOY_CHAINS: readonly EvmChainId[] = EVM_CHAIN_IDS.filter(
  (chain) => PANCAKE_CHAINS.includes(chain) || ADDRESS_BOOK[chain]?.pancakeswapV3,
);

const factoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address pool)',
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
]);
const poolDeployerAbi = parseAbi(['function setFactoryAddress(address factory)']);
const poolAbi = parseAbi(['function initialize(uint160 sqrtPriceX96)']);

const VENUE_ID = 'PANCAKESWAP_V3';
const ROWS = poolsOf(VENUE_ID);

export const pancakeswapV3: EvmWorldVenue<PancakeV3Contracts> = {
  id: VENUE_ID,
  pools: ROWS,
  takesNative: 'wrapped',
  chains: PANCAKE_DEPLOY_CHAINS,
  async deploy(deployer, _wrappedNative, compiled) {
    const poolDeployer = await deployer.deploy('PancakeV3PoolDeployer', compiled.PancakeV3PoolDeployer.abi, compiled.PancakeV3PoolDeployer.bytecode, [
      loadArtifact('PancakeV3Pool').bytecode,
    ]);
    const factoryArtifact = loadArtifact('PancakeV3Factory');
    const factory = await deployer.deploy('PancakeV3Factory', factoryArtifact.abi, factoryArtifact.bytecode, [poolDeployer]);
    await deployer.write('Pancake setFactoryAddress', { address: poolDeployer, abi: poolDeployerAbi, functionName: 'setFactoryAddress', args: [factory] });
    const minter = await deployer.deploy('V3LiquidityMinter', compiled.V3LiquidityMinter.abi, compiled.V3LiquidityMinter.bytecode);
    return {
      contracts: { pancakeV3Factory: factory, pancakeV3PoolDeployer: poolDeployer, pancakeV3LiquidityMinter: minter },
      spender: minter,
      seedPools: async (tokens) => (PANCAKE_CHAINS.includes(deployer.chain) ? seedPools(deployer, tokens, factory, minter) : []),
    };
  },
};

async function seedPools(deployer: Deployer, tokens: WorldTokens, factory: Address, minter: Address): Promise<EvmWorldPool[]> {
  const pools: EvmWorldPool[] = [];
  for (const group of groupPools(ROWS)) {
    pools.push(
      await seedV3FamilyPool(deployer, tokens, group, {
        venue: VENUE_ID,
        tickSpacing: PANCAKE_TICK_SPACING[group.spec.fee]!,
        minter,
        async createPool(token0, token1, fee, sqrtPrice) {
          await deployer.write(`Pancake ${token0}/${token1} ${fee} create`, {
            address: factory,
            abi: factoryAbi,
            functionName: 'createPool',
            args: [token0, token1, fee],
            gas: CREATE_POOL_GAS,
          });
          const pool = getAddress(
            await deployer.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPool', args: [token0, token1, fee] }),
          );
          await deployer.write(`Pancake ${token0}/${token1} ${fee} initialize`, {
            address: pool,
            abi: poolAbi,
            functionName: 'initialize',
            args: [sqrtPrice],
            gas: MINT_GAS,
          });
          return pool;
        },
      }),
    );
  }
  return pools;
}
