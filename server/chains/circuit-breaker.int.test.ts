/**
 * A chain found down fails fast: BASE is reached through a proxy that stops answering (a stopped node) after
 * the server started. Once the breaker opens, BASE's quotes fail with 503 in under a second instead of each
 * waiting RPC_TIMEOUT_MS; once the node answers again, the trial after RPC_BREAKER_OPEN_MS closes it and
 * BASE quotes again. The server runs on a copy of the shared world's manifest whose BASE RPC is the proxy.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { runEndpoint } from '@/server/api/endpoint-runner';
import { toAppError } from '@/server/api/to-app-error';
import { createContext } from '@/server/api/trpc';
import { loadConfig } from '@/server/config/env';
import { createServices, type Services } from '@/server/services';
import { NATIVE_TOKEN_ADDRESS } from './registry';
import { startFaultProxy, type FaultProxy } from './test-support/fault-proxy';

const DEV_KEY = 'dev-key-for-the-circuit-breaker-test';
const TIMEOUT_MS = 2_000;
const OPEN_MS = 1_000;

let services: Services;
let dataDir: string;
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy(testManifest().chains.BASE!.rpcUrl);
  dataDir = mkdtempSync(path.join(tmpdir(), 'circuit-breaker-'));
  const manifest = testManifest();
  const manifestPath = path.join(dataDir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify({ ...manifest, chains: { ...manifest.chains, BASE: { ...manifest.chains.BASE, rpcUrl: proxy.url } } }));
  services = await createServices(
    loadConfig({
      DATA_DIR: dataDir,
      DEV_API_KEY: DEV_KEY,
      DEVNET_MANIFEST: manifestPath,
      LOG_LEVEL: 'silent',
      RPC_TIMEOUT_MS: String(TIMEOUT_MS),
      RPC_BREAKER_OPEN_MS: String(OPEN_MS),
    }),
  );
});
afterAll(async () => {
  await services?.close();
  await proxy?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function quoteBase(): Promise<{ code: string; ms: number }> {
  const usdc = testManifest().chains.BASE!.tokens.find((token) => token.symbol === 'USDC')!;
  const context = createContext({ services, channel: 'rest', requestId: 'test', headers: new Headers({ authorization: `Bearer ${DEV_KEY}` }) });
  const started = performance.now();
  try {
    await runEndpoint('v2.quote', context, {
      chain: 'BASE',
      tokenIn: NATIVE_TOKEN_ADDRESS,
      tokenOut: usdc.address,
      amount: '1000000000000000',
      slippage: '100',
      trader: testManifest().chains.BASE!.accounts[0]!.address,
    });
    return { code: 'OK', ms: performance.now() - started };
  } catch (error) {
    return { code: toAppError(error).code, ms: performance.now() - started };
  }
}

describe('a chain whose node stops answering', () => {
  it('fails its quotes with 503 in under 1 s once the breaker opens, and quotes again once the node answers', async () => {
    expect((await services.doctor()).chains.BASE).toMatchObject({ rpc: 'ok', quote: true });
    expect((await quoteBase()).code).toBe('OK');

    proxy.set({ kind: 'hang' });
    const untilOpen: { code: string; ms: number }[] = [];
    while (services.chains.BASE.breaker?.state() !== 'open' && untilOpen.length < 5) untilOpen.push(await quoteBase());
    expect(untilOpen.map((quote) => quote.code)).toEqual(untilOpen.map(() => 'CHAIN_UNAVAILABLE'));
    expect(services.chains.BASE.breaker?.state()).toBe('open');

    const fast = [await quoteBase(), await quoteBase(), await quoteBase()];
    expect(fast.map((quote) => quote.code)).toEqual(['CHAIN_UNAVAILABLE', 'CHAIN_UNAVAILABLE', 'CHAIN_UNAVAILABLE']);
    for (const quote of fast) expect(quote.ms).toBeLessThan(1_000);

    proxy.set({ kind: 'pass' });
    await new Promise((resolve) => setTimeout(resolve, OPEN_MS));
    const deadline = Date.now() + 5_000;
    let again = await quoteBase();
    while (again.code !== 'OK' && Date.now() < deadline) again = await quoteBase();
    expect(again.code).toBe('OK');
    expect(services.chains.BASE.breaker?.state()).toBe('closed');
  });
});
