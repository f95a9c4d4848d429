import { describe, expect, it } from 'vitest';
import { createChainDirectory } from '@/server/chain-directory-setup';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { NO_CAPABILITIES, type ChainCapabilities } from '@/server/doctor/doctor-report';
import { createHealthCheck } from './health-check';

/** BASE served by a node that answers every block-number read; no other chain configured. */
function baseOnly() {
  const chains = createChainDirectory(loadConfig({ DATA_DIR: 'memory://', RPC_URL_BASE: 'http://base.invalid' }), undefined);
  const answering: RpcTransport = {
    chain: 'BASE',
    urls: ['http://base.invalid'],
    request: (async () => '0x10') as RpcTransport['request'],
    requestBatch: async () => [],
  };
  chains.BASE.rpc = answering;
  return chains;
}

const capabilities = (base: Partial<ChainCapabilities>) =>
  Object.fromEntries(
    CHAIN_IDS.map((id) => [
      id,
      id === 'BASE' ? { rpc: 'ok', ...NO_CAPABILITIES, notes: [], ...base } : { rpc: 'none', ...NO_CAPABILITIES, notes: ['no RPC configured'] },
    ]),
  ) as Record<ChainId, ChainCapabilities>;

function check(options: { storage: boolean; quote: boolean }) {
  return createHealthCheck({
    chains: baseOnly(),
    pingStorage: async () => {
      if (!options.storage) throw new Error('connection refused');
    },
    capabilities: async () => capabilities({ quote: options.quote }),
    storageEngine: 'postgres',
    version: 't',
    cacheMs: 0,
    probeTimeoutMs: 500,
  }).check();
}

describe('the health report', () => {
  it('is ok when storage works and a chain answers and quotes', async () => {
    expect(await check({ storage: true, quote: true })).toMatchObject({
      status: 'ok',
      storage: { ok: true },
      chains: { BASE: { available: true, blockNumber: 16 } },
    });
  });

  it('is unavailable (the REST route answers 503) when no chain can quote, though every chain answers', async () => {
    expect(await check({ storage: true, quote: false })).toMatchObject({ status: 'unavailable', chains: { BASE: { available: true } } });
  });

  it('is unavailable when storage does not answer, and when it hangs past the probe timeout', async () => {
    expect(await check({ storage: false, quote: true })).toMatchObject({ status: 'unavailable', storage: { ok: false } });
    const hanging = await createHealthCheck({
      chains: baseOnly(),
      pingStorage: () => new Promise(() => undefined),
      capabilities: async () => capabilities({ quote: true }),
      storageEngine: 'postgres',
      version: 't',
      cacheMs: 0,
      probeTimeoutMs: 200,
    }).check();
    expect(hanging).toMatchObject({ status: 'unavailable', storage: { ok: false } });
  });
});
