import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
  rpcCalls: Counter<'chain' | 'method' | 'outcome'>;
}

/** One registry per process, built by the composition root (never a module-level default). */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total', help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'], registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds', help: 'HTTP request latency by route',
      labelNames: ['route', 'method'], registers: [registry],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
    rpcCalls: new Counter({
      name: 'rpc_calls_total', help: 'Chain JSON-RPC calls by chain, method and outcome',
      labelNames: ['chain', 'method', 'outcome'], registers: [registry],
    }),
  };
}
