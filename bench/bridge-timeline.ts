/**
 * Where a bridge's deposit-to-fill time goes: every RPC request (chain, methods) and every database statement
 * of one execute, from the signed deposit to SUCCESS, on a line each with its start and end (ms from the
 * execute's start). The token bridge (USDC on BASE to BETA on ARB, a destination swap) and the native bridge
 * (ETH BASE to ARB) alternate with the two raw transfers they are held against, so the ratios hold under load.
 *
 * It ends with the requests of one token bridge sent again alone (with `--split`, each call of a batch on its
 * own too): what each costs on quiet nodes, against what it took beside the rest. Statements are recorded on
 * the embedded store (PGlite), the app's default.
 *
 *   node --import tsx bench/bridge-timeline.ts [--bridges 40] [--show 2] [--split]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import { manifestPathFor, startWorld, type RunningWorld } from '@/devnet/world';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { nativeBridge, rawTransfers, tokenBridge } from './bridge-runs';
import { machineInfo, stats, stopOnSignal } from './support';

const { values } = parseArgs({
  options: { bridges: { type: 'string', default: '40' }, show: { type: 'string', default: '2' }, split: { type: 'boolean', default: false } },
});
const BRIDGES = Number(values.bridges);
const SHOW = Number(values.show);

interface Event {
  kind: 'rpc' | 'db';
  label: string;
  start: number;
  end: number;
  /** An RPC request's URL and body, to send it again alone. */
  request?: { url: string; body: string };
}

/** Records every RPC request the process sends and every statement the embedded store runs, with times. */
function installRecorder(chainOf: (url: string) => string) {
  const events: Event[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = typeof init?.body === 'string' ? init.body : '';
    const methods = [...body.matchAll(/"method"\s*:\s*"([^"]+)"/g)].map((match) => match[1]).join('+');
    const event: Event = { kind: 'rpc', label: `${chainOf(url)} ${methods}`, start: performance.now(), end: Number.NaN, request: { url, body } };
    events.push(event);
    try {
      const response = await originalFetch(input, init);
      // The body is what the caller waits for: clone it, so the end is when the answer was all read.
      await response.clone().arrayBuffer();
      return response;
    } finally {
      event.end = performance.now();
    }
  };
  /** The store's statements too; the fetch must be wrapped before the services are built (their transports keep the fetch they found). */
  const recordStore = (live: Services) => {
    const pglite = live.store.pglite?.instance;
    if (!pglite) return;
    const query = pglite.query.bind(pglite);
    pglite.query = (async (sql: string, params?: unknown[], options?: object) => {
      const event: Event = { kind: 'db', label: sql.replace(/\s+/g, ' ').slice(0, 90), start: performance.now(), end: Number.NaN };
      events.push(event);
      try {
        return await query(sql, params as never, options as never);
      } finally {
        event.end = performance.now();
      }
    }) as typeof pglite.query;
  };
  return {
    recordStore,
    /** The events that started within [from, to), relative to `from`. */
    between(from: number, to: number): Event[] {
      return events.filter((event) => event.start >= from && event.start < to).map((event) => ({ ...event, start: event.start - from, end: event.end - from }));
    },
    clear: () => events.splice(0),
    uninstall: () => (globalThis.fetch = originalFetch),
  };
}

const fmt = (value: number) => value.toFixed(2).padStart(7);

function printTimeline(title: string, total: number, events: Event[]): void {
  console.log(`\n${title}: ${total.toFixed(2)} ms`);
  for (const event of events) console.log(`  ${fmt(event.start)} ${fmt(event.end)}  ${event.kind.padEnd(3)} ${event.label}`);
}

/** Per event position (when runs had the same shape), the median start and end: where the time goes typically. */
function printTypical(title: string, runs: { total: number; events: Event[] }[]): void {
  const shape = (events: Event[]) => events.map((event) => event.label).join('|');
  const shapes = new Map<string, { total: number; events: Event[] }[]>();
  for (const run of runs) shapes.set(shape(run.events), [...(shapes.get(shape(run.events)) ?? []), run]);
  const sorted = [...shapes].sort((a, b) => b[1].length - a[1].length);
  const [, common] = sorted[0]!;
  for (const [other, those] of sorted.slice(1))
    console.log(
      `  (${those.length} runs) ${other
        .split('|')
        .map((label) => label.replace(/(\+eth_call)+/g, '+eth_call…'))
        .join(' | ')}`,
    );
  const median = (values: number[]) => stats(values).p50Ms;
  console.log(
    `\n${title}: the most common shape, ${common.length} of ${runs.length} runs, median ${median(common.map((run) => run.total)).toFixed(2)} ms (all runs ${median(runs.map((run) => run.total)).toFixed(2)} ms); per step median start / end`,
  );
  common[0]!.events.forEach((event, index) => {
    console.log(
      `  ${fmt(median(common.map((run) => run.events[index]!.start)))} ${fmt(median(common.map((run) => run.events[index]!.end)))}  ${event.kind.padEnd(3)} ${event.label}`,
    );
  });
}

/**
 * How many times each fill was signed, counted by the solver's nonce reads on ARB (a transfer reads it alone, a
 * swap's quote in its batch): once when the payment signed ahead was the one used, twice when it was signed again.
 */
function printSignings(title: string, runs: { events: Event[] }[]): void {
  const counts = new Map<number, number>();
  for (const run of runs) {
    const signings = run.events.filter((event) => event.label.startsWith('ARB ') && event.label.includes('eth_getTransactionCount')).length;
    counts.set(signings, (counts.get(signings) ?? 0) + 1);
  }
  console.log(
    `${title}: signed ${[...counts]
      .sort(([a], [b]) => a - b)
      .map(([times, n]) => `${times} time(s) in ${n} runs`)
      .join(', ')} of ${runs.length}`,
  );
}

/** The median time of a request body sent `rounds` times, one after another. */
async function timeAlone(url: string, body: string, rounds: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer();
    samples.push(performance.now() - start);
  }
  return stats(samples).p50Ms;
}

/**
 * Each RPC request of one run sent again alone (a send is left out: it cannot be sent twice): its cost on
 * otherwise quiet nodes, against its time in the run, where the deposit, the checks and the signing share them.
 */
async function printAlone(title: string, events: Event[], rounds: number): Promise<void> {
  console.log(`\n${title}, each RPC request again alone (median of ${rounds}):`);
  for (const event of events) {
    if (!event.request || event.label.includes('eth_sendRaw')) continue;
    const { url, body } = event.request;
    console.log(`  ${fmt(await timeAlone(url, body, rounds))} alone, ${fmt(event.end - event.start)} in the run  ${event.label}`);
    if (!values.split || !body.startsWith('[')) continue;
    for (const call of JSON.parse(body) as unknown[]) {
      const one = JSON.stringify(call);
      console.log(`      ${fmt(await timeAlone(url, one, rounds))}  ${one.slice(0, 160)}`);
    }
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-timeline-'));
let world: RunningWorld | undefined;
let services: Services | undefined;
const cleanup = async () => {
  await services?.close();
  await world?.stop();
  rmSync(dataDir, { recursive: true, force: true });
};
stopOnSignal(cleanup);
try {
  const loadAtStart = machineInfo().loadAverage;
  world = await startWorld({ dataDir, ports: 'free', chains: ['BASE', 'ARB', 'SOL'], stateCacheDir: TEST_STATE_CACHE });
  const manifest = world.manifest;
  const chainByOrigin = new Map(Object.entries(manifest.chains).map(([id, chain]) => [new URL(chain.rpcUrl).origin, id]));
  const recorder = installRecorder((url) => chainByOrigin.get(new URL(url).origin) ?? 'other');
  const live = await createServices(loadConfig({ DATA_DIR: dataDir, DEVNET_MANIFEST: manifestPathFor(dataDir), LOG_LEVEL: 'silent' }));
  services = live;
  recorder.recordStore(live);
  live.solver.start(live.config.BRIDGE_POLL_MS);
  const token = (await tokenBridge(live, manifest)).run;
  const native = (await nativeBridge(live, manifest)).run;
  const raw = rawTransfers(manifest);
  type Run = { total: number; cpuMs: number; events: Event[] };
  const runs = { token: [] as Run[], native: [] as Run[] };
  const rawBase: number[] = [];
  const rawArb: number[] = [];
  for (let i = 0; i < BRIDGES; i++) {
    for (const [name, run] of [
      ['token', token],
      ['native', native],
    ] as const) {
      const timed = await run();
      runs[name].push({ total: timed.ms, cpuMs: timed.cpuMs, events: recorder.between(timed.start, timed.start + timed.ms) });
    }
    const transfers = await raw();
    rawBase.push(transfers.base);
    rawArb.push(transfers.arb);
    recorder.clear();
  }
  recorder.uninstall();
  for (const name of ['token', 'native'] as const) {
    for (const run of runs[name].slice(0, SHOW)) printTimeline(`${name} bridge`, run.total, run.events);
    printTypical(`${name} bridge`, runs[name]);
  }
  for (const name of ['token', 'native'] as const) printSignings(`${name} bridge`, runs[name]);
  await printAlone('token bridge', runs.token.at(-1)!.events, 20);
  const rawSum = stats(rawBase).p50Ms + stats(rawArb).p50Ms;
  const p50 = (name: 'token' | 'native') => stats(runs[name].map((run) => run.total)).p50Ms;
  console.log(`\nraw transfer + receipt BASE ${stats(rawBase).p50Ms} ms + ARB ${stats(rawArb).p50Ms} ms (p50)`);
  for (const name of ['token', 'native'] as const) {
    const cpu = stats(runs[name].map((run) => run.cpuMs)).p50Ms;
    console.log(
      `${name} bridge p50 ${p50(name)} ms: ${(p50(name) / rawSum).toFixed(2)}× the two raw confirmations; this process' CPU meanwhile ${cpu} ms (p50)`,
    );
  }
  console.log(`load average ${loadAtStart.join(' / ')} at start, ${machineInfo().loadAverage.join(' / ')} at end`);
} finally {
  await cleanup();
}
