/**
 * Latency, throughput and RPC cost of a v2 quote on BASE: the v2 quote handler is called directly (no HTTP
 * server in front) against its own one-chain world, with a counting proxy between the app's RPC transport and anvil.
 * Per scenario: the first quote on a fresh chain directory and fee cache, warm sequential quotes, then
 * closed-loop throughput at a few concurrencies. Prints tables and writes bench/results/quote-latency.json.
 *
 *   node --import tsx bench/quote-latency.ts [--sequential 300] [--seconds 5] [--concurrency 1,8,32]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { startWorld, type RunningWorld } from '@/devnet/world';
import { sendTestFunds } from '@/server/devnet/faucet';
import { DEFAULT_PRIORITY_TTL_MS } from '@/server/fees/priority-fees';
import { startCountingProxy, type CountingProxy } from './quote-latency-proxy';
import { printQuoteLatencyTables } from './quote-latency-report';
import { CHAIN, measureScenario, scenarios, type QuoteRunSettings } from './quote-latency-scenarios';
import { alive, anvilChildren, stopOnSignal } from './support';

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
const SETTINGS: QuoteRunSettings = { sequentialQuotes: SEQUENTIAL_QUOTES, throughputMs: THROUGHPUT_MS, concurrencies: CONCURRENCIES };
const RESULTS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results', 'quote-latency.json');

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
    results.push(await measureScenario(manifest, proxy, trader, scenario, SETTINGS));
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

  printQuoteLatencyTables(report);

  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), RESULTS_FILE)}`);
} finally {
  await cleanup();
  console.error(`stopped anvil ${ourAnvils.join(', ') || '(none started)'}; none left running`);
}
