/**
 * `npm run bench`: every headline figure of the service in one run on a BASE + ARB + SOL world of its own,
 * each next to a limit measured in the same run on the same nodes, so a figure reads as "how far from what
 * the chain itself allows" whatever the machine or its load. Prints a markdown table and writes it to
 * bench/results/summary.md, with every number in bench/results/summary.json.
 *
 *   node --import tsx bench/summary.ts [--seconds 4] [--rounds 100] [--executes 160] [--bridges 160]
 *                                      [--solver-rounds 10] [--open 10,100,1000] [--skip-http]
 *
 * `--skip-http` leaves out the HTTP rows (they need a production build and take a minute): for quick runs
 * while working on the other figures.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { tokenInfoInput } from '@/server/api/contract/tokens';
import { v2ExecuteInput, v2QuoteInput } from '@/server/api/contract/trading';
import { bridgeQuoteAnswer } from '@/server/api/handlers/bridge';
import { tokenInfoAnswer } from '@/server/api/handlers/tokens';
import { v2ExecuteAnswer, v2QuoteAnswer } from '@/server/api/handlers/trading';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { nativeBridge, rawTransfers, sendRawAndWait, tokenBridge, type BridgeRun } from './bridge-runs';
import { measureHttpPath } from './http-path';
import { lensRequests, sendRawSync } from './raw-chain';
import { BLOCKS_PER_ROUND, measureSolverAtScale } from './summary-solver';
import { summaryMarkdown } from './summary-table';
import {
  addCounts,
  alive,
  anvilChildren,
  closedLoopPair,
  emptyCounts,
  installRpcCounter,
  machineInfo,
  measure,
  measureAlternating,
  perCall,
  replay,
  rssKiB,
  stats,
  stopOnSignal,
  writeResult,
  type ClosedLoopResult,
  type LatencyStats,
  type RpcCounter,
  type RpcCounts,
} from './support';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '100' },
    executes: { type: 'string', default: '160' },
    bridges: { type: 'string', default: '160' },
    'solver-rounds': { type: 'string', default: '10' },
    open: { type: 'string', default: '10,100,1000' },
    'skip-http': { type: 'boolean', default: false },
  },
});
const LOOP_MS = Number(values.seconds) * 1000;
const ROUNDS = Number(values.rounds);
const EXECUTES = Number(values.executes);
const BRIDGES = Number(values.bridges);
const SOLVER_ROUNDS = Number(values['solver-rounds']);
const OPEN_COUNTS = values.open.split(',').map(Number);
const CONCURRENCIES = [1, 16, 64];
/** The HTTP path is compared with in-process calls at these. */
const HTTP_CONCURRENCIES = [1, 16];
/** Quote and raw-call loops alternate in this many slices per concurrency. */
const SLICES = 4;
const WORLD_CHAINS: ChainId[] = ['BASE', 'ARB', 'SOL'];

// ---------------------------------------------------------------- the run

const wallStart = performance.now();
const machineAtStart = machineInfo();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-summary-'));
let world: RunningWorld | undefined;
let services: Services | undefined;
let counter: RpcCounter | undefined;
let ourAnvils: number[] = [];
let cleaning: Promise<void> | undefined;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await services?.close();
    counter?.uninstall();
    await world?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const left = ourAnvils.filter(alive);
    if (left.length > 0) throw new Error(`anvil processes still running after stop: ${left.join(', ')}`);
  })();
  return cleaning;
}
stopOnSignal(cleanup);

const progress = (text: string) => console.error(`[${((performance.now() - wallStart) / 1000).toFixed(0)} s] ${text}`);

try {
  // ---- world boot
  const snapshotsCached = existsSync(TEST_STATE_CACHE) && readdirSync(TEST_STATE_CACHE).length > 0;
  progress(`starting ${WORLD_CHAINS.join(' + ')}`);
  const bootStart = performance.now();
  world = await startWorld({ dataDir, ports: 'free', chains: WORLD_CHAINS, stateCacheDir: TEST_STATE_CACHE });
  const bootMs = performance.now() - bootStart;
  ourAnvils = anvilChildren();
  const manifest = world.manifest;
  const anvilRssMiB = ourAnvils.reduce((sum, pid) => sum + rssKiB(pid), 0) / 1024;

  const chainByOrigin = new Map(WORLD_CHAINS.map((id) => [new URL(manifest.chains[id]!.rpcUrl).origin, id]));
  counter = installRpcCounter((url) => chainByOrigin.get(new URL(url).origin));
  const rpcCounter = counter;
  const servicesStart = performance.now();
  services = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
  const servicesMs = performance.now() - servicesStart;
  const live = services;

  const base = manifest.chains.BASE!;
  const token = (symbol: string) => base.tokens.find((entry) => entry.symbol === symbol)!.address;
  const account = (index: number) => privateKeyToAccount(base.accounts[index]!.privateKey as Hex);
  const alpha = token('ALPHA');

  // ---- 1, 2: quote latency and throughput against the raw lens call
  progress('quotes');
  const quoteInput = v2QuoteInput.parse({
    chain: 'BASE',
    tokenIn: NATIVE_TOKEN_ADDRESS,
    tokenOut: alpha,
    amount: String(10n ** 17n),
    slippage: 100,
    trader: base.accounts[0]!.address,
  });
  // Counted, so the server gets as many quotes to warm up on as this process has run (see measureHttpPath).
  let quotesRun = 0;
  const quoteOf = (input: typeof quoteInput) => {
    quotesRun += 1;
    return v2QuoteAnswer(live, input);
  };
  const quote = () => quoteOf(quoteInput);
  await quote();
  const { batch: lensBatch, ethCall: lensCall } = lensRequests(await rpcCounter.record(quote));
  const rawBatch = () => replay([lensBatch]);
  const quoteRuns: { concurrency: number; quote: ClosedLoopResult; raw: ClosedLoopResult }[] = [];
  const quoteCounts = emptyCounts();
  for (const concurrency of CONCURRENCIES) {
    const before = rpcCounter.snapshot();
    const [quoteRun, rawRun] = await closedLoopPair(concurrency, LOOP_MS, SLICES, quote, rawBatch);
    addCounts(quoteCounts, rpcCounter.since(before));
    quoteRuns.push({ concurrency, quote: quoteRun, raw: rawRun });
  }
  const quoteRpc = perCall(
    quoteCounts,
    quoteRuns.reduce((sum, run) => sum + run.quote.count, 0),
  );
  // Side by side, call by call: the same trade again (served routes chosen before on an unchanged state), a
  // new amount each time (the optimiser runs), and the lens eth_call alone.
  let newAmount = 10n ** 17n;
  const [sameTrade, newAmountQuote, lensCallAlone] = (await measureAlternating(ROUNDS * 3, [
    quote,
    () => quoteOf({ ...quoteInput, amount: String(++newAmount) }),
    () => replay([lensCall]),
  ])) as [LatencyStats, LatencyStats, LatencyStats];

  // ---- the HTTP path: the same quote over HTTP with a key, beside in-process and a no-work endpoint
  progress(values['skip-http'] ? 'quotes over HTTP: skipped' : 'quotes over HTTP (production server)');
  // The server runs the app's background work (the solver's rounds, the background sender) beside its
  // answers; the in-process side runs the same meanwhile, so the two differ by the HTTP path alone.
  live.solver.start(live.config.BRIDGE_POLL_MS);
  live.background.start();
  const httpPath = values['skip-http']
    ? []
    : await measureHttpPath({
        manifestPath: world.manifestPath,
        quoteInProcess: quote,
        warmUpQuotes: quotesRun,
        quoteQuery: {
          chain: 'BASE',
          tokenIn: NATIVE_TOKEN_ADDRESS,
          tokenOut: alpha,
          amount: String(10n ** 17n),
          slippage: '100',
          trader: base.accounts[0]!.address,
        },
        concurrencies: HTTP_CONCURRENCIES,
        loopMs: LOOP_MS,
        slices: SLICES,
      });
  await Promise.all([live.solver.stop(), live.background.stop()]);

  // ---- 2, 3: token-info with and without the audit, against the same requests replayed
  progress('token-info');
  const tax = token('TAX');
  const tokenInfo = (audit: boolean) => () => tokenInfoAnswer(live, tokenInfoInput.parse({ chain: 'BASE', token: tax, ...(audit ? {} : { audit: 'false' }) }));
  const tokenInfoRows = [];
  for (const audit of [true, false]) {
    const run = tokenInfo(audit);
    await run();
    const recorded = await rpcCounter.record(run);
    const before = rpcCounter.snapshot();
    const latency = await measure(ROUNDS, run);
    tokenInfoRows.push({
      audit,
      latency,
      rpc: perCall(rpcCounter.since(before), ROUNDS + 1),
      replayedRequests: recorded.length,
      replay: await measure(ROUNDS, () => replay(recorded)),
    });
  }

  // ---- 4: execute against sending the same kind of transaction raw
  progress('execute');
  const executor = account(1);
  const executeQuoteInput = v2QuoteInput.parse({
    chain: 'BASE',
    tokenIn: NATIVE_TOKEN_ADDRESS,
    tokenOut: alpha,
    amount: String(10n ** 15n),
    slippage: 100,
    trader: executor.address,
  });
  const signedQuote = async () => {
    const quoted = await v2QuoteAnswer(live, executeQuoteInput);
    const signed = await executor.signTransaction(parseTransaction(quoted.transaction.trade as Hex) as TransactionSerializableEIP1559);
    return { signed, quoteId: quoted.transaction.quoteId };
  };
  const executeSamples: number[] = [];
  const rawSendSamples: number[] = [];
  const rawSyncSamples: number[] = [];
  const executeCounts = emptyCounts();
  for (let i = 0; i <= EXECUTES; i++) {
    const { signed, quoteId } = await signedQuote();
    const before = rpcCounter.snapshot();
    const start = performance.now();
    const result = await v2ExecuteAnswer(live, undefined, v2ExecuteInput.parse({ chain: 'BASE', trade: signed, quoteId, mev: false, simulation: true }));
    const ms = performance.now() - start;
    if (result.status !== 'SUCCESS') throw new Error(`execute ended ${result.status}: ${result.parsedError}`);
    const used = rpcCounter.since(before);
    // The first of each is untimed: it opens connections and fills caches.
    if (i > 0) {
      executeSamples.push(ms);
      addCounts(executeCounts, used);
    }
    const raw = await signedQuote();
    const rawMs = await sendRawAndWait(base.rpcUrl, raw.signed);
    const rawSyncMs = await sendRawSync(base.rpcUrl, (await signedQuote()).signed);
    if (i > 0) {
      rawSendSamples.push(rawMs);
      rawSyncSamples.push(rawSyncMs);
    }
  }
  const execute = stats(executeSamples);
  const rawSend = stats(rawSendSamples);
  const rawSync = stats(rawSyncSamples);

  // ---- 6: bridge quotes and deposit-to-fill, with the solver running as in the app
  progress('bridge');
  live.solver.start(live.config.BRIDGE_POLL_MS);
  const bridger = account(2);
  const nativeRun = await nativeBridge(live, manifest, 2);
  const tokenRun = await tokenBridge(live, manifest);
  const solQuote = () =>
    bridgeQuoteAnswer(live.bridge, 'bench', {
      source: 'BASE',
      destination: 'SOL',
      amount: String(10n ** 17n),
      trader: bridger.address,
      recipient: manifest.chains.SOL!.accounts[0]!.address,
    });
  const bridgeQuotes = [];
  for (const [name, run] of [
    ['BASE -> ARB', nativeRun.quote],
    ['BASE -> SOL', solQuote],
    ['USDC BASE -> BETA ARB (destination swap)', tokenRun.quote],
  ] as const) {
    await run();
    const recorded = await rpcCounter.record(run);
    const calls = recorded.reduce((sum, request) => sum + (request.body.match(/"method"/g)?.length ?? 0), 0);
    bridgeQuotes.push({
      name,
      latency: await measure(ROUNDS, run),
      replayedRequests: recorded.length,
      replayedCalls: calls,
      replay: await measure(ROUNDS, () => replay(recorded)),
    });
  }
  // Each round: a native bridge, a token bridge, and the two raw transfers both are held against, so that load
  // coming and going on the machine weighs on all of them alike.
  const fills: number[] = [];
  const tokenFills: number[] = [];
  const bridgeCounts = emptyCounts();
  const tokenCounts = emptyCounts();
  const transferBase: number[] = [];
  const transferArb: number[] = [];
  const transfers = rawTransfers(manifest, account(3));
  const counted = async (bridge: BridgeRun, samples: number[], counts: RpcCounts) => {
    let before = rpcCounter.snapshot();
    samples.push((await bridge.run({ before: () => (before = rpcCounter.snapshot()), after: () => addCounts(counts, rpcCounter.since(before)) })).ms);
  };
  for (let i = 0; i < BRIDGES; i++) {
    await counted(nativeRun, fills, bridgeCounts);
    await counted(tokenRun, tokenFills, tokenCounts);
    const raw = await transfers();
    transferBase.push(raw.base);
    transferArb.push(raw.arb);
  }
  await live.solver.stop();

  // ---- 5: the solver's round and bridge.status as open requests grow
  progress('bridge requests at scale');
  const solverRows = await measureSolverAtScale({
    live,
    manifest,
    rpcCounter,
    worldChains: WORLD_CHAINS,
    bridger: bridger.address,
    rounds: ROUNDS,
    solverRounds: SOLVER_ROUNDS,
    openCounts: OPEN_COUNTS,
    progress,
  });

  // ---- report
  const wallMs = performance.now() - wallStart;
  const report = {
    measuredAt: new Date().toISOString(),
    wallSeconds: Math.round(wallMs / 100) / 10,
    machine: { ...machineInfo(), loadAverageAtStart: machineAtStart.loadAverage },
    settings: {
      loopSeconds: LOOP_MS / 1000,
      rounds: ROUNDS,
      executes: EXECUTES,
      bridges: BRIDGES,
      solverRounds: SOLVER_ROUNDS,
      blocksPerRound: BLOCKS_PER_ROUND,
      entry: 'domain functions called in-process (no HTTP server, auth or rate limit in front)',
    },
    world: {
      chains: WORLD_CHAINS,
      bootMs: Math.round(bootMs),
      servicesMs: Math.round(servicesMs),
      snapshots: snapshotsCached ? 'loaded from cache' : 'deployed',
      anvilRssMiB: Math.round(anvilRssMiB),
    },
    quote: {
      request: 'BASE, native -> ALPHA, 0.1 ETH',
      runs: quoteRuns,
      rpcPerQuote: quoteRpc,
      lensEthCallAlone: lensCallAlone,
      sameTrade,
      newAmount: newAmountQuote,
    },
    httpPath,
    tokenInfo: tokenInfoRows,
    execute: { execute, rawSendAndReceipt: rawSend, rawSendSync: rawSync, rpcPerExecute: perCall(executeCounts, EXECUTES) },
    bridge: {
      quotes: bridgeQuotes,
      depositToFill: stats(fills),
      rpcPerBridge: perCall(bridgeCounts, BRIDGES),
      tokenDepositToFill: stats(tokenFills),
      rpcPerTokenBridge: perCall(tokenCounts, BRIDGES),
      rawTransferBase: stats(transferBase),
      rawTransferArb: stats(transferArb),
    },
    solver: solverRows,
  };
  const markdown = summaryMarkdown(report);
  console.log(`\n${markdown}`);
  writeResult('summary.json', report);
  writeResult('summary.md', `${markdown}\n`);
  console.error(`written bench/results/summary.md and summary.json (${report.wallSeconds} s)`);
} finally {
  await cleanup();
}
