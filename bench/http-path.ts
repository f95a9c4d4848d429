/**
 * The HTTP path's cost: the same v2 quote called in-process and over HTTP on a production server (`next start`)
 * on the bench's world, with a real API key (looked up and rate limited as for any caller), side by side in
 * alternating slices; and an authenticated endpoint that does no chain work (`/api/v1/chains`), which is the
 * HTTP layer alone: routing, key check, rate limit, logging.
 */
import { createKey } from '@/e2e/support/keys-cli';
import { startServer, stopServer, type StartedServer } from '@/e2e/support/server';
import { closedLoop, closedLoopPair, type ClosedLoopResult } from './support';

export interface HttpPathRun {
  concurrency: number;
  inProcess: ClosedLoopResult;
  http: ClosedLoopResult;
  noWork: ClosedLoopResult;
}

export interface HttpPathOptions {
  manifestPath: string;
  /** The quote as the domain function (in-process) … */
  quoteInProcess: () => Promise<unknown>;
  /** … and the same quote's query string for `GET /api/v2/quote`. */
  quoteQuery: Record<string, string>;
  concurrencies: readonly number[];
  loopMs: number;
  slices: number;
}

/** A GET that must answer 200; its body is read to the end, as a client would. */
async function getOk(url: string, key: string): Promise<void> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${new URL(url).pathname} answered ${response.status}: ${body.slice(0, 300)}`);
}

export async function measureHttpPath(options: HttpPathOptions): Promise<HttpPathRun[]> {
  let server: StartedServer | undefined;
  try {
    server = await startServer({ env: { DEVNET_MANIFEST: options.manifestPath, LOG_LEVEL: 'warn' } });
    process.env.E2E_DATA_DIR = server.dataDir;
    // A key as an operator creates one, with a limit no run reaches: the limiter still counts every request.
    const { key } = await createKey('bench', ['--rate-limit', '1000000']);
    const quoteUrl = `${server.baseUrl}/api/v2/quote?${new URLSearchParams(options.quoteQuery)}`;
    const chainsUrl = `${server.baseUrl}/api/v1/chains`;
    const httpQuote = () => getOk(quoteUrl, key);
    const noWork = () => getOk(chainsUrl, key);
    for (let i = 0; i < 20; i++) await Promise.all([httpQuote(), noWork()]);

    const runs: HttpPathRun[] = [];
    for (const concurrency of options.concurrencies) {
      const [inProcess, http] = await closedLoopPair(concurrency, options.loopMs, options.slices, options.quoteInProcess, httpQuote);
      runs.push({ concurrency, inProcess, http, noWork: await closedLoop(concurrency, options.loopMs / 2, noWork) });
    }
    return runs;
  } finally {
    if (server) await stopServer(server.pid, server.tempRoot);
  }
}
