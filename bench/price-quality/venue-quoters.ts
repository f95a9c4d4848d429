/**
 * What one pool pays for an amount, asked of the venue's own quoter contract on the node (never our math):
 * Uniswap V2 Router02 `getAmountsOut`, Uniswap V3 QuoterV2, Uniswap V4 V4Quoter, and for PancakeSwap V3 the
 * world's V3PoolQuoter (the pool's own swap, reverted from its callback). One function per venue id of the
 * world manifest.
 */
import { parseAbi, type Address, type PublicClient } from 'viem';
import type { ManifestChain } from '@/server/chains/devnet-manifest';

export interface BenchPool {
  venue: string;
  address: Address;
  id?: `0x${string}`;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing?: number;
}

const v2RouterAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);
const quoterV2Abi = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
]);
const v3PoolQuoterAbi = parseAbi(['function quote(address pool, bool zeroForOne, uint256 amountIn) returns (uint256 amountOut)']);

/** TickMath's MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO − 1: QuoterV2's limits when none is given. */
const PRICE_LIMITS = new Set([4295128740n, 1461446703485210103287273052203988822378723970341n]);

type Quoter = (client: PublicClient, chain: ManifestChain, pool: BenchPool, tokenIn: Address, amountIn: bigint) => Promise<bigint>;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const other = (pool: BenchPool, token: Address) => (same(pool.token0, token) ? pool.token1 : pool.token0);
const contract = (chain: ManifestChain, name: string) => {
  const address = chain.contracts[name];
  if (!address) throw new Error(`${chain.chainId}: the manifest has no ${name}`);
  return address as Address;
};

const QUOTERS: Record<string, Quoter> = {
  'uniswap-v2': async (client, chain, pool, tokenIn, amountIn) => {
    const amounts = await client.readContract({ address: contract(chain, 'uniswapV2Router02'), abi: v2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, [tokenIn, other(pool, tokenIn)]] });
    return amounts[1]!;
  },
  'uniswap-v3': async (client, chain, pool, tokenIn, amountIn) => {
    const { result } = await client.simulateContract({
      address: contract(chain, 'quoterV2'), abi: quoterV2Abi, functionName: 'quoteExactInputSingle',
      args: [{ tokenIn, tokenOut: other(pool, tokenIn), amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }],
    });
    // QuoterV2 prices what the pool takes: at the price limit the pool ran dry and took part of the input.
    return PRICE_LIMITS.has(result[1]) ? 0n : result[0];
  },
  'uniswap-v4': async (client, chain, pool, tokenIn, amountIn) => {
    const { result } = await client.simulateContract({
      address: contract(chain, 'v4Quoter'), abi: v4QuoterAbi, functionName: 'quoteExactInputSingle',
      args: [{
        poolKey: { currency0: pool.token0, currency1: pool.token1, fee: pool.fee, tickSpacing: pool.tickSpacing!, hooks: '0x0000000000000000000000000000000000000000' },
        zeroForOne: same(pool.token0, tokenIn), exactAmount: amountIn, hookData: '0x',
      }],
    });
    return result[0];
  },
  'pancakeswap-v3': async (client, chain, pool, tokenIn, amountIn) => {
    const { result } = await client.simulateContract({ address: contract(chain, 'v3PoolQuoter'), abi: v3PoolQuoterAbi, functionName: 'quote', args: [pool.address, same(pool.token0, tokenIn), amountIn] });
    return result;
  },
};

/** The pool's output for `amountIn` of `tokenIn`; 0 when the pool cannot take it (the quoter reverts). */
export async function quotePool(client: PublicClient, chain: ManifestChain, pool: BenchPool, tokenIn: Address, amountIn: bigint): Promise<bigint> {
  if (amountIn <= 0n) return 0n;
  const quoter = QUOTERS[pool.venue];
  if (!quoter) throw new Error(`no quoter for venue ${pool.venue}`);
  return quoter(client, chain, pool, tokenIn, amountIn).catch(() => 0n);
}

export function poolOtherToken(pool: BenchPool, token: Address): Address {
  return other(pool, token);
}
