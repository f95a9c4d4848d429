/**
 * A chain whose RPC does not answer at start serves again once it answers, without a restart: BASE is
 * reached through a proxy that holds every request (a stopped node) while the server starts, then passes
 * them; within CHAIN_RECHECK_MS + 5 s BASE quotes again, and /api/v1/chains, /api/health and the metrics
 * say so. The server runs on a copy of the shared world's manifest whose BASE RPC is the proxy: the world's
 * node itself is never stopped.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import type { EndpointProcedure } from '@/server/api/contract';
import { runEndpoint } from '@/server/api/endpoint-runner';
import { toAppError } from '@/server/api/to-app-error';
import { createContext } from '@/server/api/trpc';
import { startFaultProxy, type FaultProxy } from '@/server/chains/test-support/fault-proxy';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';

const DEV_KEY = 'dev-key-for-the-chain-recheck-test';
const RECHECK_MS = 2_000;

let services: Services;
let dataDir: string;
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy(testManifest().chains.BASE!.rpcUrl, { kind: 'hang' });
  dataDir = mkdtempSync(path.join(tmpdir(), 'chain-recheck-'));
  const manifest = testManifest();
  const manifestPath = path.join(dataDir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, chains: { ...manifest.chains, BASE: { ...manifest.chains.BASE, rpcUrl: proxy.url } } }));
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      DEV_API_KEY: DEV_KEY,
      DEVNET_MANIFEST: manifestPath,
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: '3000',
      CHAIN_RECHECK_MS: String(RECHECK_MS),
      HEALTH_CACHE_MS: '1',
    }),
  );
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function call(procedure: EndpointProcedure, input: Record<string, unknown>): Promise<unknown> {
  const context = createContext({ services, channel: 'rest', requestId: 'test', headers: new Headers({ authorization: `Bearer ${DEV_KEY}` }) });
  return runEndpoint(procedure, context, input);
}

async function quoteBase(): Promise<string> {
  const usdc = testManifest().chains.BASE!.tokens.find((token) => token.symbol === 'USDC')!;
  try {
    await call('v2.quote', {
      chain: 'BASE',
      tokenIn: NATIVE_TOKEN_ADDRESS,
      tokenOut: usdc.address,
      amount: '1000000000000000',
      slippage: '100',
      trader: testManifest().chains.BASE!.accounts[0]!.address,
    });
    return 'OK';
  } catch (error) {
    return toAppError(error).code;
  }
}

interface ChainsAnswer {
  chains: { name: string; capabilities: { rpc: string; quote: boolean } }[];
}
const baseOf = async () => ((await call('v1.chains', {})) as ChainsAnswer).chains.find((chain) => chain.name === 'BASE')!;

describe('a chain whose RPC was down at start', () => {
  it('quotes again within CHAIN_RECHECK_MS + 5 s of its RPC answering, and chains, health and metrics say so', async () => {
    const atStart = await services.doctor();
    expect(atStart.chains.BASE).toMatchObject({ rpc: 'unreachable', quote: false });
    expect(atStart.chains.ARB).toMatchObject({ rpc: 'ok', quote: true });
    services.chainRecheck.start();
    expect(await quoteBase()).toBe('CHAIN_UNAVAILABLE');
    expect((await baseOf()).capabilities).toMatchObject({ rpc: 'unreachable', quote: false });

    proxy.set({ kind: 'pass' });
    const resumed = Date.now();
    let outcome = await quoteBase();
    while (outcome !== 'OK' && Date.now() - resumed < RECHECK_MS + 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      outcome = await quoteBase();
    }
    expect(outcome).toBe('OK');
    expect(Date.now() - resumed).toBeLessThan(RECHECK_MS + 5_000);

    expect((await baseOf()).capabilities).toMatchObject({ rpc: 'ok', quote: true, trade: true });
    const health = await services.health.check();
    expect(health.chains.BASE).toMatchObject({ available: true, capabilities: { rpc: 'ok', quote: true } });
    const metrics = await services.metrics.registry.metrics();
    expect(metrics).toContain('chain_capability{chain="BASE",capability="quote"} 1');
  });
});
