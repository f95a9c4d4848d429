import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilNode } from '@/devnet/anvil';
import { freePort } from '@/devnet/free-port';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { loadConfig } from '@/server/config/env';
import { createHealthCheck } from './health-check';

let eth: AnvilNode;
let base: AnvilNode;
let deadUrl: string;

beforeAll(async () => {
  [eth, base] = await Promise.all([startAnvil({ chainId: 1 }), startAnvil({ chainId: 8453 })]);
  deadUrl = `http://127.0.0.1:${await freePort()}`;
});
afterAll(async () => {
  await Promise.all([eth?.stop(), base?.stop()]);
});

function healthFor(env: Record<string, string>, cacheMs = 0) {
  const config = loadConfig({ DATA_DIR: '/tmp/unused', ...env });
  const rpcCalls: string[] = [];
  const chains = createChainDirectory(config, undefined, (call) => rpcCalls.push(`${call.chain}:${call.outcome}`));
  const check = createHealthCheck({
    chains,
    pingStorage: async () => {},
    storageEngine: 'pglite',
    version: 't',
    cacheMs,
    probeTimeoutMs: 1_000,
  });
  return { check, rpcCalls };
}

describe('health check against real nodes', () => {
  it('reports block numbers of configured chains and marks the rest unavailable', async () => {
    await fetch(eth.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: ['0x5'] }),
    });
    const { check } = healthFor({ RPC_URL_ETH: eth.url, RPC_URL_BASE: base.url });
    const report = await check.check();
    expect(report.status).toBe('ok');
    expect(report.chains.ETH).toMatchObject({ available: true, blockNumber: 5 });
    expect(report.chains.ETH.latencyMs).toBeGreaterThanOrEqual(0);
    expect(report.chains.BASE).toMatchObject({ available: true, blockNumber: 0 });
    expect(report.chains.SOL).toMatchObject({ available: false, blockNumber: null });
  });

  it('falls back to the next RPC URL when the first does not answer', async () => {
    const { check, rpcCalls } = healthFor({ RPC_URL_ETH: `${deadUrl},${eth.url}` });
    const report = await check.check();
    expect(report.chains.ETH.available).toBe(true);
    expect(rpcCalls).toEqual(['ETH:transport_error', 'ETH:ok']);
  });

  it('is degraded when a configured chain does not answer', async () => {
    const { check } = healthFor({ RPC_URL_ETH: eth.url, RPC_URL_ARB: deadUrl });
    const report = await check.check();
    expect(report.status).toBe('degraded');
    expect(report.chains.ARB.available).toBe(false);
    expect(report.chains.ARB.error).toContain('no URL answered');
    // The health answer needs no key: it names the failing URL by its place in the list, never its address.
    expect(report.chains.ARB.error).toContain('URL 1');
    expect(report.chains.ARB.error).not.toContain('127.0.0.1');
  });

  it('serves repeated checks from its cache', async () => {
    const { check, rpcCalls } = healthFor({ RPC_URL_ETH: eth.url }, 60_000);
    await Promise.all([check.check(), check.check(), check.check()]);
    await check.check();
    expect(rpcCalls).toEqual(['ETH:ok']);
  });
});
