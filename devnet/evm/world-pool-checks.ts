/**
 * Test helpers for the world's pools: the spec price of a token, a quote from each venue's own quoter
 * (V2 Router02, V3 QuoterV2, V4 V4Quoter, V3PoolQuoter for PancakeSwap V3, the pair's own getAmountOut for
 * PancakeSwap V2, whose router the world does not deploy), a pool's active liquidity, and the
 * liquidity the pool's spec rows would give as full-range positions.
 */
import { encodeAbiParameters, keccak256, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import type { EvmChainId } from '@/server/chains/registry';
import type { EvmWorldInfo } from './deploy-world';
import type { EvmWorldPool } from '@/devnet/evm/venues/evm-world-venue';
import { NATIVE_USD, POOLS, TOKENS, WNATIVE, type PoolSpec } from './world-spec';

const v2RouterAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);
const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
]);
const v3PoolQuoterAbi = parseAbi(['function quote(address pool, bool zeroForOne, uint256 amountIn) returns (uint256 amountOut)']);
const v3PoolAbi = parseAbi(['function liquidity() view returns (uint128)']);
const v2PairAbi = parseAbi(['function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)']);
const extsloadAbi = parseAbi(['function extsload(bytes32 slot) view returns (bytes32)']);

/** v4-core's StateLibrary: pools live in mapping slot 6; a pool's liquidity is 3 words into its state. */
const V4_POOLS_SLOT = 6n;
const V4_LIQUIDITY_OFFSET = 3n;

/** The world-spec symbol of a deployed token (`WNATIVE` for the wrapped native). */
export function specSymbol(info: EvmWorldInfo, address: string): string {
  const token = info.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase());
  if (!token) throw new Error(`no token at ${address}`);
  return token.kind === 'native-wrapped' ? WNATIVE : token.symbol;
}

export function specPrice(chain: EvmChainId, symbol: string): number {
  if (symbol === WNATIVE) return NATIVE_USD[chain];
  const spec = TOKENS.find((token) => token.symbol === symbol);
  if (!spec) throw new Error(`no token ${symbol} in the spec`);
  return spec.priceUsd;
}

export function decimalsOf(info: EvmWorldInfo, address: string): number {
  return info.tokens.find((t) => t.address.toLowerCase() === address.toLowerCase())!.decimals;
}

/** Raw amount of the token at `address` worth `usd` (float: for tests). */
export function rawFor(chain: EvmChainId, info: EvmWorldInfo, address: string, usd: number): bigint {
  const price = specPrice(chain, specSymbol(info, address));
  return (BigInt(Math.round((usd / price) * 1e6)) * 10n ** BigInt(decimalsOf(info, address))) / 1_000_000n;
}

/** USD value of a raw amount of the token at `address`, at the spec price. */
export function usdOf(chain: EvmChainId, info: EvmWorldInfo, address: string, raw: bigint): number {
  return (Number(raw) / 10 ** decimalsOf(info, address)) * specPrice(chain, specSymbol(info, address));
}

/** The spec rows (positions) of a deployed pool. */
export function specRowsOf(info: EvmWorldInfo, pool: EvmWorldPool): PoolSpec[] {
  const pair = [specSymbol(info, pool.token0), specSymbol(info, pool.token1)].sort().join('/');
  return POOLS.filter((row) => row.venue === pool.venue && row.fee === pool.fee && [row.tokenA, row.tokenB].sort().join('/') === pair);
}

/** TickMath's MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO − 1: QuoterV2's limits when none is given. */
const PRICE_LIMITS = new Set([4295128740n, 1461446703485210103287273052203988822378723970341n]);

/**
 * What the venue's own quoter says `amountIn` of `tokenIn` buys in `pool` (`contracts`: the chain's world
 * contracts). An amount the pool cannot take whole throws (V4Quoter and V3PoolQuoter revert) or, from
 * QuoterV2, which prices the part a pool takes before running dry at the price limit, gives 0.
 */
export async function quotePool(
  client: PublicClient,
  contracts: Readonly<Record<string, string>>,
  pool: Pick<EvmWorldPool, 'venue' | 'address' | 'token0' | 'token1' | 'fee' | 'tickSpacing'>,
  tokenIn: string,
  amountIn: bigint,
): Promise<bigint> {
  const tokenOut = (tokenIn.toLowerCase() === pool.token0.toLowerCase() ? pool.token1 : pool.token0) as Address;
  const zeroForOne = tokenIn.toLowerCase() === pool.token0.toLowerCase();
  switch (pool.venue) {
    case 'UNISWAP_V2': {
      const amounts = await client.readContract({
        address: contracts.uniswapV2Router02 as Address,
        abi: v2RouterAbi,
        functionName: 'getAmountsOut',
        args: [amountIn, [tokenIn as Address, tokenOut]],
      });
      return amounts[1]!;
    }
    case 'UNISWAP_V3': {
      const { result } = await client.simulateContract({
        address: contracts.quoterV2 as Address,
        abi: quoterV2Abi,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn: tokenIn as Address, tokenOut, amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }],
      });
      return PRICE_LIMITS.has(result[1]) ? 0n : result[0];
    }
    case 'UNISWAP_V4': {
      const { result } = await client.simulateContract({
        address: contracts.v4Quoter as Address,
        abi: v4QuoterAbi,
        functionName: 'quoteExactInputSingle',
        args: [{ poolKey: v4KeyOf(pool), zeroForOne, exactAmount: amountIn, hookData: '0x' }],
      });
      return result[0];
    }
    case 'PANCAKESWAP_V2': {
      const [reserve0, reserve1] = await client.readContract({ address: pool.address as Address, abi: v2PairAbi, functionName: 'getReserves' });
      return pancakeV2AmountOut(amountIn, zeroForOne ? reserve0 : reserve1, zeroForOne ? reserve1 : reserve0);
    }
    case 'PANCAKESWAP_V3': {
      const { result } = await client.simulateContract({
        address: contracts.v3PoolQuoter as Address,
        abi: v3PoolQuoterAbi,
        functionName: 'quote',
        args: [pool.address as Address, zeroForOne, amountIn],
      });
      return result;
    }
    default:
      throw new Error(`no quoter for venue ${pool.venue}`);
  }
}

/** PancakeSwap V2's getAmountOut (its library's): the input keeps 9975/10000 of itself, the pair's 0.25 % fee. */
export function pancakeV2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const amountInWithFee = amountIn * 9975n;
  return (amountInWithFee * reserveOut) / (reserveIn * 10000n + amountInWithFee);
}

export function v4KeyOf(pool: Pick<EvmWorldPool, 'token0' | 'token1' | 'fee' | 'tickSpacing'>) {
  return {
    currency0: pool.token0 as Address,
    currency1: pool.token1 as Address,
    fee: pool.fee,
    tickSpacing: pool.tickSpacing!,
    hooks: '0x0000000000000000000000000000000000000000' as Address,
  };
}

/** The pool's in-range liquidity (V3 family: `liquidity()`; V4: the PoolManager's storage through extsload). */
export async function activeLiquidity(client: PublicClient, pool: EvmWorldPool): Promise<bigint> {
  if (pool.venue !== 'UNISWAP_V4') {
    return client.readContract({ address: pool.address as Address, abi: v3PoolAbi, functionName: 'liquidity' });
  }
  const stateSlot = BigInt(keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'uint256' }], [pool.id as Hex, V4_POOLS_SLOT])));
  const slot: Hex = `0x${(stateSlot + V4_LIQUIDITY_OFFSET).toString(16).padStart(64, '0')}`;
  const word = await client.readContract({ address: pool.address as Address, abi: extsloadAbi, functionName: 'extsload', args: [slot] });
  return BigInt(word) & ((1n << 128n) - 1n);
}

/** The liquidity the pool's rows would hold as full-range positions: sqrt(amount0 * amount1) summed. */
export function fullRangeLiquidity(chain: EvmChainId, info: EvmWorldInfo, pool: EvmWorldPool): number {
  return specRowsOf(info, pool).reduce((sum, row) => {
    const amount0 = Number(rawFor(chain, info, pool.token0, row.depthUsd));
    const amount1 = Number(rawFor(chain, info, pool.token1, row.depthUsd));
    return sum + Math.sqrt(amount0 * amount1);
  }, 0);
}
