/**
 * Latency, throughput and RPC cost of a v2 quote on BASE: the v2 quote handler is called directly (no HTTP
 * server in front) against its own one-chain world, with a counting proxy between the app's RPC transport and anvil.
 * Per scenario: the first quote on a fresh chain directory and fee cache, warm sequential quotes, then
 * closed-loop throughput at a few concurrencies. Prints tables and writes bench/results/quote-latency.json.
 *
 *   node --import tsx bench/quote-latency.ts [--sequential 300] [--seconds 5] [--concurrency 1,8,32]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { startWorld, type RunningWorld } from '@/devnet/world';
import { v2QuoteInput } from '@/server/api/contract/trading';
import { v2QuoteAnswer } from '@/server/api/handlers/trading';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { CHAIN_IDS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { DEFAULT_BRIDGE_ASSETS, DEFAULT_MAX_OUTSTANDING_USD, type ChainEnv } from '@/server/config/env';
import { sendTestFunds } from '@/server/devnet/faucet';
import { createPriorityFeeReader, DEFAULT_PRIORITY_TTL_MS } from '@/server/fees/priority-fees';
import { createAuditDeps } from '@/server/tokens/audit/audit-deps';
import { createTokenRiskReader } from '@/server/tokens/token-risk';
import type { SwapQuoteDeps } from '@/server/trading/trading-engines';
import { familyServices } from '@/server/family-services';
import { alive, anvilChildren, closedLoop, stats, stopOnSignal } from './support';

const { values } = parseArgs({
  options: {
    sequential: { type: 'string', default: '300' },
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '1,8,32' },
  },
});
const SEQUENTIAL_QUOTES = Number(values.sequential);
const THROUGHPUT_MS = Number(values.seconds) * 1000;
const CONCURRENCIES = values.concurrency.split(',').map(Number);
const CHAIN: ChainId = 'BASE';
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'quote-latency.json');

// ---------------------------------------------------------------- counting proxy

interface RpcCounts {
  httpRequests: number;
  rpcCalls: number;
  methods: Record<string, number>;
}

interface CountingProxy {
  url: string;
  counts: RpcCounts;
  /** The bodies of the POSTs since the last `takeBodies`. */
  takeBodies(): Buffer[];
  close(): Promise<void>;
}

const emptyCounts = (): RpcCounts => ({ httpRequests: 0, rpcCalls: 0, methods: {} });
const copyCounts = (counts: RpcCounts): RpcCounts => ({ ...counts, methods: { ...counts.methods } });

function countsSince(before: RpcCounts, after: RpcCounts): RpcCounts {
  const methods: Record<string, number> = {};
  for (const [method, count] of Object.entries(after.methods)) {
    const delta = count - (before.methods[method] ?? 0);
    if (delta > 0) methods[method] = delta;
  }
  return { httpRequests: after.httpRequests - before.httpRequests, rpcCalls: after.rpcCalls - before.rpcCalls, methods };
}

/** Forwards every request to `target` unchanged; a POST counts as one HTTP request with one call per batch entry. */
async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const counts = emptyCounts();
  let bodies: Buffer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.method === 'POST') {
        counts.httpRequests += 1;
        bodies.push(body);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          parsed = undefined;
        }
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          const method = (call as { method?: unknown } | undefined)?.method;
          const name = typeof method === 'string' ? method : '(unparsable)';
          counts.rpcCalls += 1;
          counts.methods[name] = (counts.methods[name] ?? 0) + 1;
        }
      }
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json', 'content-length': body.length },
          agent,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    takeBodies() {
      const taken = bodies;
      bodies = [];
      return taken;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

// ---------------------------------------------------------------- the app's quote path

type QuoteDeps = SwapQuoteDeps;

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
  // No third-party audit offline: the providers answer `unavailable` at once.
  const tokenRisk = createTokenRiskReader(
    createAuditDeps({ chains, families: familyServices, config: { GOPLUS_API_URL: undefined, RUGCHECK_API_URL: undefined } }),
  );
  return { chains, families: familyServices, priorityFees: createPriorityFeeReader(chains), appSecret: 'bench', tokenRisk };
}

interface Scenario {
  name: string;
  tokenIn: string;
  tokenOut: string;
  /** Raw units, or a share of the trader's balance such as '50%'. */
  amount: string;
  expectedHops: number;
}

function scenarios(manifest: DevnetManifest): Scenario[] {
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

function perQuote(counts: RpcCounts, quotes: number) {
  const round = (value: number) => Math.round((value / quotes) * 1000) / 1000;
  return {
    httpRequests: round(counts.httpRequests),
    rpcCalls: round(counts.rpcCalls),
    methods: Object.fromEntries(
      Object.entries(counts.methods)
        .sort()
        .map(([method, count]) => [method, round(count)]),
    ),
  };
}

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

async function measureScenario(manifest: DevnetManifest, proxy: CountingProxy, trader: string, scenario: Scenario) {
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

  let before = copyCounts(proxy.counts);
  let started = performance.now();
  const first = await quote();
  const coldMs = performance.now() - started;
  const cold = countsSince(before, proxy.counts);
  if (BigInt(first.stats.amountOut) <= 0n) throw new Error(`${scenario.name}: quoted no output`);
  const hops = Math.max(...first.route.map((leg) => leg.hops.length));
  if (hops < scenario.expectedHops) {
    throw new Error(`${scenario.name}: expected a route of at least ${scenario.expectedHops} hops, got ${hops}`);
  }

  const samples: number[] = [];
  const httpPerQuote: number[] = [];
  const sequentialStart = copyCounts(proxy.counts);
  let warmRequests: Buffer[] = [];
  for (let index = 0; index < SEQUENTIAL_QUOTES; index++) {
    before = copyCounts(proxy.counts);
    proxy.takeBodies();
    started = performance.now();
    await quote();
    samples.push(performance.now() - started);
    httpPerQuote.push(proxy.counts.httpRequests - before.httpRequests);
    warmRequests = proxy.takeBodies();
  }
  const sequential = countsSince(sequentialStart, proxy.counts);
  const lensCall = await replayLensCall(manifest.chains[CHAIN]!.rpcUrl, warmRequests);

  // The proxy shares this process' event loop: the same run straight to anvil shows what it adds.
  const direct = quoteDeps(manifest, manifest.chains[CHAIN]!.rpcUrl);
  await v2QuoteAnswer(direct, input);
  const directSamples: number[] = [];
  for (let index = 0; index < SEQUENTIAL_QUOTES; index++) {
    started = performance.now();
    await v2QuoteAnswer(direct, input);
    directSamples.push(performance.now() - started);
  }
  const oneRequest = samples.filter((_, index) => httpPerQuote[index] === 1);
  const moreRequests = samples.filter((_, index) => httpPerQuote[index]! > 1);

  const throughput = [];
  for (const concurrency of CONCURRENCIES) {
    const runStart = copyCounts(proxy.counts);
    const run = await closedLoop(concurrency, THROUGHPUT_MS, quote);
    const counts = perQuote(countsSince(runStart, proxy.counts), run.count);
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

  return {
    scenario: scenario.name,
    request: { tokenIn: scenario.tokenIn, tokenOut: scenario.tokenOut, amount: scenario.amount, slippage: 100 },
    route: routeText(manifest, first.route),
    firstQuote: { ms: Math.round(coldMs * 100) / 100, httpRequests: cold.httpRequests, rpcCalls: cold.rpcCalls, methods: cold.methods },
    sequential: {
      ...stats(samples),
      perQuote: perQuote(sequential, SEQUENTIAL_QUOTES),
      shareWithOneHttpRequest: Math.round((oneRequest.length / SEQUENTIAL_QUOTES) * 10_000) / 10_000,
      p50MsOneHttpRequest: oneRequest.length > 0 ? stats(oneRequest).p50Ms : null,
      p50MsMoreHttpRequests: moreRequests.length > 0 ? stats(moreRequests).p50Ms : null,
    },
    sequentialWithoutProxy: stats(directSamples),
    lensCall,
    throughput,
  };
}

/**
 * The lens call alone: the JSON-RPC batches of a warm quote (one: the QuoteLens eth_call with the nonce, balance
 * and pool-state reads beside it; a share of the balance reads the balance first), sent straight to anvil one
 * after another as the quote sent them, SEQUENTIAL_QUOTES times. Set against a warm quote's p50 (no proxy), it
 * shows what the service adds to the chain's own answers.
 */
async function replayLensCall(rpcUrl: string, requests: readonly Buffer[]) {
  if (requests.length === 0) return null;
  const bodies = requests.map((request) => request.toString('utf8'));
  const send = async () => {
    for (const body of bodies) await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((answer) => answer.text());
  };
  await send();
  const replays: number[] = [];
  for (let index = 0; index < SEQUENTIAL_QUOTES; index++) {
    const started = performance.now();
    await send();
    replays.push(performance.now() - started);
  }
  return stats(replays);
}

// ---------------------------------------------------------------- the run

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-quote-'));
let world: RunningWorld | undefined;
let proxy: CountingProxy | undefined;
let ourAnvils: number[] = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await proxy?.close();
    await world?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const left = ourAnvils.filter(alive);
    if (left.length > 0) throw new Error(`anvil processes still running after stop: ${left.join(', ')}`);
  })();
  return cleaning;
}

stopOnSignal(cleanup);

try {
  const loadAtStart = os.loadavg();
  const bootStart = performance.now();
  world = await startWorld({ dataDir, ports: 'free', chains: [CHAIN], stateCacheDir: TEST_STATE_CACHE });
  const bootMs = performance.now() - bootStart;
  ourAnvils = anvilChildren();
  const manifest = world.manifest;
  const chain = manifest.chains[CHAIN]!;
  const trader = chain.accounts[0]!.address;
  // Listed accounts hold native only; the faucet adds ALPHA (and the other world tokens) for the sell.
  await sendTestFunds({ manifest }, { chain: CHAIN, address: trader });
  proxy = await startCountingProxy(chain.rpcUrl);

  const results = [];
  for (const scenario of scenarios(manifest)) {
    console.error(`measuring ${scenario.name} …`);
    results.push(await measureScenario(manifest, proxy, trader, scenario));
  }

  const cpus = os.cpus();
  const report = {
    measuredAt: new Date().toISOString(),
    machine: {
      cpuCount: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      totalMemoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      // Other work on the machine (other worlds, test runs) shows up here and in the tails.
      loadAverage1mAtStart: Math.round(loadAtStart[0]! * 100) / 100,
      loadAverage1mAtEnd: Math.round(os.loadavg()[0]! * 100) / 100,
    },
    settings: {
      chain: CHAIN,
      entry: 'v2QuoteAnswer called in-process (no HTTP server, no auth, no rate limit)',
      sequentialQuotes: SEQUENTIAL_QUOTES,
      throughputSecondsPerConcurrency: THROUGHPUT_MS / 1000,
      priorityFeeCacheMs: DEFAULT_PRIORITY_TTL_MS,
      worldBootMs: Math.round(bootMs),
    },
    scenarios: results,
  };

  console.log(
    `\nv2QuoteAnswer on ${CHAIN}: ${report.machine.cpuCount} CPUs (${report.machine.cpuModel}), node ${report.machine.node}, load ${report.machine.loadAverage1mAtStart} at start\n`,
  );
  console.log('Latency (ms): first quote on a fresh directory and fee cache, then sequential warm quotes');
  console.table(
    results.map((row) => ({
      scenario: row.scenario,
      first: row.firstQuote.ms,
      p50: row.sequential.p50Ms,
      p90: row.sequential.p90Ms,
      p99: row.sequential.p99Ms,
      max: row.sequential.maxMs,
      'p50 (1 req)': row.sequential.p50MsOneHttpRequest ?? '-',
      'p50 (>1 req)': row.sequential.p50MsMoreHttpRequests ?? '-',
      'p50 no proxy': row.sequentialWithoutProxy.p50Ms,
      'p99 no proxy': row.sequentialWithoutProxy.p99Ms,
    })),
  );
  console.table(results.map((row) => ({ scenario: row.scenario, route: row.route })));
  console.log('RPC per warm quote (sequential run)');
  console.table(
    results.map((row) => ({
      scenario: row.scenario,
      'http req/quote': row.sequential.perQuote.httpRequests,
      'rpc calls/quote': row.sequential.perQuote.rpcCalls,
      'quotes with 1 req': `${(row.sequential.shareWithOneHttpRequest * 100).toFixed(1)}%`,
      'first quote req/calls': `${row.firstQuote.httpRequests}/${row.firstQuote.rpcCalls}`,
      ...row.sequential.perQuote.methods,
    })),
  );
  console.log("A warm quote against its lens call (the quote's batches sent straight to anvil): limit 2.5×, and at most 2 HTTP requests per warm quote");
  const againstLens = results.map((row) => ({
    scenario: row.scenario,
    'quote p50 (no proxy)': row.sequentialWithoutProxy.p50Ms,
    'lens call p50': row.lensCall?.p50Ms ?? '-',
    ratio: row.lensCall ? Math.round((row.sequentialWithoutProxy.p50Ms / row.lensCall.p50Ms) * 100) / 100 : '-',
    'http req/quote': row.sequential.perQuote.httpRequests,
  }));
  console.table(againstLens);
  const passes = againstLens.every((row) => typeof row.ratio === 'number' && row.ratio <= 2.5 && row['http req/quote'] <= 2);
  console.log(
    passes
      ? 'PASS: every warm quote within 2.5× its lens call and 2 HTTP requests'
      : 'FAIL: a warm quote above 2.5× its lens call or 2 HTTP requests (see above)',
  );
  console.log('Throughput (closed loop)');
  console.table(results.flatMap((row) => row.throughput.map((run) => ({ scenario: row.scenario, ...run }))));

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), RESULTS_FILE)}`);
} finally {
  await cleanup();
  console.error(`stopped anvil ${ourAnvils.join(', ') || '(none started)'}; none left running`);
}
