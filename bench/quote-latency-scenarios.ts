/**
 * The quotes `bench/quote-latency.ts` measures: the app's quote path on BASE with its RPC through the counting
 * proxy, the scenarios, and per scenario the first quote, warm sequential quotes (with and without the proxy),
 * the lens call alone and closed-loop throughput.
 */
import { v2QuoteInput } from '@/server/api/contract/trading';
import { v2QuoteAnswer } from '@/server/api/handlers/trading';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { DEFAULT_BRIDGE_ASSETS, DEFAULT_MAX_OUTSTANDING_USD, type ChainEnv } from '@/server/config/env';
import { createPriorityFeeReader } from '@/server/fees/priority-fees';
import { createAuditDeps } from '@/server/tokens/audit/audit-deps';
import { createTokenRiskReader } from '@/server/tokens/token-risk';
import type { SwapQuoteDeps } from '@/server/trading/trading-engines';
import { createFamilyServices } from '@/server/family-services';
import { createRoutingCaches } from '@/server/routing/routing-caches';
import { copyCounts, countsSince, type CountingProxy } from './quote-latency-proxy';
import { closedLoop, perCall, stats } from './support';

export const CHAIN: ChainId = 'BASE';

/** How long each part of a scenario runs (from the command line). */
export interface QuoteRunSettings {
  sequentialQuotes: number;
  throughputMs: number;
  concurrencies: number[];
}

// ---------------------------------------------------------------- the app's quote path

type QuoteDeps = SwapQuoteDeps;
type QuoteInput = ReturnType<typeof v2QuoteInput.parse>;
type QuoteAnswer = Awaited<ReturnType<typeof v2QuoteAnswer>>;

/** A chain directory as the server builds it on the local world, with BASE's RPC pointed at the proxy. */
function quoteDeps(manifest: DevnetManifest, rpcUrl: string): QuoteDeps {
  const noEnv: ChainEnv = {
    rpcUrls: [],
    mevRpcUrls: [],
    bridgeConfirmations: 1,
    bridgeAssets: DEFAULT_BRIDGE_ASSETS,
    bridgeMaxOutstandingUsd: DEFAULT_MAX_OUTSTANDING_USD,
  };
  const chains = createChainDirectory(
    { chains: Object.fromEntries(CHAIN_IDS.map((id) => [id, noEnv])) as Record<ChainId, ChainEnv>, localWorld: true, RPC_TIMEOUT_MS: 10_000 },
    { ...manifest, chains: { [CHAIN]: { ...manifest.chains[CHAIN]!, rpcUrl } } },
  );
  const families = createFamilyServices(createRoutingCaches());
  // No third-party audit offline: the providers answer `unavailable` at once.
  const tokenRisk = createTokenRiskReader(createAuditDeps({ chains, families, config: { GOPLUS_API_URL: undefined, RUGCHECK_API_URL: undefined } }));
  return { chains, families, priorityFees: createPriorityFeeReader(chains), appSecret: 'bench', tokenRisk };
}

interface Scenario {
  name: string;
  tokenIn: string;
  tokenOut: string;
  /** Raw units, or a share of the trader's balance such as '50%'. */
  amount: string;
  expectedHops: number;
}

export function scenarios(manifest: DevnetManifest): Scenario[] {
  const token = (symbol: string) => {
    const found = manifest.chains[CHAIN]!.tokens.find((entry) => entry.symbol === symbol);
    if (!found) throw new Error(`The ${CHAIN} world has no ${symbol} token`);
    return found.address;
  };
  return [
    { name: 'native -> ALPHA', tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: token('ALPHA'), amount: String(10n ** 17n), expectedHops: 1 },
    { name: 'ALPHA -> BETA', tokenIn: token('ALPHA'), tokenOut: token('BETA'), amount: String(100n * 10n ** 18n), expectedHops: 2 },
    { name: 'TAX buy (native -> TAX)', tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: token('TAX'), amount: String(10n ** 16n), expectedHops: 1 },
    // A share of the balance is read before the quote batch: the one warm path with a second round trip.
    { name: 'ALPHA -> BETA, 10% of balance', tokenIn: token('ALPHA'), tokenOut: token('BETA'), amount: '10%', expectedHops: 2 },
  ];
}

// ---------------------------------------------------------------- measuring

type RouteLegs = readonly { share: number; hops: readonly { venue: string; fee: number; tokenIn: string; tokenOut: string }[] }[];

function routeText(manifest: DevnetManifest, route: RouteLegs): string {
  const symbols = new Map(manifest.chains[CHAIN]!.tokens.map((token) => [token.address.toLowerCase(), token.symbol]));
  const symbol = (address: string) => symbols.get(address.toLowerCase()) ?? address.slice(0, 8);
  const venue = (name: string) => name.replace('UNISWAP_', '');
  return route
    .map(
      (leg) =>
        `${leg.share}% ${[symbol(leg.hops[0]!.tokenIn), ...leg.hops.map((hop) => `-${venue(hop.venue)}/${hop.fee}-> ${symbol(hop.tokenOut)}`)].join(' ')}`,
    )
    .join(' | ');
}

/** The first quote on a fresh directory and fee cache, checked to quote an output over a route as long as expected. */
async function firstQuote(proxy: CountingProxy, scenario: Scenario, quote: () => Promise<QuoteAnswer>) {
  const before = copyCounts(proxy.counts);
  const started = performance.now();
  const first = await quote();
  const coldMs = performance.now() - started;
  const cold = countsSince(before, proxy.counts);
  if (BigInt(first.stats.amountOut) <= 0n) throw new Error(`${scenario.name}: quoted no output`);
  const hops = Math.max(...first.route.map((leg) => leg.hops.length));
  if (hops < scenario.expectedHops) {
    throw new Error(`${scenario.name}: expected a route of at least ${scenario.expectedHops} hops, got ${hops}`);
  }
  return { first, coldMs, cold };
}

/** Warm quotes one after another, each with its HTTP requests; keeps the request bodies of the last one. */
async function sequentialQuotes(proxy: CountingProxy, count: number, quote: () => Promise<QuoteAnswer>) {
  const samples: number[] = [];
  const httpPerQuote: number[] = [];
  const sequentialStart = copyCounts(proxy.counts);
  let warmRequests: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const before = copyCounts(proxy.counts);
    proxy.takeBodies();
    const started = performance.now();
    await quote();
    samples.push(performance.now() - started);
    httpPerQuote.push(proxy.counts.httpRequests - before.httpRequests);
    warmRequests = proxy.takeBodies();
  }
  return { samples, httpPerQuote, counts: countsSince(sequentialStart, proxy.counts), warmRequests };
}

/** The proxy shares this process' event loop: the same run straight to anvil shows what it adds. */
async function sequentialWithoutProxy(manifest: DevnetManifest, input: QuoteInput, count: number): Promise<number[]> {
  const direct = quoteDeps(manifest, manifest.chains[CHAIN]!.rpcUrl);
  await v2QuoteAnswer(direct, input);
  const directSamples: number[] = [];
  for (let index = 0; index < count; index++) {
    const started = performance.now();
    await v2QuoteAnswer(direct, input);
    directSamples.push(performance.now() - started);
  }
  return directSamples;
}

async function throughputRuns(proxy: CountingProxy, settings: QuoteRunSettings, quote: () => Promise<QuoteAnswer>) {
  const throughput = [];
  for (const concurrency of settings.concurrencies) {
    const runStart = copyCounts(proxy.counts);
    const run = await closedLoop(concurrency, settings.throughputMs, quote);
    const counts = perCall(countsSince(runStart, proxy.counts), run.count);
    throughput.push({
      concurrency,
      quotes: run.count,
      quotesPerSecond: run.perSecond,
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
      httpRequestsPerQuote: counts.httpRequests,
      rpcCallsPerQuote: counts.rpcCalls,
    });
  }
  return throughput;
}

export async function measureScenario(manifest: DevnetManifest, proxy: CountingProxy, trader: string, scenario: Scenario, settings: QuoteRunSettings) {
  const input = v2QuoteInput.parse({
    chain: CHAIN,
    tokenIn: scenario.tokenIn,
    tokenOut: scenario.tokenOut,
    amount: scenario.amount,
    slippage: 100,
    trader,
  });
  // A fresh directory and fee reader: new connections and an empty fee cache for the first quote.
  const deps = quoteDeps(manifest, proxy.url);
  const quote = () => v2QuoteAnswer(deps, input);
  const count = settings.sequentialQuotes;

  const { first, coldMs, cold } = await firstQuote(proxy, scenario, quote);
  const { samples, httpPerQuote, counts: sequential, warmRequests } = await sequentialQuotes(proxy, count, quote);
  const lensCall = await replayLensCall(manifest.chains[CHAIN]!.rpcUrl, warmRequests, count);
  const directSamples = await sequentialWithoutProxy(manifest, input, count);
  const oneRequest = samples.filter((_, index) => httpPerQuote[index] === 1);
  const moreRequests = samples.filter((_, index) => httpPerQuote[index]! > 1);
  const throughput = await throughputRuns(proxy, settings, quote);

  return {
    scenario: scenario.name,
    request: { tokenIn: scenario.tokenIn, tokenOut: scenario.tokenOut, amount: scenario.amount, slippage: 100 },
    route: routeText(manifest, first.route),
    firstQuote: { ms: Math.round(coldMs * 100) / 100, httpRequests: cold.httpRequests, rpcCalls: cold.rpcCalls, methods: cold.methods },
    sequential: {
      ...stats(samples),
      perQuote: perCall(sequential, count),
      shareWithOneHttpRequest: Math.round((oneRequest.length / count) * 10_000) / 10_000,
      p50MsOneHttpRequest: oneRequest.length > 0 ? stats(oneRequest).p50Ms : null,
      p50MsMoreHttpRequests: moreRequests.length > 0 ? stats(moreRequests).p50Ms : null,
    },
    sequentialWithoutProxy: stats(directSamples),
    lensCall,
    throughput,
  };
}

export type ScenarioResult = Awaited<ReturnType<typeof measureScenario>>;

/**
 * The lens call alone: the JSON-RPC batches of a warm quote (one: the QuoteLens eth_call with the nonce, balance
 * and pool-state reads beside it; a share of the balance reads the balance first), sent straight to anvil one
 * after another as the quote sent them, `times` times (the sequential quotes' count). Set against a warm quote's p50 (no proxy), it
 * shows what the service adds to the chain's own answers.
 */
async function replayLensCall(rpcUrl: string, requests: readonly Buffer[], times: number) {
  if (requests.length === 0) return null;
  const bodies = requests.map((request) => request.toString('utf8'));
  const send = async () => {
    for (const body of bodies) await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((answer) => answer.text());
  };
  await send();
  const replays: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await send();
    replays.push(performance.now() - started);
  }
  return stats(replays);
}
