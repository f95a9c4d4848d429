/**
 * A token's price over recent blocks, from its main pool's own events: Uniswap V2 `Sync` (reserves after
 * every swap) and V3 `Swap` (the price after it). Raw ratios are scaled to the pool reader's current price,
 * so decimals and token order need no second reading. For the token page's chart; nothing is invented:
 * a pool without events gives just the current price.
 */
import { encodeEventTopics, parseAbi, type Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';

export interface PricePoint {
  block: number;
  /** Unix seconds. */
  time: number;
  priceNative: number;
  priceUsd: number;
}

const EVENTS = parseAbi([
  'event Sync(uint112 reserve0, uint112 reserve1)',
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
]);
const SYNC_TOPIC = encodeEventTopics({ abi: EVENTS, eventName: 'Sync' })[0];
const V3_SWAP_TOPIC = encodeEventTopics({ abi: EVENTS, eventName: 'Swap' })[0];
/** How far back the chart looks, and how many points it keeps (evenly spread). */
const LOOKBACK_BLOCKS = 50_000n;
const MAX_POINTS = 120;

const logSchema = z.array(z.object({ blockNumber: z.string(), data: z.string() }));
const blockSchema = z.object({ number: z.string(), timestamp: z.string() }).nullable();

export async function priceHistory(chain: ConfiguredChain, token: string): Promise<PricePoint[]> {
  if (chain.info.family !== 'evm') return [];
  const { mainPool, nativeUsd } = await findTokenPools(chain, token);
  if (!mainPool || mainPool.priceNative === 0) return [];
  const tokenIsToken0 = token.toLowerCase() < mainPool.quoteToken.toLowerCase();
  const latest = BigInt(await chain.rpc.request<string>('eth_blockNumber', []));
  const fromBlock = latest > LOOKBACK_BLOCKS ? latest - LOOKBACK_BLOCKS : 0n;
  const v2 = mainPool.venue === 'UNISWAP_V2';
  const logs = logSchema.parse(await chain.rpc.request('eth_getLogs', [{
    address: mainPool.address, topics: [v2 ? SYNC_TOPIC : V3_SWAP_TOPIC], fromBlock: `0x${fromBlock.toString(16)}`, toBlock: 'latest',
  }]));
  // Quote per token in raw units, from each event.
  const raw = logs.map((log) => ({ block: Number(BigInt(log.blockNumber)), ratio: rawRatio(log.data as Hex, v2, tokenIsToken0) }))
    .filter((point) => Number.isFinite(point.ratio) && point.ratio > 0);
  if (raw.length === 0) {
    const block = blockSchema.parse(await chain.rpc.request('eth_getBlockByNumber', ['latest', false]));
    return [{ block: Number(latest), time: block ? Number(BigInt(block.timestamp)) : 0, priceNative: mainPool.priceNative, priceUsd: mainPool.priceUsd }];
  }
  const scale = mainPool.priceNative / raw[raw.length - 1]!.ratio;
  const step = Math.max(1, Math.ceil(raw.length / MAX_POINTS));
  const kept = raw.filter((_, index) => index % step === 0 || index === raw.length - 1);
  const blocks = [...new Set(kept.map((point) => point.block))];
  const answers = await chain.rpc.requestBatch(blocks.map((block) => ({ method: 'eth_getBlockByNumber', params: [`0x${block.toString(16)}`, false] })));
  const times = new Map<number, number>();
  answers.forEach((answer, index) => {
    const parsed = answer.ok ? blockSchema.safeParse(answer.result) : undefined;
    if (parsed?.success && parsed.data) times.set(blocks[index]!, Number(BigInt(parsed.data.timestamp)));
  });
  return kept.map((point) => {
    const priceNative = point.ratio * scale;
    return { block: point.block, time: times.get(point.block) ?? 0, priceNative, priceUsd: priceNative * nativeUsd };
  });
}

function rawRatio(data: Hex, v2: boolean, tokenIsToken0: boolean): number {
  const word = (index: number) => BigInt(`0x${data.slice(2 + index * 64, 2 + (index + 1) * 64)}`);
  let onePerZero: number;
  if (v2) {
    const [reserve0, reserve1] = [word(0), word(1)];
    onePerZero = reserve0 === 0n ? NaN : Number(reserve1) / Number(reserve0);
  } else {
    onePerZero = (Number(word(2)) / 2 ** 96) ** 2;
  }
  return tokenIsToken0 ? onePerZero : 1 / onePerZero;
}
