import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount } from '@/devnet/accounts';
import { startAnvil, type AnvilNode } from '@/devnet/anvil';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { createRpcTransport } from '@/server/chains/json-rpc';
import { CHAIN_IDS, CHAINS } from '@/server/chains/registry';
import { loadConfig } from '@/server/config/env';
import { AppError } from '@/server/errors';
import { EVM_TIP_FLOORS } from '@/server/chains/fee-levels';
import { createPriorityFeeReader } from './priority-fees';
import { PRIORITY_LEVELS, type PriorityFees } from '@/server/chains/fee-levels';
import { receiptOf } from '@/devnet/evm/receipt';

const GWEI = 1_000_000_000n;
/** Senders on this file's own anvil nodes: the indices this file owns in the shared world too. */
const SENDERS = [15, 16] as const;

let dataDir: string;
let eth: AnvilNode;
let legacy: AnvilNode;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'priority-fees-'));
  [eth, legacy] = await Promise.all([
    startAnvil({ chainId: 1, args: ['--accounts', '20'] }),
    startAnvil({ chainId: 56, args: ['--accounts', '20', '--hardfork', 'berlin'] }),
  ]);
});
afterAll(async () => {
  await Promise.all([eth?.stop(), legacy?.stop()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function readerFor(env: Record<string, string | undefined>) {
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const calls: string[] = [];
  const chains = createChainDirectory(config, config.localWorld ? testManifest() : undefined, (call) => calls.push(`${call.chain}:${call.method}`));
  return { reader: createPriorityFeeReader(chains, { ttlMs: 0 }), calls };
}

function tips(fees: PriorityFees) {
  return PRIORITY_LEVELS.map((level) => fees[level].maxPriorityFeePerGas);
}

function expectConsistentLevels(fees: PriorityFees) {
  for (let index = 1; index < PRIORITY_LEVELS.length; index++) {
    const [below, level] = [fees[PRIORITY_LEVELS[index - 1]!], fees[PRIORITY_LEVELS[index]!]];
    expect(level.maxPriorityFeePerGas).toBeGreaterThan(below.maxPriorityFeePerGas);
    expect(level.maxFeePerGas).toBeGreaterThan(below.maxFeePerGas);
    expect(level.gasPrice).toBeGreaterThan(below.gasPrice);
  }
  for (const level of PRIORITY_LEVELS) {
    const { maxFeePerGas, maxPriorityFeePerGas, gasPrice } = fees[level];
    if (fees.baseFeePerGas === null) {
      expect(maxFeePerGas).toBe(gasPrice);
      expect(maxPriorityFeePerGas).toBe(gasPrice);
    } else {
      expect(maxFeePerGas).toBe(2n * fees.baseFeePerGas + maxPriorityFeePerGas);
      expect(gasPrice).toBe(fees.baseFeePerGas + maxPriorityFeePerGas);
    }
  }
}

function clients(node: AnvilNode, index: number) {
  const chain = { id: node.chainId, name: 'local', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [node.url] } } };
  const account = privateKeyToAccount(anvilAccount(index).privateKey);
  return {
    account,
    public: createPublicClient({ chain, transport: http(node.url) }),
    wallet: createWalletClient({ chain, transport: http(node.url), account }),
  };
}

describe('priority fees on the local chain world', () => {
  it('answers strictly rising levels on all 15 chains', async () => {
    const { reader } = readerFor({ DEVNET_MANIFEST: process.env.DEVNET_MANIFEST });
    const manifest = testManifest();
    const all = await Promise.all(CHAIN_IDS.map((chain) => reader.read(chain)));
    for (const [index, chain] of CHAIN_IDS.entries()) {
      const fees = all[index]!;
      expectConsistentLevels(fees);
      expect(fees.blockNumber, chain).toBeGreaterThanOrEqual(0n);
      if (CHAINS[chain].family === 'evm') {
        expect(fees.baseFeePerGas, chain).not.toBeNull();
        const latest = await createPublicClient({ transport: http(manifest.chains[chain]!.rpcUrl) }).getBlockNumber();
        expect(fees.blockNumber, chain).toBeLessThanOrEqual(latest);
      } else {
        expect(fees.baseFeePerGas).toBeNull();
        expect(fees.blockNumber).toBeGreaterThan(0n);
      }
    }
  });
});

describe('priority fees against transactions we send', () => {
  it('gives the floors over empty blocks', async () => {
    const { reader } = readerFor({ RPC_URL_ETH: eth.url });
    await clients(eth, SENDERS[0]).public.request({ method: 'anvil_mine' as never, params: ['0xa'] as never });
    const fees = await reader.read('ETH');
    expect(tips(fees)).toEqual(EVM_TIP_FLOORS);
    expectConsistentLevels(fees);
  });

  it('takes the tips of the last blocks at the level percentiles, on the next block base fee', async () => {
    const [low, high] = SENDERS.map((index) => clients(eth, index));
    const publicClient = low!.public;
    await publicClient.request({ method: 'anvil_mine' as never, params: ['0xa'] as never });
    // Two transfers of 21,000 gas in one block, tipping 1 and 5 gwei: by gas, the 10th and 50th percentiles
    // fall on the first, the 75th and 95th on the second.
    await publicClient.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    const hashes: Hex[] = [];
    try {
      for (const [client, tip] of [
        [low!, 1n * GWEI],
        [high!, 5n * GWEI],
      ] as const) {
        hashes.push(
          await client.wallet.sendTransaction({
            to: client.account.address,
            value: 1n,
            gas: 21_000n,
            maxPriorityFeePerGas: tip,
            maxFeePerGas: 100n * GWEI,
          }),
        );
      }
      await publicClient.request({ method: 'evm_mine' as never, params: [] as never });
    } finally {
      await publicClient.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
    const receipts = await Promise.all(hashes.map((hash) => receiptOf(publicClient, hash)));
    expect(new Set(receipts.map((receipt) => receipt.blockNumber)).size).toBe(1);

    const { reader } = readerFor({ RPC_URL_ETH: eth.url });
    const fees = await reader.read('ETH');
    // MEDIUM is the median tip as paid; LOW 8/9 under it; HIGH the 75th percentile; INSTANT 9/8 above HIGH.
    expect(tips(fees)).toEqual([888_888_888n, 1n * GWEI, 5n * GWEI, 5_625_000_000n]);
    const pending = await publicClient.getBlock({ blockTag: 'pending' });
    expect(fees.baseFeePerGas).toBe(pending.baseFeePerGas);
    expect(fees.blockNumber).toBe(receipts[0]!.blockNumber);
    expectConsistentLevels(fees);
  });

  it('scales eth_gasPrice on a chain without EIP-1559', async () => {
    const { reader, calls } = readerFor({ RPC_URL_BSC: legacy.url });
    const gasPrice = await clients(legacy, SENDERS[0]).public.getGasPrice();
    const fees = await reader.read('BSC');
    expect(fees.baseFeePerGas).toBeNull();
    expect(PRIORITY_LEVELS.map((level) => fees[level].gasPrice)).toEqual([gasPrice, (gasPrice * 5n) / 4n, (gasPrice * 3n) / 2n, gasPrice * 2n]);
    expect(calls).toEqual(['BSC:eth_feeHistory', 'BSC:eth_getBlockByNumber', 'BSC:eth_gasPrice']);
    expectConsistentLevels(fees);
  });

  it('makes one RPC round trip for many concurrent callers, then serves from cache', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, RPC_URL_ETH: eth.url });
    let requests = 0;
    const counting: typeof fetch = (input, init) => {
      requests += 1;
      return fetch(input, init);
    };
    const chains = createChainDirectory(config, undefined);
    chains.ETH = { ...chains.ETH, rpc: createRpcTransport({ chain: 'ETH', urls: [eth.url], timeoutMs: 5_000, fetch: counting }) };
    const reader = createPriorityFeeReader(chains, { ttlMs: 60_000 });

    let started = performance.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => reader.read('ETH')));
    const coldMs = performance.now() - started;
    expect(new Set(results).size).toBe(1);
    expect(requests).toBe(1);

    started = performance.now();
    for (let index = 0; index < 1_000; index++) await reader.read('ETH');
    const warmMs = (performance.now() - started) / 1_000;
    expect(requests).toBe(1);
    console.log(`[priority] ETH cold read (50 concurrent callers): ${coldMs.toFixed(1)} ms, 1 HTTP request; warm read: ${(warmMs * 1000).toFixed(1)} µs`);
  });

  it('answers CHAIN_UNAVAILABLE for a chain without RPC', async () => {
    const { reader } = readerFor({ RPC_URL_ETH: eth.url });
    const error = await reader.read('ARB').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('CHAIN_UNAVAILABLE');
  });
});
