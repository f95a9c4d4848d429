/**
 * Price quality: our v2 quote against the best single route and an optimum over splits, on a fixed set of
 * trades across chains, pairs and sizes (0.01 % to 50 % of the deepest pool's depth), all on the same chain
 * state. The references come from the venues' own quoters only (bench/price-quality/): the optimum is the
 * better of the flow optimum (paths may share pools; flow-reference.ts) and the disjoint-set optimum
 * (optimum.ts). Prints a table per trade and totals, a PASS/FAIL line for the acceptance (ours at least
 * 99.9 % of the optimum on every trade), the run's time, and writes bench/results/price-quality.{json,md}.
 *
 *   node --import tsx bench/price-quality.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, encodeAbiParameters, erc20Abi, http, keccak256, numberToHex, type Address, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { v2QuoteInput } from '@/server/api/contract/trading';
import { v2QuoteAnswer } from '@/server/api/handlers/trading';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { NATIVE_TOKEN_ADDRESS, type EvmChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { flowOptimum } from './price-quality/flow-reference';
import { enumeratePaths, GRID_STEPS, referencePrices, type BenchPath } from './price-quality/optimum';
import { PoolCurves, poolKey } from './price-quality/pool-curves';
import type { BenchPool } from './price-quality/venue-quoters';
import { installRpcCounter, markdownTable, stopOnSignal, writeResult, type RpcCounter } from './support';

const CHAINS: readonly EvmChainId[] = ['BASE', 'BSC'];
const NATIVE = NATIVE_TOKEN_ADDRESS as Address;

interface Trade {
  chain: EvmChainId;
  tokenIn: string;
  tokenOut: string;
  depthPct: number;
}

const sizes = (chain: EvmChainId, tokenIn: string, tokenOut: string, pcts: readonly number[]): Trade[] =>
  pcts.map((depthPct) => ({ chain, tokenIn, tokenOut, depthPct }));
const ALL_SIZES = [0.01, 0.1, 1, 10, 20, 30, 50];
const TRADES: readonly Trade[] = [
  ...sizes('BASE', 'NATIVE', 'USDC', ALL_SIZES),
  ...sizes('BASE', 'USDC', 'NATIVE', ALL_SIZES),
  ...sizes('BASE', 'NATIVE', 'ALPHA', ALL_SIZES),
  ...sizes('BASE', 'USDC', 'BETA', ALL_SIZES),
  ...sizes('BASE', 'BETA', 'ALPHA', ALL_SIZES),
  ...sizes('BASE', 'NATIVE', 'GAMMA', [1, 10, 20, 30, 50]),
  ...sizes('BSC', 'NATIVE', 'USDC', [0.01, 1, 10, 20, 30, 50]),
  ...sizes('BSC', 'NATIVE', 'ALPHA', [1, 10, 20, 30, 50]),
];

export interface TradeResult {
  chain: string;
  pair: string;
  depthPct: number;
  amountIn: string;
  ours: string;
  single: string;
  optimum: string;
  oursOfOptimum: number;
  oursOfSingle: number;
  optimumOfSingle: number;
  /** The two optima behind `optimum` (the better of them), and the flow one's gain over the disjoint one. */
  flowOptimum: string;
  disjointOptimum: string;
  flowOfDisjoint: number;
  optimumBy: 'flow' | 'disjoint';
  /** Distinct pools and paths the optimum's allocation uses. */
  optimumPools: number;
  optimumPaths: number;
  oursLegs: string;
  optimumLegs: string;
  httpRequestsPerQuote: number;
  paths: number;
  /** Time spent on the references of this trade (the first trade of a chain also samples its curves). */
  referenceSeconds: number;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The chain's pools, one entry each. Pools of tax and honeypot tokens are left out: a transfer of those
 * tokens loses its tax or cannot be sold, which the pools' quoters do not see, so a reference routed
 * through them would promise output no trade gets.
 */
function benchPools(chain: ManifestChain): BenchPool[] {
  const untradable = new Set(chain.tokens.filter((token) => token.kind === 'tax' || token.kind === 'honeypot').map((token) => token.address.toLowerCase()));
  const seen = new Map<string, BenchPool>();
  for (const pool of chain.pools) {
    if (untradable.has(pool.token0.toLowerCase()) || untradable.has(pool.token1.toLowerCase())) continue;
    const entry = {
      venue: pool.venue,
      address: pool.address as Address,
      id: pool.id as `0x${string}` | undefined,
      token0: pool.token0 as Address,
      token1: pool.token1 as Address,
      fee: pool.fee,
      tickSpacing: pool.tickSpacing,
    };
    seen.set(`${pool.venue}:${pool.address.toLowerCase()}:${pool.id ?? ''}:${pool.fee}`, entry);
  }
  return [...seen.values()];
}

/** The tokenIn held by the deepest pool a path from tokenIn starts with (V4 pools share one balance: left out). */
async function depthOf(client: PublicClient, pools: readonly BenchPool[], tokenIn: Address, tokenOut: Address): Promise<bigint> {
  const first = new Set(
    enumeratePaths(pools, tokenIn, tokenOut)
      .map((p) => p.pools[0]!)
      .filter((pool) => pool.venue !== 'UNISWAP_V4'),
  );
  const held = await Promise.all(
    [...first].map((pool) => client.readContract({ address: tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })),
  );
  return held.reduce((max, value) => (value > max ? value : max), 0n);
}

/** Gives the trader plenty of native and of an OpenZeppelin ERC-20 of the world (balances at slot 0). */
async function fund(client: PublicClient, trader: Address, tokens: readonly Address[]): Promise<void> {
  await client.request({ method: 'anvil_setBalance', params: [trader, numberToHex(10n ** 30n)] } as never);
  for (const token of tokens) {
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [trader, 0n]));
    await client.request({ method: 'anvil_setStorageAt', params: [token, slot, numberToHex(10n ** 36n, { size: 32 })] } as never);
  }
}

function legsText(legs: readonly { share: number; venues: string[] }[]): string {
  const shareText = (share: number) => (share < 0.05 ? '<0.1%' : `${Number(share.toFixed(1))}%`);
  return legs.map((leg) => `${shareText(leg.share)} ${leg.venues.join('>')}`).join(' | ');
}

const venueName = (name: string) => name.replace('UNISWAP_', 'U').replace('PANCAKESWAP_V2', 'PancakeV2').replace('PANCAKESWAP_V3', 'Pancake');
const pathVenues = (path: BenchPath) => path.pools.map((pool) => `${venueName(pool.venue)}/${pool.fee}`);
const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Number((a * 10n ** 9n) / b) / 1e9);

/** What the benchmark keeps per chain: its client, pools and sampled curves (shared by its trades). */
interface ChainBench {
  chain: ManifestChain;
  client: PublicClient;
  pools: BenchPool[];
  curves: PoolCurves;
}

function chainBench(chain: ManifestChain): ChainBench {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 250, wait: 0 } }) }) as PublicClient;
  const pools = benchPools(chain);
  return { chain, client, pools, curves: new PoolCurves(client, chain, pools) };
}

/** Our warm quote at pool level (before output-side fees), the HTTP requests it sent and the swapped input. */
async function ourQuote(services: Services, counter: RpcCounter, trade: Trade, input: ReturnType<typeof v2QuoteInput.parse>, amountIn: bigint) {
  await v2QuoteAnswer(services, input);
  const before = counter.snapshot();
  const quote = await v2QuoteAnswer(services, input);
  const httpRequestsPerQuote = counter.since(before).httpRequests;
  const protocolFee = BigInt(quote.stats.protocolFee);
  const feeOnOutput = trade.tokenIn !== 'NATIVE' && trade.tokenOut === 'NATIVE';
  // Pool-level figures on both sides: ours before output-side fees, the references on what the legs swap.
  return {
    ours: BigInt(quote.stats.amountOut) + (feeOnOutput ? protocolFee : 0n),
    swapIn: feeOnOutput ? amountIn : amountIn - protocolFee,
    httpRequestsPerQuote,
    legs: legsText(quote.route.map((leg) => ({ share: leg.share, venues: leg.hops.map((hop) => `${venueName(hop.venue)}/${hop.fee}`) }))),
  };
}

/** The single route and both optima for `swapIn`, from the venues' quoters; the optimum is the better one. */
async function references(bench: ChainBench, tokenIn: Address, tokenOut: Address, swapIn: bigint) {
  const { chain, client, pools, curves } = bench;
  const { single, optimum: disjoint, paths } = await referencePrices(client, chain, pools, tokenIn, tokenOut, swapIn);
  const flow = await flowOptimum(client, chain, curves, enumeratePaths(pools, tokenIn, tokenOut), tokenOut, swapIn);
  const flowOut = flow?.amountOut ?? 0n;
  const byFlow = flow !== undefined && flowOut >= disjoint.amountOut;
  const legs = byFlow
    ? flow.legs.map((leg) => ({ path: leg.path, share: ratio(leg.amountIn * 100n, swapIn) }))
    : disjoint.legs.map((leg) => ({ path: leg.path, share: (leg.steps * 100) / GRID_STEPS }));
  return {
    single,
    paths,
    flowOut,
    disjointOut: disjoint.amountOut,
    optimumBy: byFlow ? ('flow' as const) : ('disjoint' as const),
    optimum: byFlow ? flowOut : disjoint.amountOut,
    optimumPools: new Set(legs.flatMap((leg) => leg.path.pools.map(poolKey))).size,
    optimumPaths: legs.length,
    optimumLegs: legsText([...legs].sort((a, b) => b.share - a.share).map((leg) => ({ share: leg.share, venues: pathVenues(leg.path) }))),
  };
}

async function measureTrade(services: Services, counter: RpcCounter, bench: ChainBench, trader: Address, trade: Trade): Promise<TradeResult> {
  const { chain, client, pools } = bench;
  const address = (symbol: string) => (symbol === 'NATIVE' ? NATIVE : (chain.tokens.find((token) => token.symbol === symbol)!.address as Address));
  const poolToken = (symbol: string) => (symbol === 'NATIVE' ? (chain.wrappedNative as Address) : address(symbol));
  const [inPools, outPools] = [poolToken(trade.tokenIn), poolToken(trade.tokenOut)];
  const amountIn = ((await depthOf(client, pools, inPools, outPools)) * BigInt(Math.round(trade.depthPct * 100))) / 10_000n;
  const input = v2QuoteInput.parse({
    chain: trade.chain,
    tokenIn: address(trade.tokenIn),
    tokenOut: address(trade.tokenOut),
    amount: amountIn.toString(),
    slippage: 100,
    trader,
  });
  const ours = await ourQuote(services, counter, trade, input, amountIn);
  const started = performance.now();
  const refs = await references(bench, inPools, outPools, ours.swapIn);
  return {
    chain: trade.chain,
    pair: `${trade.tokenIn}->${trade.tokenOut}`,
    depthPct: trade.depthPct,
    amountIn: amountIn.toString(),
    ours: ours.ours.toString(),
    single: refs.single.toString(),
    optimum: refs.optimum.toString(),
    oursOfOptimum: ratio(ours.ours, refs.optimum),
    oursOfSingle: ratio(ours.ours, refs.single),
    optimumOfSingle: ratio(refs.optimum, refs.single),
    flowOptimum: refs.flowOut.toString(),
    disjointOptimum: refs.disjointOut.toString(),
    flowOfDisjoint: ratio(refs.flowOut, refs.disjointOut),
    optimumBy: refs.optimumBy,
    optimumPools: refs.optimumPools,
    optimumPaths: refs.optimumPaths,
    oursLegs: ours.legs,
    optimumLegs: refs.optimumLegs,
    httpRequestsPerQuote: ours.httpRequestsPerQuote,
    paths: refs.paths,
    referenceSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

export function verdict(results: readonly TradeResult[]) {
  const below = results.filter((row) => row.oursOfOptimum < 0.999);
  // "Beats the single route wherever the optimum does": the optimum gains more than 0.01 % over it.
  const missed = results.filter((row) => row.depthPct > 1 && row.optimumOfSingle > 1.0001 && row.oursOfSingle <= 1);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    trades: results.length,
    minOursOfOptimum: Math.min(...results.map((row) => row.oursOfOptimum)),
    meanOursOfOptimum: mean(results.map((row) => row.oursOfOptimum)),
    belowThreshold: below.length,
    missedSplits: missed.length,
    meanHttpRequestsPerQuote: mean(results.map((row) => row.httpRequestsPerQuote)),
    /** How the flow optimum compares with the disjoint-set one (the previous reference). */
    minFlowOfDisjoint: Math.min(...results.map((row) => row.flowOfDisjoint)),
    maxFlowOfDisjoint: Math.max(...results.map((row) => row.flowOfDisjoint)),
    disjointBetter: results.filter((row) => row.optimumBy === 'disjoint').length,
    pass: below.length === 0 && missed.length === 0,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(3)} %`;

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-price-'));
  let world: RunningWorld | undefined;
  let services: Services | undefined;
  let counter: RpcCounter | undefined;
  const cleanup = async () => {
    await services?.close();
    counter?.uninstall();
    await world?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  stopOnSignal(cleanup);
  try {
    world = await startWorld({ dataDir, ports: 'free', chains: CHAINS, stateCacheDir: TEST_STATE_CACHE });
    const manifest = world.manifest.chains as Record<string, ManifestChain>;
    const chainByOrigin = new Map(CHAINS.map((id) => [new URL(manifest[id]!.rpcUrl).origin, id]));
    counter = installRpcCounter((url) => chainByOrigin.get(new URL(url).origin));
    services = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
    const trader = privateKeyToAccount(generatePrivateKey()).address;
    for (const id of CHAINS) {
      const chain = manifest[id]!;
      await fund(
        createPublicClient({ transport: http(chain.rpcUrl) }),
        trader,
        chain.tokens.filter((token) => token.kind !== 'honeypot' && token.kind !== 'tax').map((token) => token.address as Address),
      );
    }
    const benches = new Map(CHAINS.map((id) => [id, chainBench(manifest[id]!)]));
    const results: TradeResult[] = [];
    for (const trade of TRADES) {
      if (!manifest[trade.chain]!.tokens.some((token) => trade.tokenOut === 'NATIVE' || same(token.symbol, trade.tokenOut))) {
        console.error(`skipped ${trade.chain} ${trade.tokenIn}->${trade.tokenOut}: the world has no ${trade.tokenOut}`);
        continue;
      }
      const result = await measureTrade(services, counter, benches.get(trade.chain)!, trader, trade);
      console.error(
        `${result.chain} ${result.pair} ${result.depthPct}%: ours/optimum ${percent(result.oursOfOptimum)}, ours/single ${percent(result.oursOfSingle)}, flow/disjoint ${percent(result.flowOfDisjoint)} (${result.referenceSeconds} s)`,
      );
      results.push(result);
    }
    const curveQuotes = [...benches.values()].reduce((sum, bench) => sum + bench.curves.quotes, 0);
    report(results, { seconds: Math.round((performance.now() - started) / 1000), curveQuotes });
  } finally {
    await cleanup();
  }
}

const LEGEND =
  "The optimum is the better of two references priced with the venues' quoters only: the flow optimum (every path of one to three " +
  'pools, paths sharing pools, each pool priced once for its whole load; greedy in 1/200 chunks, then exchange down to 1/5000) and the ' +
  'disjoint-set optimum (the previous reference: at most 6 pool-disjoint paths, 1/200 grid).';

/** The lines under the table: totals, the run's time and the acceptance. */
function summaryLines(summary: ReturnType<typeof verdict>, run: { seconds: number; curveQuotes: number }): string[] {
  const totals =
    `${summary.trades} trades: ours / optimum min ${percent(summary.minOursOfOptimum)}, mean ${percent(summary.meanOursOfOptimum)}; ` +
    `${summary.belowThreshold} below 99.9 %; ${summary.missedSplits} trades above 1 % of depth where the optimum beats the single route and ours does not; ` +
    `${summary.meanHttpRequestsPerQuote.toFixed(2)} HTTP requests per warm quote. ` +
    `Flow optimum / disjoint-set optimum: min ${percent(summary.minFlowOfDisjoint)}, max ${percent(summary.maxFlowOfDisjoint)}; the disjoint-set one kept on ${summary.disjointBetter} trades.`;
  const timing = `Run: ${run.seconds} s in all (world start, our quotes and the references; ${run.curveQuotes} quoter calls to sample the pools' curves).`;
  const line = summary.pass
    ? 'PASS: every trade at least 99.9 % of the optimum, and above 1 % of depth ours beats the single route wherever the optimum does.'
    : `FAIL: ${summary.belowThreshold} trades below 99.9 % of the optimum, ${summary.missedSplits} missed splits (see the rows above).`;
  return [totals, timing, line];
}

function report(results: readonly TradeResult[], run: { seconds: number; curveQuotes: number }): void {
  const rows = results.map((row) => [
    row.chain,
    row.pair,
    `${row.depthPct} %`,
    percent(row.oursOfOptimum),
    percent(row.oursOfSingle),
    percent(row.optimumOfSingle),
    `${percent(row.flowOfDisjoint)}${row.optimumBy === 'disjoint' ? ' (disjoint kept)' : ''}`,
    `${row.optimumPools} / ${row.optimumPaths}`,
    row.oursLegs,
    row.optimumLegs,
    row.httpRequestsPerQuote,
  ]);
  const summary = verdict(results);
  const table = markdownTable(
    [
      'chain',
      'trade',
      'size (of depth)',
      'ours / optimum',
      'ours / single',
      'optimum / single',
      'flow / disjoint optimum',
      'optimum pools / paths',
      'our route',
      'optimum split',
      'HTTP req / quote',
    ],
    rows,
  );
  const lines = summaryLines(summary, run);
  console.log([table, ...lines].join('\n'));
  writeResult('price-quality.json', { results, summary, run });
  writeResult('price-quality.md', `${[table, LEGEND, ...lines].join('\n\n')}\n`);
}

await main();
