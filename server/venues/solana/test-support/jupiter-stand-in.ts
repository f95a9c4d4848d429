/**
 * A local HTTP stand-in for Jupiter's Swap API v1, for the adapter's tests: the first path segment names a
 * scenario, the rest the endpoint (`quote`, `swap-instructions`), and each scenario answers with the JSON of
 * fixtures/jupiter/ (or a status, raw text, or no answer at all). Every request is kept for the test to read.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type JupiterEndpointName = 'quote' | 'swap-instructions';

export type StandInAnswer =
  | { status: number; body: unknown; headers?: Record<string, string> }
  | { status: number; raw: string; headers?: Record<string, string> }
  /** Never answers: the request runs into the client's time limit. */
  | 'hang';

/** What a scenario answers per endpoint, or per request when it depends on what came before (`earlier`: its requests so far). */
export type StandInScenario = Partial<Record<JupiterEndpointName, StandInAnswer>> | ((endpoint: string, earlier: SeenRequest[]) => StandInAnswer | undefined);

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
  at: number;
}

export interface JupiterStandIn {
  /** The Swap API root a source is given for a scenario. */
  baseUrl(scenario: string): string;
  requestsOf(scenario: string): SeenRequest[];
  close(): Promise<void>;
}

/** A fixture of fixtures/jupiter/ as parsed JSON. */
export function jupiterFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/jupiter/${name}.json`, import.meta.url), 'utf8')) as unknown;
}

export async function startJupiterStandIn(scenarios: Record<string, StandInScenario>): Promise<JupiterStandIn> {
  const seen: SeenRequest[] = [];
  const requestsOf = (scenario: string) => seen.filter((request) => request.path.startsWith(`/${scenario}/`));
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const [, scenario = '', endpoint = ''] = url.pathname.split('/');
    const earlier = requestsOf(scenario);
    seen.push({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
      at: Date.now(),
    });
    const script = scenarios[scenario];
    const reply = typeof script === 'function' ? script(endpoint, earlier) : script?.[endpoint as JupiterEndpointName];
    if (reply === 'hang') return;
    if (!reply) {
      response.writeHead(404).end();
      return;
    }
    if ('raw' in reply) {
      response.writeHead(reply.status, { 'content-type': 'text/plain', ...reply.headers }).end(reply.raw);
      return;
    }
    response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
  }

  return {
    baseUrl: (scenario) => `${origin}/${scenario}/`,
    requestsOf,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
