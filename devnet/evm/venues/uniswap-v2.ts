/** Uniswap V2 in the local world: factory and Router02 (the published bytecode), one pair per UNISWAP_V2 row of the spec table. */
import { getAddress, parseAbi, type Address } from 'viem';
import { loadArtifact } from '../artifacts';
import type { Deployer } from '../deployer';
import type { WorldTokens } from '../tokens';
import { poolsOf, V2_FEE, WNATIVE } from '../world-spec';
import { NO_DEADLINE, sortPair, type EvmWorldPool, type EvmWorldVenue } from './evm-world-venue';

// A type alias, not an interface: it stays assignable to Record<string, string> (the manifest's shape).
export type UniswapV2Contracts = {
  uniswapV2Factory: string;
  uniswapV2Router02: string;
};

const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);
const routerAbi = parseAbi([
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);

const VENUE_ID = 'UNISWAP_V2';
const ROWS = poolsOf(VENUE_ID);

export const uniswapV2: EvmWorldVenue<UniswapV2Contracts> = {
  id: VENUE_ID,
  pools: ROWS,
  takesNative: 'native',
  async deploy(deployer, wrappedNative) {
    const factoryArtifact = loadArtifact('UniswapV2Factory');
    const factory = await deployer.deploy('UniswapV2Factory', factoryArtifact.abi, factoryArtifact.bytecode, [deployer.address]);
    const routerArtifact = loadArtifact('UniswapV2Router02');
    const router = await deployer.deploy('UniswapV2Router02', routerArtifact.abi, routerArtifact.bytecode, [factory, wrappedNative]);
    return {
      contracts: { uniswapV2Factory: factory, uniswapV2Router02: router },
      spender: router,
      seedPools: (tokens) => seedPairs(deployer, tokens, factory, router),
    };
  },
};

async function seedPairs(deployer: Deployer, tokens: WorldTokens, factory: Address, router: Address): Promise<EvmWorldPool[]> {
  const pools: EvmWorldPool[] = [];
  for (const spec of ROWS) {
    const what = `V2 ${spec.tokenA}/${spec.tokenB}`;
    if (spec.tokenA === WNATIVE || spec.tokenB === WNATIVE) {
      const token = spec.tokenA === WNATIVE ? spec.tokenB : spec.tokenA;
      await deployer.write(what, {
        address: router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [tokens.addressOf(token), tokens.amountFor(token, spec.depthUsd), 0n, 0n, deployer.address, NO_DEADLINE],
        value: tokens.amountFor(WNATIVE, spec.depthUsd),
      });
    } else {
      await deployer.write(what, {
        address: router,
        abi: routerAbi,
        functionName: 'addLiquidity',
        args: [
          tokens.addressOf(spec.tokenA),
          tokens.addressOf(spec.tokenB),
          tokens.amountFor(spec.tokenA, spec.depthUsd),
          tokens.amountFor(spec.tokenB, spec.depthUsd),
          0n,
          0n,
          deployer.address,
          NO_DEADLINE,
        ],
      });
    }
    const [token0, token1] = sortPair(tokens.addressOf(spec.tokenA), tokens.addressOf(spec.tokenB));
    const pair = getAddress(await deployer.publicClient.readContract({ address: factory, abi: factoryAbi, functionName: 'getPair', args: [token0, token1] }));
    if (!pools.some((pool) => pool.address === pair)) pools.push({ venue: VENUE_ID, address: pair, token0, token1, fee: V2_FEE });
  }
  return pools;
}
