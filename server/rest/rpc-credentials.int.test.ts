/**
 * RPC URLs with a user, a password and a key in their path, as providers hand them out: one pointing at a
 * dead port (BASE), one at a live local node through a proxy (ARB). Neither the health report, a quote's
 * 503, the doctor's printed findings nor any log line may show the user, the password or the key, and a
 * client's answer no address at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { runEndpoint } from '@/server/api/endpoint-runner';
import type { EndpointProcedure } from '@/server/api/contract';
import { createContext } from '@/server/api/trpc';
import { generateApiKey } from '@/server/auth/api-key-secret';
import { startFaultProxy, type FaultProxy } from '@/server/chains/test-support/fault-proxy';
import { loadConfig } from '@/server/config/env';
import { capabilityTable, describeFindings } from '@/server/doctor/doctor-report';
import { createServices, type Services } from '@/server/services';
import { createApiKeyRepository } from '@/server/store/api-key-repository';
import { queryObject, serveHttp } from './http';

const USER = 'rpcuser';
const PASSWORD = 'rpcpass';
const PATH_KEY = 'Xk3pL9qRz7TmWv2NbC8dFhJ4sYa6GeU1';
/** A key can be a plain word too: nothing of a URL's path is shown. */
const WORD_KEY = 'opensesame';
const SECRETS = [`${USER}:${PASSWORD}`, USER, PASSWORD, PATH_KEY, WORD_KEY];
const NATIVE = '0x0000000000000000000000000000000000000000';

let services: Services;
let dataDir: string;
let proxy: FaultProxy;
let deadPort: number;
let apiKey: string;
const logLines: string[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  proxy = await startFaultProxy(testManifest().chains.ARB!.rpcUrl);
  deadPort = await freePort();
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    logLines.push(String(chunk));
    return write(chunk, ...(rest as []));
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'rpc-credentials-'));
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'debug',
      RPC_TIMEOUT_MS: '1000',
      RPC_URL_BASE: `http://${USER}:${PASSWORD}@127.0.0.1:${deadPort}/v2/${WORD_KEY}`,
      RPC_URL_ARB: `http://${USER}:${PASSWORD}@${new URL(proxy.url).host}/v2/${PATH_KEY}?apikey=${PATH_KEY}`,
    }),
  );
  const key = generateApiKey();
  await createApiKeyRepository(services.store.db).insert({ name: 'test', keyHash: key.keyHash, keyPrefix: key.keyPrefix, rateLimitPerMinute: 1_000 });
  apiKey = key.key;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await services?.close();
  await proxy?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A GET through the REST path (request id, failure bodies, access and error logs) with these services. */
async function get(procedure: EndpointProcedure, route: string, query: Record<string, string>): Promise<{ status: number; text: string }> {
  const request = new Request(`http://localhost${route}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${apiKey}` } });
  const response = await serveHttp(
    request,
    route,
    async ({ requestId }) => {
      const context = createContext({ services, channel: 'rest', requestId, headers: request.headers });
      return Response.json(await runEndpoint(procedure, context, queryObject(new URL(request.url))));
    },
    async () => services,
  );
  return { status: response.status, text: await response.text() };
}

function expectNoSecret(text: string, where: string) {
  for (const secret of SECRETS) expect(text, `${where} shows ${secret}`).not.toContain(secret);
}

describe('RPC URLs with credentials', () => {
  it('reach a live node: the user and password go as Basic authorization', async () => {
    const before = proxy.requests;
    const health = await get('system.health', '/api/health', {});
    expect(JSON.parse(health.text).chains.ARB).toMatchObject({ available: true });
    expect(proxy.requests).toBeGreaterThan(before);
    expectNoSecret(health.text, 'health');
  });

  it('never show a user, password or key in health, a 503 quote, the doctor or the logs; clients see no address', async () => {
    const health = await get('system.health', '/api/health', {});
    const base = JSON.parse(health.text).chains.BASE;
    expect(base.available).toBe(false);
    expectNoSecret(health.text, 'health');
    expect(health.text).not.toContain(String(deadPort));

    const quote = await get('v2.quote', '/api/v2/quote', {
      chain: 'BASE',
      tokenIn: NATIVE,
      tokenOut: '0x1111111111111111111111111111111111111111',
      amount: '1000',
      slippage: '100',
      trader: '0x2222222222222222222222222222222222222222',
    });
    expect(quote.status).toBe(503);
    expect(JSON.parse(quote.text).code).toBe('CHAIN_UNAVAILABLE');
    expect(JSON.parse(quote.text).error).toContain('BASE');
    expectNoSecret(quote.text, 'the quote');
    expect(quote.text).not.toContain(String(deadPort));
    expect(quote.text).not.toContain('127.0.0.1');

    const run = await services.doctor();
    const printed = [capabilityTable(run), describeFindings('Warnings', run.warnings), describeFindings('Faults', run.faults), JSON.stringify(run)].join('\n');
    expect(printed).toContain('RPC_URL_BASE');
    expectNoSecret(printed, 'the doctor');

    const logs = logLines.join('');
    expect(logs).toContain('"level":"error"');
    expectNoSecret(logs, 'the logs');
  });
});
