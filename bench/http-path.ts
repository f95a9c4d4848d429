/**
 * The HTTP path's cost: the same v2 quote called in-process and over HTTP on a production server (`next start`)
 * on the bench's world, with a real API key (looked up and rate limited as for any caller), side by side in
 * alternating slices; and an authenticated endpoint that does no chain work (`/api/v1/chains`), which is the
 * HTTP layer alone: routing, key check, rate limit, logging.
 */
import { Agent, request } from 'node:http';
import { createKey } from '@/e2e/support/keys-cli';
import { startServer, stopServer, type StartedServer } from '@/e2e/support/server';
import { closedLoop, closedLoopPair, stats, type ClosedLoopResult } from './support';

export interface HttpPathRun {
  concurrency: number;
  inProcess: ClosedLoopResult;
  http: ClosedLoopResult;
  noWork: ClosedLoopResult;
  /** The server's own time (Server-Timing), p50 in ms, for the quote and the no-work request. */
  serverP50Ms: { http: number; noWork: number };
}

export interface HttpPathOptions {
  manifestPath: string;
  /** The quote as the domain function (in-process) … */
  quoteInProcess: () => Promise<unknown>;
  /** How many quotes the in-process code has run so far: the server runs as many before it is measured. */
  warmUpQuotes: number;
  /** … and the same quote's query string for `GET /api/v2/quote`. */
  quoteQuery: Record<string, string>;
  concurrencies: readonly number[];
  loopMs: number;
  slices: number;
}

/**
 * Node's own HTTP client over kept-alive connections, as an integrator's server would call the API: what is
 * measured is the service, not a heavy client (fetch costs the caller about as much CPU as the server's
 * whole answer to a request that does no work).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** The server's own time per answer (its Server-Timing header), per URL: what the transport adds is the rest. */
export const serverTimes = new Map<string, number[]>();

/** A GET that must answer 200; its body is read to the end, as a client would. */
function getOk(url: string, key: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent, headers: { authorization: `Bearer ${key}` } }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const timing = /app;dur=([\d.]+)/.exec(String(incoming.headers['server-timing'] ?? ''));
        if (timing) {
          const times = serverTimes.get(url) ?? [];
          times.push(Number(timing[1]));
          serverTimes.set(url, times);
        }
        if (incoming.statusCode === 200) resolve();
        else reject(new Error(`GET ${new URL(url).pathname} answered ${incoming.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`));
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Runs `run` `count` times in all, 16 at a time. */
async function warmUp(count: number, run: () => Promise<void>): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) await run();
    }),
  );
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
    // As warm as the in-process code: the server runs as many quotes as this process has (a few thousand by
    // now). After 500, its code was still being optimised while measured: its main thread's CPU per quote fell
    // from 2.2-2.7 ms in the first 3-second slice to 1.7-2.2 ms in the third.
    await warmUp(options.warmUpQuotes, async () => {
      await Promise.all([httpQuote(), noWork()]);
    });

    const runs: HttpPathRun[] = [];
    const serverP50 = (url: string) => Math.round(stats(serverTimes.get(url) ?? [0]).p50Ms * 100) / 100;
    for (const concurrency of options.concurrencies) {
      serverTimes.clear();
      const [inProcess, http] = await closedLoopPair(concurrency, options.loopMs, options.slices, options.quoteInProcess, httpQuote);
      const noWorkRun = await closedLoop(concurrency, options.loopMs / 2, noWork);
      runs.push({ concurrency, inProcess, http, noWork: noWorkRun, serverP50Ms: { http: serverP50(quoteUrl), noWork: serverP50(chainsUrl) } });
    }
    return runs;
  } finally {
    agent.destroy();
    if (server) await stopServer(server.pid, server.tempRoot);
  }
}
