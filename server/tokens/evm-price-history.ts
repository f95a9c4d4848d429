/**
 * An EVM token's price after each of its trades, across all its pools (every venue and fee tier against the
 * wrapped native token and the stable): Uniswap V2 `Sync` (reserves after the swap), and V3 and PancakeSwap V3
 * `Swap` (the price after it), read in one `eth_getLogs` over every pool. Each pool's raw ratios are scaled
 * to the pool reader's current price of that pool, so decimals and token order need no second reading.
 * Stable-quoted prices are in USD and wrapped-native ones in native units; the other unit is converted at
 * today's native price. Nothing is invented: a token without trades gives just its current price.
 */
import { encodeEventTopics, parseAbi, type Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import type { TokenPool, TokenPools } from '@/server/venues/evm/pools/pool-types';
import { thinPoints, type PricePoint } from './price-point';

const EVENTS = parseAbi([
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);
const PANCAKE_EVENTS = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
]);
const SYNC_TOPIC = encodeEventTopics({ abi: EVENTS, eventName: 'Sync' })[0];
const V3_SWAP_TOPIC = encodeEventTopics({ abi: EVENTS, eventName: 'Swap' })[0];
const PANCAKE_SWAP_TOPIC = encodeEventTopics({ abi: PANCAKE_EVENTS, eventName: 'Swap' })[0];
/** How far back the chart looks, and how many points it keeps (evenly spread, the last always kept). */
const LOOKBACK_BLOCKS = 50_000n;
export const MAX_POINTS = 500;

const logSchema = z.array(z.object({ address: z.string(), blockNumber: z.string(), logIndex: z.string(), topics: z.array(z.string()), data: z.string() }));
const blockSchema = z.object({ number: z.string(), timestamp: z.string() }).nullable();

interface RawTrade {
  pool: TokenPool;
  block: number;
  logIndex: number;
  /** Quote per token in raw units (the pool's own ratio), before scaling. */
  ratio: number;
}

/** `known`: the token's pools when the caller has read them already. */
export async function evmPriceHistory(chain: ConfiguredChain, token: string, known?: TokenPools): Promise<PricePoint[]> {
  const { pools, nativeUsd } = known ?? (await findTokenPools(chain, token));
  const priced = pools.filter((pool) => pool.priceNative > 0);
  if (priced.length === 0) return [];
  const byAddress = new Map(priced.map((pool) => [pool.address.toLowerCase(), pool]));
  const latest = BigInt(await chain.rpc.request<string>('eth_blockNumber', []));
  const fromBlock = latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n;
  const logs = logSchema.parse(
    await chain.rpc.request('eth_getLogs', [
      {
        address: priced.map((pool) => pool.address),
        topics: [[SYNC_TOPIC, V3_SWAP_TOPIC, PANCAKE_SWAP_TOPIC]],
        fromBlock: `0x${fromBlock.toString(16)}`,
        toBlock: 'latest',
      },
    ]),
  );
  const trades = logs
    .flatMap((log): RawTrade[] => {
      const pool = byAddress.get(log.address.toLowerCase());
      if (!pool) return [];
      const ratio = rawRatio(log.data as Hex, log.topics[0] === SYNC_TOPIC, token.toLowerCase() < pool.quoteToken.toLowerCase());
      return Number.isFinite(ratio) && ratio > 0 ? [{ pool, block: Number(BigInt(log.blockNumber)), logIndex: Number(BigInt(log.logIndex)), ratio }] : [];
    })
    .sort((a, b) => a.block - b.block || a.logIndex - b.logIndex);
  if (trades.length === 0) {
    const block = blockSchema.parse(await chain.rpc.request('eth_getBlockByNumber', ['latest', false]));
    const main = priced[0]!;
    return [{ block: Number(latest), time: block ? Number(BigInt(block.timestamp)) : 0, priceNative: main.priceNative, priceUsd: main.priceUsd }];
  }
  // Each pool's last event left it where the pool reader finds it now: that pins the pool's scale.
  const scale = new Map<TokenPool, number>();
  for (const trade of trades) scale.set(trade.pool, trade.pool.priceNative / trade.ratio);
  const kept = thinPoints(trades, MAX_POINTS);
  const times = await blockTimes(chain, [...new Set(kept.map((trade) => trade.block))]);
  return kept.map((trade) => {
    const priceNative = trade.ratio * scale.get(trade.pool)!;
    return { block: trade.block, time: times.get(trade.block) ?? 0, priceNative, priceUsd: priceNative * nativeUsd };
  });
}

async function blockTimes(chain: ConfiguredChain, blocks: number[]): Promise<Map<number, number>> {
  const answers = await chain.rpc.requestBatch(blocks.map((block) => ({ method: 'eth_getBlockByNumber', params: [`0x${block.toString(16)}`, false] })));
  const times = new Map<number, number>();
  answers.forEach((answer, index) => {
    const parsed = answer.ok ? blockSchema.safeParse(answer.result) : undefined;
    if (parsed?.success && parsed.data) times.set(blocks[index]!, Number(BigInt(parsed.data.timestamp)));
  });
  return times;
}

/** Quote per token in raw units from a V2 `Sync` (reserves) or a V3-family `Swap` (sqrtPriceX96, word 2). */
export function rawRatio(data: Hex, sync: boolean, tokenIsToken0: boolean): number {
  const word = (index: number) => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64)}`);
  let onePerZero: number;
  if (sync) {
    const [reserve0, reserve1] = [word(0), word(1)];
    onePerZero = reserve0 === 0n ? NaN : Number(reserve1) / Number(reserve0);
  } else {
    onePerZero = (Number(word(2)) / 2 ** 96) ** 2;
  }
  return tokenIsToken0 ? onePerZero : 1 / onePerZero;
}
