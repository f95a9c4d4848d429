/**
 * The venues' own quotes on the local world at one block, for comparison with the exact math: Router02's
 * getAmountsOut/getAmountsIn, QuoterV2, V4Quoter, the world's V3PoolQuoter (the pool's own swap) for PancakeSwap
 * V3, the launchpad's quoteBuy/quoteSell, and for PancakeSwap V2, whose router the world does not deploy, its
 * router library's formula checked against the pair's own K test.
 */
import { parseAbi } from 'viem';
import { v4KeyOf } from '@/devnet/evm/world-pool-checks';
import type { RoutablePool } from '@/server/venues/evm/venue-adapter';
import type { ExactPoolState } from '../exact-state';
import { plentyFor, type ExactWorld } from './exact-world';

const v2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
]);
const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactSingleParams params) returns (uint256 amountIn, uint256 gasEstimate)',
]);
const v3PoolQuoterAbi = parseAbi([
  'function quote(address pool, bool zeroForOne, uint256 amountIn) returns (uint256 amountOut)',
  'function quoteExactOut(address pool, bool zeroForOne, uint256 amountOut) returns (uint256 amountIn)',
]);
const launchpadAbi = parseAbi([
  'function quoteBuy(address token, uint256 amountIn) view returns (uint256)',
  'function quoteSell(address token, uint256 amountIn) view returns (uint256)',
]);
const pairAbi = parseAbi(['function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)']);
const tokenAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function deposit() payable']);

/** QuoterV2's price limits when none is given: a swap that stops there took only part of the input. */
const PRICE_LIMITS = new Set([4295128740n, 1461446703485210103287273052203988822378723970341n]);

export type VenueAnswer = { ok: true; amount: bigint } | { ok: false };

/** PancakeSwap V2's router library (getAmountOut/getAmountIn with its 9975/10000). */
function pancakeV2Formula(state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean): bigint {
  if (state.kind !== 'constant-product') throw new Error('not a pair');
  const [reserveIn, reserveOut] = zeroForOne ? [state.reserve0, state.reserve1] : [state.reserve1, state.reserve0];
  if (exactIn) return (amount * 9975n * reserveOut) / (reserveIn * 10000n + amount * 9975n);
  if (amount >= reserveOut) throw new Error('PancakeLibrary: INSUFFICIENT_LIQUIDITY');
  return (reserveIn * amount * 10000n) / ((reserveOut - amount) * 9975n) + 1n;
}

/** Whether the pair, paid `amountIn`, lets `amountOut` go (its own K test, in a simulated transfer and swap). */
async function pairAccepts(w: ExactWorld, pool: RoutablePool, zeroForOne: boolean, amountIn: bigint, amountOut: bigint, block: bigint): Promise<boolean> {
  const treasury = w.treasury;
  const tokenIn = zeroForOne ? pool.token0 : pool.token1;
  const wrapped = tokenIn.toLowerCase() === w.entry.wrappedNative.toLowerCase();
  const { results } = await w.client.simulateCalls({
    account: treasury,
    blockNumber: block,
    // Whatever the amount, the treasury holds it (native to wrap, or the token).
    stateOverrides: plentyFor(w, wrapped ? 'native' : tokenIn),
    calls: [
      ...(wrapped ? [{ to: tokenIn, abi: tokenAbi, functionName: 'deposit', value: amountIn } as const] : []),
      { to: tokenIn, abi: tokenAbi, functionName: 'transfer', args: [pool.address, amountIn] },
      { to: pool.address, abi: pairAbi, functionName: 'swap', args: [zeroForOne ? 0n : amountOut, zeroForOne ? amountOut : 0n, treasury, '0x'] },
    ],
  });
  return results.every((result) => result.status === 'success');
}

/** PancakeSwap V2: the router library's amount, which the pair's K test must agree with. */
async function pancakeV2Quote(w: ExactWorld, pool: RoutablePool, state: ExactPoolState, amount: bigint, zeroForOne: boolean, exactIn: boolean, block: bigint) {
  let quoted: bigint;
  try {
    quoted = pancakeV2Formula(state, amount, zeroForOne, exactIn);
  } catch {
    return { ok: false } as const;
  }
  if (exactIn) {
    const paysIt = await pairAccepts(w, pool, zeroForOne, amount, quoted, block);
    const paysMore = await pairAccepts(w, pool, zeroForOne, amount, quoted + 1n, block);
    if (!paysIt || paysMore) throw new Error(`the pair's K test disagrees with ${quoted} for ${amount} in`);
  } else if (!(await pairAccepts(w, pool, zeroForOne, quoted, amount, block))) {
    throw new Error(`the pair refuses ${quoted} in for ${amount} out`);
  }
  return { ok: true, amount: quoted } as const;
}

/** The quoter's answer for an amount (throws where it reverts). */
async function quoterAmount(w: ExactWorld, pool: RoutablePool, amount: bigint, zeroForOne: boolean, exactIn: boolean, block: bigint): Promise<bigint> {
  const [tokenIn, tokenOut] = zeroForOne ? [pool.token0, pool.token1] : [pool.token1, pool.token0];
  const c = w.contracts;
  switch (pool.venue) {
    case 'UNISWAP_V2': {
      const functionName = exactIn ? 'getAmountsOut' : 'getAmountsIn';
      const amounts = await w.client.readContract({
        address: c.uniswapV2Router02!,
        abi: v2RouterAbi,
        functionName,
        args: [amount, [tokenIn, tokenOut]],
        blockNumber: block,
      });
      return exactIn ? amounts[1]! : amounts[0]!;
    }
    case 'UNISWAP_V3': {
      const base = { tokenIn, tokenOut, fee: pool.fee, sqrtPriceLimitX96: 0n };
      const { result } = exactIn
        ? await w.client.simulateContract({
            address: c.quoterV2!,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ ...base, amountIn: amount }],
            blockNumber: block,
          })
        : await w.client.simulateContract({
            address: c.quoterV2!,
            abi: quoterV2Abi,
            functionName: 'quoteExactOutputSingle',
            args: [{ ...base, amount }],
            blockNumber: block,
          });
      return PRICE_LIMITS.has(result[1]) ? 0n : result[0];
    }
    case 'UNISWAP_V4': {
      const functionName = exactIn ? 'quoteExactInputSingle' : 'quoteExactOutputSingle';
      const params = { poolKey: v4KeyOf(pool), zeroForOne, exactAmount: amount, hookData: '0x' as const };
      const { result } = await w.client.simulateContract({ address: c.v4Quoter!, abi: v4QuoterAbi, functionName, args: [params], blockNumber: block });
      return result[0];
    }
    case 'PANCAKESWAP_V3': {
      const functionName = exactIn ? 'quote' : 'quoteExactOut';
      const { result } = await w.client.simulateContract({
        address: c.v3PoolQuoter!,
        abi: v3PoolQuoterAbi,
        functionName,
        args: [pool.address, zeroForOne, amount],
        blockNumber: block,
      });
      return result;
    }
    case 'LAUNCHPAD': {
      const buy = tokenIn.toLowerCase() === w.entry.wrappedNative.toLowerCase();
      const token = buy ? tokenOut : tokenIn;
      return w.client.readContract({
        address: pool.address,
        abi: launchpadAbi,
        functionName: buy ? 'quoteBuy' : 'quoteSell',
        args: [token, amount],
        blockNumber: block,
      });
    }
    default:
      throw new Error(`no quoter for ${pool.venue}`);
  }
}

/** The venue's own quote; `{ ok: false }` where it reverts, takes only part of the amount, or prices it at 0. */
export async function venueQuote(
  w: ExactWorld,
  pool: RoutablePool,
  state: ExactPoolState,
  amount: bigint,
  zeroForOne: boolean,
  exactIn: boolean,
  block: bigint,
) {
  if (pool.venue === 'PANCAKESWAP_V2') return pancakeV2Quote(w, pool, state, amount, zeroForOne, exactIn, block);
  try {
    const quoted = await quoterAmount(w, pool, amount, zeroForOne, exactIn, block);
    return quoted === 0n ? ({ ok: false } as const) : ({ ok: true, amount: quoted } as const);
  } catch {
    return { ok: false } as const;
  }
}
