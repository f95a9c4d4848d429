import { describe, expect, it } from 'vitest';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { JsonRpcError, type RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { EVM_TIP_FLOORS, SOLANA_PRICE_FLOORS } from '@/server/chains/fee-levels';
import { createPriorityFeeReader } from './priority-fees';
import { PRIORITY_LEVELS, type PriorityFees } from '@/server/chains/fee-levels';
import { readPriorityFees } from './read-priority-fees';

type Handler = (params: unknown[]) => unknown;

/** A transport answering from handlers; counts HTTP round trips (a batch is one). */
function fakeRpc(chain: ChainId, handlers: Record<string, Handler>) {
  const trips: string[][] = [];
  const answer = (method: string, params: unknown[]) => {
    const handler = handlers[method];
    if (!handler) throw new JsonRpcError(-32601, 'Method not found');
    return handler(params);
  };
  const rpc: RpcTransport = {
    chain,
    urls: ['http://fake'],
    async request<T>(method: string, params: unknown[] = []) {
      trips.push([method]);
      return answer(method, params) as T;
    },
    async requestBatch(calls) {
      trips.push(calls.map((call) => call.method));
      await new Promise((resolve) => setTimeout(resolve, 5));
      return calls.map(({ method, params = [] }) => {
        try {
          return { ok: true as const, result: answer(method, params) };
        } catch (error) {
          if (error instanceof JsonRpcError) return { ok: false as const, error };
          throw error;
        }
      });
    },
  };
  return { rpc, trips };
}

function directory(entries: Partial<Record<ChainId, RpcTransport>>): ChainDirectory {
  return Object.fromEntries(
    Object.entries(entries).map(([id, rpc]) => [
      id,
      {
        info: CHAINS[id as ChainId],
        available: true,
        rpc,
        routerAddress: '',
      },
    ]),
  ) as unknown as ChainDirectory;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;
const GWEI = 1_000_000_000n;

const evmHandlers = (overrides: Record<string, Handler> = {}): Record<string, Handler> => ({
  eth_feeHistory: () => ({
    oldestBlock: '0x5',
    baseFeePerGas: [hex(GWEI), hex(GWEI), hex(2n * GWEI)],
    gasUsedRatio: [0.5, 0.5],
    reward: [
      [hex(GWEI), hex(2n * GWEI), hex(3n * GWEI), hex(4n * GWEI)],
      [hex(GWEI), hex(2n * GWEI), hex(3n * GWEI), hex(4n * GWEI)],
    ],
  }),
  eth_getBlockByNumber: () => ({ number: '0x6', baseFeePerGas: hex(GWEI) }),
  eth_gasPrice: () => hex(3n * GWEI),
  ...overrides,
});

describe('priority fee reader', () => {
  it('reads EVM fees in one batch: tips from the history, fees on the next base fee', async () => {
    const { rpc, trips } = fakeRpc('ETH', evmHandlers());
    const fees = await createPriorityFeeReader(directory({ ETH: rpc })).read('ETH');
    expect(trips).toEqual([['eth_feeHistory', 'eth_getBlockByNumber']]);
    expect(fees.blockNumber).toBe(6n);
    expect(fees.baseFeePerGas).toBe(2n * GWEI);
    expect(fees.MEDIUM).toEqual({ maxPriorityFeePerGas: 2n * GWEI, maxFeePerGas: 6n * GWEI, gasPrice: 4n * GWEI });
  });

  it('falls back to eth_gasPrice on a chain whose blocks have no base fee', async () => {
    const { rpc, trips } = fakeRpc('BSC', evmHandlers({ eth_getBlockByNumber: () => ({ number: '0x6' }) }));
    const fees = await createPriorityFeeReader(directory({ BSC: rpc })).read('BSC');
    expect(trips).toEqual([['eth_feeHistory', 'eth_getBlockByNumber'], ['eth_gasPrice']]);
    expect(fees.baseFeePerGas).toBeNull();
    expect(fees.LOW).toEqual({ maxPriorityFeePerGas: 3n * GWEI, maxFeePerGas: 3n * GWEI, gasPrice: 3n * GWEI });
  });

  it('reads Solana compute-unit prices and the slot in one batch', async () => {
    const { rpc, trips } = fakeRpc('SOL', {
      getRecentPrioritizationFees: () => [
        { slot: 1, prioritizationFee: 0 },
        { slot: 2, prioritizationFee: 5_000_000 },
      ],
      getSlot: () => 42,
    });
    const fees = await createPriorityFeeReader(directory({ SOL: rpc })).read('SOL');
    expect(trips).toEqual([['getRecentPrioritizationFees', 'getSlot']]);
    expect(fees.blockNumber).toBe(42n);
    expect(fees.baseFeePerGas).toBeNull();
    expect(fees.MEDIUM.maxPriorityFeePerGas).toBe(5_000_000n);
    expect(fees.LOW.maxPriorityFeePerGas).toBe(4_444_444n);
    const quiet = fakeRpc('SOL', { getRecentPrioritizationFees: () => [], getSlot: () => 1 });
    const floors = await createPriorityFeeReader(directory({ SOL: quiet.rpc })).read('SOL');
    expect(PRIORITY_LEVELS.map((level) => floors[level].gasPrice)).toEqual(SOLANA_PRICE_FLOORS);
  });

  it('shares one round trip among concurrent callers and caches for the TTL', async () => {
    let clock = 1_000;
    const { rpc, trips } = fakeRpc('ETH', evmHandlers());
    const reader = createPriorityFeeReader(directory({ ETH: rpc }), { ttlMs: 2_000, now: () => clock });
    const results = await Promise.all(Array.from({ length: 20 }, () => reader.read('ETH')));
    expect(new Set(results).size).toBe(1);
    expect(trips).toHaveLength(1);
    clock += 1_999;
    await reader.read('ETH');
    expect(trips).toHaveLength(1);
    clock += 1;
    await reader.read('ETH');
    expect(trips).toHaveLength(2);
  });

  it('keeps chains apart and does not cache failures', async () => {
    let fail = true;
    const eth = fakeRpc(
      'ETH',
      evmHandlers({
        eth_getBlockByNumber: () => {
          if (fail) throw new JsonRpcError(-32005, 'limit exceeded');
          return { number: '0x6', baseFeePerGas: hex(GWEI) };
        },
      }),
    );
    const base = fakeRpc('BASE', evmHandlers());
    const reader = createPriorityFeeReader(directory({ ETH: eth.rpc, BASE: base.rpc }));
    const error = await reader.read('ETH').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RPC_ERROR');
    expect((error as AppError).message).toContain('eth_getBlockByNumber');
    fail = false;
    await reader.read('ETH');
    await reader.read('BASE');
    expect(eth.trips).toHaveLength(2);
    expect(base.trips).toHaveLength(1);
  });

  it('answers RPC_ERROR for a reply of the wrong shape', async () => {
    const { rpc } = fakeRpc('ETH', evmHandlers({ eth_feeHistory: () => ({ baseFeePerGas: 'lots' }) }));
    const error = await createPriorityFeeReader(directory({ ETH: rpc }))
      .read('ETH')
      .catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('RPC_ERROR');
  });
});

describe('readPriorityFees', () => {
  it('answers decimal strings per level', async () => {
    const levels = Object.fromEntries(
      PRIORITY_LEVELS.map((level, index) => [
        level,
        {
          maxFeePerGas: 10n ** 30n + BigInt(index),
          maxPriorityFeePerGas: EVM_TIP_FLOORS[index]!,
          gasPrice: 7n,
        },
      ]),
    );
    const fees = { ...levels, baseFeePerGas: 1n, blockNumber: 2n } as PriorityFees;
    const answer = await readPriorityFees({ read: async () => fees }, { chain: 'ETH' });
    expect(answer).toEqual({
      success: true,
      chain: 'ETH',
      fees: {
        LOW: { maxFeePerGas: '1000000000000000000000000000000', maxPriorityFeePerGas: '1000000', gasPrice: '7' },
        MEDIUM: { maxFeePerGas: '1000000000000000000000000000001', maxPriorityFeePerGas: '1500000', gasPrice: '7' },
        HIGH: { maxFeePerGas: '1000000000000000000000000000002', maxPriorityFeePerGas: '2000000', gasPrice: '7' },
        INSTANT: { maxFeePerGas: '1000000000000000000000000000003', maxPriorityFeePerGas: '3000000', gasPrice: '7' },
      },
    });
  });
});
