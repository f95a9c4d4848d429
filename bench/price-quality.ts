/**
 * Price quality: our v2 quote against the best single route and a brute-force optimum over splits, on a
 * fixed set of trades across chains, pairs and sizes (0.01 % to 30 % of the deepest pool's depth), all on
 * the same chain state. The references come from the venues' own quoters (bench/price-quality/). Prints a
 * table per trade and totals, a PASS/FAIL line for the acceptance, and writes
 * bench/results/price-quality.{json,md}.
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
import { enumeratePaths, GRID_STEPS, referencePrices } from './price-quality/optimum';
import type { BenchPool } from './price-quality/venue-quoters';
import { installRpcCounter, markdownTable, stopOnSignal, writeResult, type RpcCounter } from './support';

const CHAINS: readonly EvmChainId[] = ['BASE', 'BSC'];
const NATIVE = NATIVE_TOKEN_ADDRESS as Address;

interface Trade { chain: EvmChainId; tokenIn: string; tokenOut: string; depthPct: number }

const sizes = (chain: EvmChainId, tokenIn: string, tokenOut: string, pcts: readonly number[]): Trade[] =>
  pcts.map((depthPct) => ({ chain, tokenIn, tokenOut, depthPct }));
const ALL_SIZES = [0.01, 0.1, 1, 10, 30];
const TRADES: readonly Trade[] = [
  ...sizes('BASE', 'NATIVE', 'USDC', ALL_SIZES),
  ...sizes('BASE', 'USDC', 'NATIVE', ALL_SIZES),
  ...sizes('BASE', 'NATIVE', 'ALPHA', ALL_SIZES),
  ...sizes('BASE', 'USDC', 'BETA', ALL_SIZES),
  ...sizes('BASE', 'BETA', 'ALPHA', ALL_SIZES),
  ...sizes('BASE', 'NATIVE', 'GAMMA', [1, 10]),
  ...sizes('BSC', 'NATIVE', 'USDC', [0.01, 1, 10, 30]),
  ...sizes('BSC', 'NATIVE', 'ALPHA', [1, 10, 30]),
];

export interface TradeResult {
  chain: string; pair: string; depthPct: number; amountIn: string;
  ours: string; single: string; optimum: string;
  oursOfOptimum: number; oursOfSingle: number; optimumOfSingle: number;
  oursLegs: string; optimumLegs: string; httpRequestsPerQuote: number; paths: number;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function benchPools(chain: ManifestChain): BenchPool[] {
  const seen = new Map<string, BenchPool>();
  for (const pool of chain.pools) {
    const entry = { venue: pool.venue, address: pool.address as Address, id: pool.id as `0x${string}` | undefined, token0: pool.token0 as Address, token1: pool.token1 as Address, fee: pool.fee, tickSpacing: pool.tickSpacing };
    seen.set(`${pool.venue}:${pool.address.toLowerCase()}:${pool.id ?? ''}:${pool.fee}`, entry);
  }
  return [...seen.values()];
}

/** The tokenIn held by the deepest pool a path from tokenIn starts with (V4 pools share one balance: left out). */
async function depthOf(client: PublicClient, pools: readonly BenchPool[], tokenIn: Address, tokenOut: Address): Promise<bigint> {
  const first = new Set(enumeratePaths(pools, tokenIn, tokenOut).map((p) => p.pools[0]!).filter((pool) => pool.venue !== 'uniswap-v4'));
  const held = await Promise.all([...first].map((pool) => client.readContract({ address: tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })));
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
  return legs.map((leg) => `${Number(leg.share.toFixed(1))}% ${leg.venues.join('>')}`).join(' | ');
}

const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Number((a * 10n ** 9n) / b) / 1e9);

async function measureTrade(services: Services, counter: RpcCounter, manifest: Record<string, ManifestChain>, trader: Address, trade: Trade): Promise<TradeResult> {
  const chain = manifest[trade.chain]!;
  const client = createPublicClient({ transport: http(chain.rpcUrl, { batch: { batchSize: 250, wait: 0 } }) }) as PublicClient;
  const address = (symbol: string) => (symbol === 'NATIVE' ? NATIVE : (chain.tokens.find((token) => token.symbol === symbol)!.address as Address));
  const poolToken = (symbol: string) => (symbol === 'NATIVE' ? (chain.wrappedNative as Address) : address(symbol));
  const pools = benchPools(chain);
  const [inPools, outPools] = [poolToken(trade.tokenIn), poolToken(trade.tokenOut)];
  const amountIn = ((await depthOf(client, pools, inPools, outPools)) * BigInt(Math.round(trade.depthPct * 100))) / 10_000n;
  const input = v2QuoteInput.parse({ chain: trade.chain, tokenIn: address(trade.tokenIn), tokenOut: address(trade.tokenOut), amount: amountIn.toString(), slippage: 100, trader });
  await v2QuoteAnswer(services, input);
  const before = counter.snapshot();
  const quote = await v2QuoteAnswer(services, input);
  const httpRequestsPerQuote = counter.since(before).httpRequests;
  const protocolFee = BigInt(quote.stats.protocolFee);
  const feeOnOutput = trade.tokenIn !== 'NATIVE' && trade.tokenOut === 'NATIVE';
  // Pool-level figures on both sides: ours before output-side fees, the references on what the legs swap.
  const ours = BigInt(quote.stats.amountOut) + (feeOnOutput ? protocolFee : 0n);
  const swapIn = feeOnOutput ? amountIn : amountIn - protocolFee;
  const { single, optimum, paths } = await referencePrices(client, chain, pools, inPools, outPools, swapIn);
  const venue = (name: string) => name.replace('UNISWAP_', 'U').replace('uniswap-v', 'UV').replace('PANCAKESWAP_V3', 'Pancake').replace('pancakeswap-v3', 'Pancake');
  return {
    chain: trade.chain, pair: `${trade.tokenIn}->${trade.tokenOut}`, depthPct: trade.depthPct, amountIn: amountIn.toString(),
    ours: ours.toString(), single: single.toString(), optimum: optimum.amountOut.toString(),
    oursOfOptimum: ratio(ours, optimum.amountOut), oursOfSingle: ratio(ours, single), optimumOfSingle: ratio(optimum.amountOut, single),
    oursLegs: legsText(quote.route.map((leg) => ({ share: leg.share, venues: leg.hops.map((hop) => `${venue(hop.venue)}/${hop.fee}`) }))),
    optimumLegs: legsText(optimum.legs.map((leg) => ({ share: (leg.steps * 100) / GRID_STEPS, venues: leg.path.pools.map((pool) => `${venue(pool.venue)}/${pool.fee}`) }))),
    httpRequestsPerQuote, paths,
  };
}

export function verdict(results: readonly TradeResult[]) {
  const below = results.filter((row) => row.oursOfOptimum < 0.999);
  // "Beats the single route wherever the optimum does": the optimum gains more than 0.01 % over it.
  const missed = results.filter((row) => row.depthPct > 1 && row.optimumOfSingle > 1.0001 && row.oursOfSingle <= 1);
  return {
    trades: results.length,
    minOursOfOptimum: Math.min(...results.map((row) => row.oursOfOptimum)),
    meanOursOfOptimum: results.reduce((sum, row) => sum + row.oursOfOptimum, 0) / results.length,
    belowThreshold: below.length,
    missedSplits: missed.length,
    meanHttpRequestsPerQuote: results.reduce((sum, row) => sum + row.httpRequestsPerQuote, 0) / results.length,
    pass: below.length === 0 && missed.length === 0,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(3)} %`;

async function main(): Promise<void> {
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
      await fund(createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient, trader, chain.tokens.filter((token) => token.kind !== 'honeypot' && token.kind !== 'tax').map((token) => token.address as Address));
    }
    const results: TradeResult[] = [];
    for (const trade of TRADES) {
      if (!manifest[trade.chain]!.tokens.some((token) => trade.tokenOut === 'NATIVE' || same(token.symbol, trade.tokenOut))) {
        console.error(`skipped ${trade.chain} ${trade.tokenIn}->${trade.tokenOut}: the world has no ${trade.tokenOut}`);
        continue;
      }
      const result = await measureTrade(services, counter, manifest, trader, trade);
      console.error(`${result.chain} ${result.pair} ${result.depthPct}%: ours/optimum ${percent(result.oursOfOptimum)}, ours/single ${percent(result.oursOfSingle)}`);
      results.push(result);
    }
    report(results);
  } finally {
    await cleanup();
  }
}

function report(results: readonly TradeResult[]): void {
  const rows = results.map((row) => [
    row.chain, row.pair, `${row.depthPct} %`, percent(row.oursOfOptimum), percent(row.oursOfSingle), percent(row.optimumOfSingle),
    row.oursLegs, row.optimumLegs, row.httpRequestsPerQuote,
  ]);
  const summary = verdict(results);
  const table = markdownTable(['chain', 'trade', 'size (of depth)', 'ours / optimum', 'ours / single', 'optimum / single', 'our route', 'optimum split', 'HTTP req / quote'], rows);
  const totals = `${summary.trades} trades: ours / optimum min ${percent(summary.minOursOfOptimum)}, mean ${percent(summary.meanOursOfOptimum)}; ` +
    `${summary.belowThreshold} below 99.9 %; ${summary.missedSplits} trades above 1 % of depth where the optimum beats the single route and ours does not; ` +
    `${summary.meanHttpRequestsPerQuote.toFixed(2)} HTTP requests per warm quote.`;
  console.log(table);
  console.log(totals);
  console.log(summary.pass ? 'PASS: every trade at least 99.9 % of the optimum, and above 1 % of depth ours beats the single route wherever the optimum does.' : 'FAIL: see the rows above.');
  writeResult('price-quality.json', { results, summary });
  writeResult('price-quality.md', `${table}\n\n${totals}\n`);
}

await main();
