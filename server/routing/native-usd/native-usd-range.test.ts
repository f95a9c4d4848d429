/**
 * The range read end to end over a scripted node (no network): which sources it keeps and drops, how many
 * round trips it takes cold and warm, and that spot is nativeUsd's own answer.
 */
import { decodeFunctionData, encodeFunctionResult, parseAbi, zeroHash, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { JsonRpcError, type RpcBatchAnswer, type RpcCall, type RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { readNativeUsdRange } from './native-usd-range';
import { createNativeUsdRangeCache } from './native-usd-range-cache';
import { TWAP_WINDOWS_SECONDS } from './native-usd-range-read';
import { nativeUsd } from '@/server/venues/evm/pools/token-pools';
import { venueQueries } from '@/server/venues/evm/pools/pool-discovery-call';
import { poolStateReaderAbi } from '@/server/venues/evm/generated/contracts';

const WETH = '0x1000000000000000000000000000000000000001' as Address;
const USDC = '0x2000000000000000000000000000000000000002' as Address;
const V2_FACTORY = '0x3000000000000000000000000000000000000003' as Address;
const V3_FACTORY = '0x4000000000000000000000000000000000000004' as Address;

const abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function slot0() view returns (uint160, int24)',
  'function observe(uint32[] secondsAgos) view returns (int56[], uint160[])',
]);

interface ScriptedPool {
  usd: number;
  usdc: bigint;
  weth: bigint;
  twap?: { seconds: number; usd: number };
  history?: number;
}

/** WETH is token0 (the lower address): raw USDC per raw WETH. */
const raw = (usd: number) => (usd * 1e6) / 1e18;
const sqrtX96 = (usd: number) => BigInt(Math.round(Math.sqrt(raw(usd)) * 2 ** 96));
const tickOf = (usd: number) => Math.log(raw(usd)) / Math.log(1.0001);

const POOLS: Record<string, ScriptedPool & { venue: 'v2' | number }> = {
  '0x00000000000000000000000000000000000000a2': { venue: 'v2', usd: 3000, usdc: 3_000_000_000000n, weth: 1_000n * 10n ** 18n },
  '0x00000000000000000000000000000000000000a5': {
    venue: 500,
    usd: 3010,
    usdc: 5_000_000_000000n,
    weth: 1_600n * 10n ** 18n,
    twap: { seconds: 600, usd: 3005 },
    history: 3020,
  },
  '0x00000000000000000000000000000000000000a3': { venue: 3000, usd: 2990, usdc: 2_000_000_000000n, weth: 700n * 10n ** 18n },
  // Thin: a twentieth of the deepest; its price is off and must not count.
  '0x00000000000000000000000000000000000000a1': { venue: 100, usd: 2500, usdc: 250_000_000000n, weth: 80n * 10n ** 18n },
};
const HEAD = 1_000n;
/** The oldest history block the node still has the state of. */
const OLDEST_KEPT = 900n;

const encode = (functionName: 'balanceOf' | 'getReserves' | 'slot0' | 'observe', result: unknown): Hex =>
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed: tsc rejects the call without it (viem types the arguments from the literal ABI), which this rule does not see
  encodeFunctionResult({ abi, functionName, result } as never);
const revert = (message: string): RpcBatchAnswer => ({ ok: false, error: new JsonRpcError(3, message) });

/** The pool reader's discovery of WETH/USDC: the scripted pools, venue by venue in table order, tier by tier. */
function discovered(data: Hex, venues: EvmVenues): RpcBatchAnswer {
  const { args } = decodeFunctionData({ abi: poolStateReaderAbi, data });
  const [tokens, queries] = args as readonly [readonly Address[], readonly { factory: Address; fees: readonly number[] }[]];
  expect(tokens.map((token) => token.toLowerCase()).sort()).toEqual([WETH, USDC].map((token) => token.toLowerCase()).sort());
  const { adapters } = venueQueries(venues);
  const found = queries.flatMap((query, index) =>
    query.fees.flatMap((fee) => {
      const isPair = adapters[index]!.id === 'UNISWAP_V2';
      const address = Object.entries(POOLS).find(([, pool]) => pool.venue === (isPair ? 'v2' : fee))?.[0];
      return address ? [{ venue: index, pool: address as Address, id: zeroHash, token0: WETH, token1: USDC, fee, tickSpacing: 0 }] : [];
    }),
  );
  return { ok: true, result: encodeFunctionResult({ abi: poolStateReaderAbi, functionName: 'discover', result: found }) };
}

function answerCall({ method, params = [] }: RpcCall, venues: EvmVenues): RpcBatchAnswer {
  if (method === 'eth_blockNumber') return { ok: true, result: `0x${HEAD.toString(16)}` };
  const [{ to, data }, tag] = params as [{ to: Address; data: Hex }, string];
  if (params.length > 2) return discovered(data, venues);
  const call = decodeFunctionData({ abi, data });
  if (call.functionName === 'balanceOf') {
    const pool = POOLS[call.args[0].toLowerCase()]!;
    return { ok: true, result: encode('balanceOf', to === USDC ? pool.usdc : pool.weth) };
  }
  const pool = POOLS[to.toLowerCase()]!;
  if (tag !== 'latest') {
    if (BigInt(tag) < OLDEST_KEPT)
      return { ok: false, error: new JsonRpcError(-32602, `BlockOutOfRangeError: block height is ${HEAD} but requested was ${BigInt(tag)}`) };
  }
  const usd = tag !== 'latest' && pool.history ? pool.history : pool.usd;
  if (call.functionName === 'getReserves') return { ok: true, result: encode('getReserves', [pool.weth, pool.usdc, 0]) };
  if (call.functionName === 'slot0') return { ok: true, result: encode('slot0', [sqrtX96(usd), Math.floor(tickOf(usd))]) };
  const [seconds] = call.args[0];
  if (!pool.twap || seconds !== pool.twap.seconds) return revert('execution reverted: OLD');
  return {
    ok: true,
    result: encode('observe', [
      [0n, BigInt(Math.round(tickOf(pool.twap.usd) * seconds))],
      [0n, 0n],
    ]),
  };
}

function scriptedChain(fail = false): { chain: ConfiguredChain; batches: RpcCall[][] } {
  const batches: RpcCall[][] = [];
  const rpc: RpcTransport = {
    chain: 'ARB',
    urls: ['scripted://arb'],
    request: async () => {
      throw new Error('the range reads in batches only');
    },
    async requestBatch(calls) {
      batches.push([...calls]);
      if (fail) throw new AppError('CHAIN_UNAVAILABLE', 'ARB did not answer');
      return calls.map((call) => answerCall(call, venues));
    },
  };
  const venues: EvmVenues = {
    wrappedNative: WETH,
    stable: { address: USDC, decimals: 6 },
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    uniswapV2Factory: V2_FACTORY,
    uniswapV3Factory: V3_FACTORY,
  };
  return { chain: { info: CHAINS.ARB, available: true, rpc, routerAddress: '', venues }, batches };
}

describe('readNativeUsdRange', () => {
  it('spans spot, the pools holding a real share, their TWAPs and the history, and drops what did not answer', async () => {
    const { chain } = scriptedChain();
    const range = await readNativeUsdRange(chain, createNativeUsdRangeCache());
    expect(range.spot).toBeCloseTo(3010, 6);
    expect(range.block).toBe(HEAD);
    const byKind = (kind: string) => range.sources.filter((source) => source.kind === kind);
    expect(
      byKind('pool')
        .map((source) => Math.round(source.usd))
        .sort(),
    ).toEqual([2990, 3000, 3010]);
    expect(
      byKind('pool')
        .filter((source) => source.kind === 'pool' && source.deepest)
        .map((source) => source.pool),
    ).toEqual(['0x00000000000000000000000000000000000000a5']);
    // The 0.05 % pool answers its 10-minute window only; the 0.3 % pool answers none.
    expect(byKind('twap')).toMatchObject([{ pool: '0x00000000000000000000000000000000000000a5', windowSeconds: 600 }]);
    expect(byKind('twap')[0]!.usd).toBeCloseTo(3005, 3);
    // History: blocks 968, 936 and 905 answered; 873 is past what the node keeps.
    expect(byKind('history')).toMatchObject([{ pool: '0x00000000000000000000000000000000000000a5', blocks: [968n, 936n, 905n] }]);
    expect(byKind('history')[0]!.usd).toBeCloseTo(3020, 6);
    expect(range.low).toBeCloseTo(2990, 6);
    expect(range.high).toBeCloseTo(3020, 6);
  });

  it('prices spot exactly as nativeUsd does', async () => {
    const { chain } = scriptedChain();
    expect((await readNativeUsdRange(chain, createNativeUsdRangeCache())).spot).toBe(await nativeUsd(chain));
  });

  it('takes two round trips cold and one warm, reading history back from the head it expects', async () => {
    let clock = 1_000_000;
    const cache = createNativeUsdRangeCache({ now: () => clock });
    const { chain, batches } = scriptedChain();
    await readNativeUsdRange(chain, cache);
    expect(batches).toHaveLength(2);
    clock += 2_600; // ten ARB blocks of 250 ms
    const warm = await readNativeUsdRange(chain, cache);
    expect(batches).toHaveLength(3);
    const historyTags = batches[2]!.flatMap((call) => (call.params?.[1] && call.params[1] !== 'latest' ? [BigInt(call.params[1] as string)] : []));
    // Only the deepest pool's history, from 1010: the scripted head stays at 1000, so the nearest point lies 22 blocks back.
    expect(historyTags).toEqual([978n, 946n, 915n, 883n]);
    expect(warm.sources.find((source) => source.kind === 'history')).toMatchObject({ blocks: [978n, 946n, 915n] });
    expect(batches[2]!.filter((call) => call.method === 'eth_call' && !call.params?.[1]?.toString().startsWith('0x')).length).toBe(
      4 * 3 + 3 * TWAP_WINDOWS_SECONDS.length,
    );
  });

  it('passes on a failure of the batch itself', async () => {
    const { chain } = scriptedChain(true);
    await expect(readNativeUsdRange(chain, createNativeUsdRangeCache())).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
  });
});

describe('createNativeUsdRangeCache', () => {
  it('keeps at most maxEntries, dropping the one written longest ago', () => {
    const cache = createNativeUsdRangeCache({ maxEntries: 2 });
    const memo = { contractPools: [], v4Pools: [], discoveredAt: 0, head: { number: 1n, at: 0 } };
    cache.set('a', memo);
    cache.set('b', memo);
    cache.set('a', memo);
    cache.set('c', memo);
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
  });
});
