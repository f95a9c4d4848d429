import { describe, expect, it } from 'vitest';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { NO_CAPABILITIES, type ChainCapabilities } from '@/server/doctor/doctor-report';
import { registerChainMetrics, rpcDurationHistogram } from './chain-metrics';
import { createMetrics } from './metrics';

const HEAD_MADE_AT_S = Math.floor(Date.now() / 1000) - 12;

function baseServed() {
  const metrics = createMetrics();
  const chains = createChainDirectory(
    loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://base.invalid' }),
    undefined,
    undefined,
    undefined,
    rpcDurationHistogram(metrics),
  );
  const node: RpcTransport = {
    chain: 'BASE',
    urls: ['http://base.invalid'],
    request: (async () => ({ timestamp: `0x${HEAD_MADE_AT_S.toString(16)}` })) as RpcTransport['request'],
    requestBatch: async () => [],
  };
  chains.BASE.rpc = chains.BASE.breaker!.guard(node);
  return { metrics, chains };
}

const capabilities = Object.fromEntries(
  CHAIN_IDS.map((id) => [
    id,
    id === 'BASE'
      ? { rpc: 'ok' as const, ...NO_CAPABILITIES, quote: true, trade: true, tokenData: true, notes: [] }
      : { rpc: 'none' as const, ...NO_CAPABILITIES, notes: [] },
  ]),
) as unknown as Record<ChainId, ChainCapabilities>;

describe("the operators' chain metrics", () => {
  it('show capabilities, head age, RPC latency, trades by outcome and code, and the build', async () => {
    const { metrics, chains } = baseServed();
    const countTrade = registerChainMetrics(metrics, {
      chains,
      capabilities: async () => capabilities,
      probeTimeoutMs: 500,
      version: '1.2.3',
      commit: 'abc123',
    });
    countTrade('BASE', 'success', 'none');
    countTrade('BASE', 'refused', 'QUOTE_EXPIRED');
    await metrics.registry.metrics();
    // The head's read is timed while the first scrape is written: its latency shows from the next scrape on.
    const text = await metrics.registry.metrics();
    expect(text).toContain('chain_capability{chain="BASE",capability="quote"} 1');
    expect(text).toContain('chain_capability{chain="BASE",capability="bridgeTo"} 0');
    expect(text).toContain('chain_capability{chain="BASE",capability="rpc"} 1');
    expect(text).not.toContain('chain_capability{chain="ETH"');
    const age = Number(/chain_head_age_seconds\{chain="BASE"\} ([\d.]+)/.exec(text)?.[1]);
    expect(age).toBeGreaterThanOrEqual(11);
    expect(age).toBeLessThan(60);
    expect(text).toContain('rpc_request_duration_seconds_count{chain="BASE",method="eth_getBlockByNumber"} 1');
    expect(text).toContain('trades_total{chain="BASE",outcome="success",code="none"} 1');
    expect(text).toContain('trades_total{chain="BASE",outcome="refused",code="QUOTE_EXPIRED"} 1');
    expect(text).toContain('build_info{version="1.2.3",commit="abc123"} 1');
  });
});
