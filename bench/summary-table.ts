/** The markdown table of `bench/summary.ts`: every figure beside its limit from the same run, and their ratio. */
import type { ChainId } from '@/server/chains/registry';
import type { HttpPathRun } from './http-path';
import { markdownTable, type ClosedLoopResult, type LatencyStats, type machineInfo, type perCall } from './support';

export type Report = {
  measuredAt: string;
  wallSeconds: number;
  machine: ReturnType<typeof machineInfo> & { loadAverageAtStart: number[] };
  world: { chains: ChainId[]; bootMs: number; servicesMs: number; snapshots: string; anvilRssMiB: number };
  quote: {
    runs: { concurrency: number; quote: ClosedLoopResult; raw: ClosedLoopResult }[];
    rpcPerQuote: ReturnType<typeof perCall>;
    lensEthCallAlone: LatencyStats;
    sameTrade: LatencyStats;
    newAmount: LatencyStats;
  };
  httpPath: HttpPathRun[];
  tokenInfo: { audit: boolean; latency: LatencyStats; rpc: ReturnType<typeof perCall>; replayedRequests: number; replay: LatencyStats }[];
  execute: { execute: LatencyStats; rawSendAndReceipt: LatencyStats; rawSendSync: LatencyStats; rpcPerExecute: ReturnType<typeof perCall> };
  bridge: {
    quotes: { name: string; latency: LatencyStats; replayedRequests: number; replayedCalls: number; replay: LatencyStats }[];
    depositToFill: LatencyStats;
    rpcPerBridge: ReturnType<typeof perCall>;
    tokenDepositToFill: LatencyStats;
    rpcPerTokenBridge: ReturnType<typeof perCall>;
    rawTransferBase: LatencyStats;
    rawTransferArb: LatencyStats;
  };
  solver: {
    open: number;
    blocksPerRound: number;
    rpcCallsPerRound: number;
    httpRequestsPerRound: number;
    rpcCallsPerRoundByChain: Record<string, number>;
    methodsPerRound: Record<string, number>;
    round: LatencyStats;
    status: LatencyStats;
  }[];
};

type Row = (string | number)[];

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const p50p99 = (value: LatencyStats) => `${ms(value.p50Ms)} / ${ms(value.p99Ms)}`;
const ratio = (value: number, limit: number) => `${(value / limit).toFixed(2)}×`;
const methods = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([method, count]) => `${method} ${count}`)
    .join(', ');

function quoteRows(quote: Report['quote']): Row[] {
  const rows: Row[] = [];
  for (const run of quote.runs) {
    rows.push([
      `v2 quote, concurrency ${run.concurrency}: p50 / p99, throughput`,
      `${p50p99(run.quote)}, ${run.quote.perSecond} quotes/s`,
      `raw lens batch: ${p50p99(run.raw)}, ${run.raw.perSecond} calls/s`,
      `${ratio(run.quote.p50Ms, run.raw.p50Ms)} latency, ${ratio(run.quote.perSecond, run.raw.perSecond)} throughput`,
    ]);
  }
  const alone = `lens eth_call alone (call by call with the quotes): ${p50p99(quote.lensEthCallAlone)}`;
  rows.push(['v2 quote, the same trade again: p50 / p99', p50p99(quote.sameTrade), alone, ratio(quote.sameTrade.p50Ms, quote.lensEthCallAlone.p50Ms)]);
  rows.push([
    'v2 quote, a new amount each time (routes chosen afresh): p50 / p99',
    p50p99(quote.newAmount),
    alone,
    ratio(quote.newAmount.p50Ms, quote.lensEthCallAlone.p50Ms),
  ]);
  rows.push([
    'RPC per quote: HTTP requests / JSON-RPC calls',
    `${quote.rpcPerQuote.httpRequests} / ${quote.rpcPerQuote.rpcCalls} (${methods(quote.rpcPerQuote.methods)})`,
    '2 HTTP requests (pool state, then the lens batch)',
    ratio(quote.rpcPerQuote.httpRequests, 2),
  ]);
  return rows;
}

function tokenInfoRows(tokenInfo: Report['tokenInfo']): Row[] {
  const rows: Row[] = [];
  for (const row of tokenInfo) {
    const name = row.audit ? 'token-info with audit (TAX)' : 'token-info without audit (TAX)';
    rows.push([
      `${name}: p50 / p99`,
      p50p99(row.latency),
      `its ${row.replayedRequests} RPC requests replayed: ${p50p99(row.replay)}`,
      ratio(row.latency.p50Ms, row.replay.p50Ms),
    ]);
    rows.push([`RPC per ${name}: HTTP / calls`, `${row.rpc.httpRequests} / ${row.rpc.rpcCalls} (${methods(row.rpc.methods)})`, '–', '–']);
  }
  return rows;
}

function httpPathRows(httpPath: Report['httpPath']): Row[] {
  const rows: Row[] = [];
  for (const run of httpPath) {
    const inProcess = `the same quote in-process (alternating slices): ${p50p99(run.inProcess)}, ${run.inProcess.perSecond} quotes/s`;
    rows.push([
      `v2 quote over HTTP with a key, concurrency ${run.concurrency}: p50 / p99, throughput`,
      `${p50p99(run.http)}, ${run.http.perSecond} quotes/s (the server's own time p50 ${ms(run.serverP50Ms.http)})`,
      inProcess,
      `${ratio(run.http.p50Ms, run.inProcess.p50Ms)} latency, ${ratio(run.http.perSecond, run.inProcess.perSecond)} throughput`,
    ]);
    rows.push([
      `authenticated, no chain work (GET /api/v1/chains), concurrency ${run.concurrency}: p50 / p99, throughput`,
      `${p50p99(run.noWork)}, ${run.noWork.perSecond} requests/s (the server's own time p50 ${ms(run.serverP50Ms.noWork)})`,
      inProcess,
      `${ratio(run.noWork.p50Ms, run.inProcess.p50Ms)} latency, ${ratio(run.noWork.perSecond, run.inProcess.perSecond)} throughput`,
    ]);
  }
  return rows;
}

function executeRows(measured: Report['execute']): Row[] {
  const rows: Row[] = [];
  const { execute, rawSendAndReceipt, rawSendSync, rpcPerExecute } = measured;
  rows.push([
    'v2 execute (native -> ALPHA, simulation on): p50 / p99',
    `${p50p99(execute)}; ${rpcPerExecute.httpRequests} HTTP / ${rpcPerExecute.rpcCalls} calls (${methods(rpcPerExecute.methods)})`,
    `raw send + receipt (polled at once and every 1 ms) of a signed quoted trade: ${p50p99(rawSendAndReceipt)}; raw eth_sendRawTransactionSync: ${p50p99(rawSendSync)}`,
    `+${ms(execute.p50Ms - rawSendAndReceipt.p50Ms)} (${ratio(execute.p50Ms, rawSendAndReceipt.p50Ms)}; ${ratio(execute.p50Ms, rawSendSync.p50Ms)} the sync send)`,
  ]);
  return rows;
}

function bridgeRows(bridge: Report['bridge']): Row[] {
  const rows: Row[] = [];
  for (const row of bridge.quotes) {
    rows.push([
      `bridge quote ${row.name}: p50 / p99`,
      p50p99(row.latency),
      `its ${row.replayedRequests} RPC requests (${row.replayedCalls} calls) replayed: ${p50p99(row.replay)}`,
      ratio(row.latency.p50Ms, row.replay.p50Ms),
    ]);
  }
  const { depositToFill, tokenDepositToFill, rawTransferBase, rawTransferArb, rpcPerBridge, rpcPerTokenBridge } = bridge;
  const rawTransfers = `raw transfer + receipt on BASE then ARB (in turn with both bridges): ${ms(rawTransferBase.p50Ms)} + ${ms(rawTransferArb.p50Ms)} (p50)`;
  const rpc = (counts: ReturnType<typeof perCall>) => `${counts.httpRequests} HTTP / ${counts.rpcCalls} calls (${methods(counts.methods)})`;
  rows.push([
    'bridge execute BASE -> ARB, deposit to fill: p50 / p99',
    `${p50p99(depositToFill)}; ${rpc(rpcPerBridge)}`,
    rawTransfers,
    ratio(depositToFill.p50Ms, rawTransferBase.p50Ms + rawTransferArb.p50Ms),
  ]);
  rows.push([
    'token bridge USDC BASE -> BETA ARB (destination swap), deposit to fill: p50 / p99',
    `${p50p99(tokenDepositToFill)}; ${rpc(rpcPerTokenBridge)}`,
    rawTransfers,
    ratio(tokenDepositToFill.p50Ms, rawTransferBase.p50Ms + rawTransferArb.p50Ms),
  ]);
  return rows;
}

function solverRows(solver: Report['solver']): Row[] {
  const rows: Row[] = [];
  const first = solver[0]!;
  for (const row of solver) {
    rows.push([
      `solver round, ${row.open} open requests, ${row.blocksPerRound} new blocks: RPC calls (HTTP) / round, p50 / p99`,
      `${row.rpcCallsPerRound} (${row.httpRequestsPerRound}): ${methods(row.methodsPerRound)}; ${p50p99(row.round)}`,
      `${first.open} open, ${first.blocksPerRound} blocks: ${first.rpcCallsPerRound} calls, ${ms(first.round.p50Ms)}`,
      `${ratio(row.rpcCallsPerRound, first.rpcCallsPerRound)} calls, ${ratio(row.round.p50Ms, first.round.p50Ms)} time`,
    ]);
  }
  for (const row of solver.filter((entry) => entry.blocksPerRound === first.blocksPerRound)) {
    rows.push([
      `bridge.status, ${row.open} open requests: p50 / p99`,
      p50p99(row.status),
      `${first.open} open: ${p50p99(first.status)}`,
      ratio(row.status.p50Ms, first.status.p50Ms),
    ]);
  }
  return rows;
}

function worldRows(world: Report['world']): Row[] {
  const rows: Row[] = [];
  rows.push([`world boot (${world.chains.join(' + ')}, snapshots ${world.snapshots})`, `${world.bootMs} ms, anvil RSS ${world.anvilRssMiB} MiB`, '–', '–']);
  rows.push(['services built (store opened and migrated, chains, solver)', `${world.servicesMs} ms`, '–', '–']);
  return rows;
}

export function summaryMarkdown(report: Report): string {
  const rows: Row[] = [
    ...quoteRows(report.quote),
    ...tokenInfoRows(report.tokenInfo),
    ...httpPathRows(report.httpPath),
    ...executeRows(report.execute),
    ...bridgeRows(report.bridge),
    ...solverRows(report.solver),
    ...worldRows(report.world),
  ];

  const { machine } = report;
  return [
    `# Benchmark summary (${report.measuredAt})`,
    '',
    `Machine: ${machine.cpuCount} CPUs (${machine.cpuModel}), ${machine.totalMemoryGiB} GiB, node ${machine.node}, ${machine.platform}; ` +
      `load average (1/5/15 min) ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverage.join(' / ')} at end. Wall time ${report.wallSeconds} s.`,
    '',
    markdownTable(['Figure', 'Measured', 'Limit (same run)', 'Ratio'], rows),
  ].join('\n');
}
