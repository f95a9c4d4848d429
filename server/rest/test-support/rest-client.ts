/**
 * Integration tests call the REST route handlers the app serves (the same functions Next.js routes to), on
 * the run's local chain world, with the dev key: the whole HTTP path without a web server. Every answer is
 * held against the OpenAPI document: a status or failure code it does not list for the endpoint fails the
 * test that received it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EndpointProcedure } from '@/server/api/contract';
import { testManifest } from '@/devnet/test-world';
import type { Services } from '@/server/services';
import { undocumentedAnswer, type DocumentLike } from './document-check';

const DEV_KEY = 'rest-client-dev-key-000000000000';

export interface RestAnswer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface RestClient {
  get<T = Record<string, unknown>>(procedure: EndpointProcedure, query: Record<string, string | number | boolean | undefined>): Promise<RestAnswer<T>>;
  post<T = Record<string, unknown>>(procedure: EndpointProcedure, body: Record<string, unknown>): Promise<RestAnswer<T>>;
  services(): Promise<Services>;
  close(): Promise<void>;
}

/** Points the app's configuration at the run's world and a fresh data folder; call in beforeAll. */
export async function openRestClient(): Promise<RestClient> {
  testManifest();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rest-client-'));
  process.env.DATA_DIR = dataDir;
  process.env.DEV_API_KEY = DEV_KEY;
  const { restRoute } = await import('@/server/rest/rest-handler');
  const { getServices } = await import('@/server/services');
  const { servedEndpoint } = await import('@/server/api/endpoint-map');
  const { buildOpenApiDocument } = await import('@/server/rest/openapi-document');
  const document = buildOpenApiDocument({ version: 'test' }) as DocumentLike;

  async function send<T>(
    procedure: EndpointProcedure,
    init: { query?: Record<string, string | number | bigint | boolean | undefined>; body?: Record<string, unknown> },
  ): Promise<RestAnswer<T>> {
    const served = servedEndpoint(procedure);
    const { endpoint } = served;
    const url = new URL(`http://localhost${endpoint.paths[0]}`);
    for (const [name, value] of Object.entries(init.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
    const request = new Request(url, {
      method: endpoint.method,
      headers: { authorization: `Bearer ${DEV_KEY}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const handler = restRoute(served)[endpoint.method];
    const response = await handler(request, { params: Promise.resolve({}) });
    const body = (await response.json()) as T;
    const drift = undocumentedAnswer(document, { method: endpoint.method, url: url.pathname, status: response.status, body });
    if (drift) throw new Error(`${drift}. The answer: ${JSON.stringify(body).slice(0, 300)}`);
    return { status: response.status, body };
  }

  return {
    get: (procedure, query) => send(procedure, { query }),
    post: (procedure, body) => send(procedure, { body }),
    services: getServices,
    async close() {
      const services = await getServices();
      await services.close();
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('swapbridge.services')];
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
