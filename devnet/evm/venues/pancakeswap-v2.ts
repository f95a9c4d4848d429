/**
 * PancakeSwap V2 in the local world, on PANCAKE_CHAINS only (BSC), deployed after every other contract so all
 * other addresses stay shared: PancakeSwap's factory at the address book's factory address, built from its
 * published core with V2's 0.25 % fee (pancake-v2-build.ts), and one pair per PANCAKESWAP_V2 row of the spec
 * table, seeded as a pair is first funded (both tokens sent in, then `mint`). PancakeSwap's router is not
 * deployed: the project's Router trades the pairs, and seeding needs none.
 */
import { erc20Abi, getAddress, parseAbi, type Address } from 'viem';
import type { Deployer } from '../deployer';
import { pancakeV2Build } from '../pancake-v2-build';
import type { WorldTokens } from '../tokens';
import { PANCAKE_CHAINS, PANCAKE_V2_FEE, poolsOf } from '../world-spec';
import { orderedPair, type EvmWorldPool, type EvmWorldVenue } from './evm-world-venue';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type PancakeV2Contracts = {
  pancakeV2Factory: string;
};

const factoryAbi = parseAbi([
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
]);
const pairAbi = parseAbi(['function mint(address to) returns (uint256 liquidity)']);

const VENUE_ID = 'PANCAKESWAP_V2';
const ROWS = poolsOf(VENUE_ID);

export const pancakeswapV2: EvmWorldVenue<PancakeV2Contracts> = {
  id: VENUE_ID,
  pools: ROWS,
  takesNative: 'wrapped',
  chains: PANCAKE_CHAINS,
  async deploy(deployer) {
    const { factory: factoryBuild } = pancakeV2Build();
    const factory = await deployer.deploy('PancakeV2Factory', factoryBuild.abi, factoryBuild.bytecode, [deployer.address]);
    return {
      contracts: { pancakeV2Factory: factory },
      // Seeding sends the tokens into each pair itself: nothing pulls them.
      spender: undefined,
      seedPools: (tokens) => seedPairs(deployer, tokens, factory),
    };
  },
};

async function seedPairs(deployer: Deployer, tokens: WorldTokens, factory: Address): Promise<EvmWorldPool[]> {
  const pools: EvmWorldPool[] = [];
  for (const spec of ROWS) {
    const what = `Pancake V2 ${spec.tokenA}/${spec.tokenB}`;
    const { token0, token1, amount0, amount1 } = orderedPair(tokens, spec, spec.depthUsd);
    await deployer.write(`${what} create`, { address: factory, abi: factoryAbi, functionName: 'createPair', args: [token0, token1] });
    const pair = getAddress(await deployer.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [token0, token1] }));
    await deployer.write(`${what} fund token0`, { address: token0, abi: erc20Abi, functionName: 'transfer', args: [pair, amount0] });
    await deployer.write(`${what} fund token1`, { address: token1, abi: erc20Abi, functionName: 'transfer', args: [pair, amount1] });
    await deployer.write(`${what} mint`, { address: pair, abi: pairAbi, functionName: 'mint', args: [deployer.address] });
    pools.push({ venue: VENUE_ID, address: pair, token0, token1, fee: PANCAKE_V2_FEE });
  }
  return pools;
}
