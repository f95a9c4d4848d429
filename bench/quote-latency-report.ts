/** The tables `bench/quote-latency.ts` prints: latency, routes, RPC per quote, the lens-call limit and throughput. */
import { CHAIN, type ScenarioResult } from './quote-latency-scenarios';

interface QuoteLatencyReport {
  machine: { cpuCount: number; cpuModel: string; node: string; loadAverage1mAtStart: number };
  scenarios: ScenarioResult[];
}

export function printQuoteLatencyTables(report: QuoteLatencyReport): void {
  const results = report.scenarios;
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
}
