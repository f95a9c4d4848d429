/** The counting proxy of `bench/quote-latency.ts`: it forwards to anvil and counts HTTP requests and JSON-RPC calls. */
import http from 'node:http';
import type { RpcCounts } from './support';

export interface CountingProxy {
  url: string;
  counts: RpcCounts;
  /** The bodies of the POSTs since the last `takeBodies`. */
  takeBodies(): Buffer[];
  close(): Promise<void>;
}

const emptyCounts = (): RpcCounts => ({ httpRequests: 0, rpcCalls: 0, methods: {} });
export const copyCounts = (counts: RpcCounts): RpcCounts => ({ ...counts, methods: { ...counts.methods } });

export function countsSince(before: RpcCounts, after: RpcCounts): RpcCounts {
  const methods: Record<string, number> = {};
  for (const [method, count] of Object.entries(after.methods)) {
    const delta = count - (before.methods[method] ?? 0);
    if (delta > 0) methods[method] = delta;
  }
  return { httpRequests: after.httpRequests - before.httpRequests, rpcCalls: after.rpcCalls - before.rpcCalls, methods };
}

/** Forwards every request to `target` unchanged; a POST counts as one HTTP request with one call per batch entry. */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
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
