/**
 * The caches keyed by contracts a caller names, each at its limit after more distinct names than it holds:
 * the bridge's token descriptions, Solana mints and pool creation blocks (token decimals for value are held
 * on the local chains by cache-bounds.int.test.ts). No network: each answers from a stand-in RPC.
 */
import { randomBytes } from 'node:crypto';
import { getAddressDecoder } from '@solana/kit';
import { encodeAbiParameters, getAddress, type Hex } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { createEvmBridgeChain, BRIDGE_TOKEN_ENTRIES } from '@/server/bridge/evm/evm-bridge-chain';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { CHAINS } from '@/server/chains/registry';
import { TOKEN_PROGRAM } from '@/server/chains/solana/programs';
import { createPoolCreations, POOL_CREATION_ENTRIES } from '@/server/venues/evm/pools/pool-creation';
import { createSolanaMints, SOLANA_MINT_ENTRIES } from '@/server/venues/solana/solana-mints';
import { boundedCacheSizes } from './bounded-cache';

const NAMES = 2_000;
const randomAddress = () => getAddress(`0x${randomBytes(20).toString('hex')}`);

function standIn(chain: 'BASE' | 'SOL', answer: (method: string, params: unknown[]) => unknown): ConfiguredChain {
  const rpc = {
    chain,
    urls: ['http://stand-in'],
    request: async (method: string, params: unknown[] = []) => answer(method, params),
    requestBatch: async () => [],
  } as unknown as RpcTransport;
  return { info: CHAINS[chain], available: true, rpc, routerAddress: '' };
}

/** The largest live cache of that name holds `max` entries. */
function atItsLimit(name: string, max: number): void {
  const sizes = boundedCacheSizes().filter((cache) => cache.name === name);
  expect(sizes.length).toBeGreaterThan(0);
  for (const cache of sizes) expect(cache.size).toBeLessThanOrEqual(cache.max);
  expect(Math.max(...sizes.map((cache) => cache.size))).toBe(max);
}

describe('caches keyed by caller-named contracts', () => {
  it(`the bridge keeps ${BRIDGE_TOKEN_ENTRIES} token descriptions after ${NAMES} tokens`, async () => {
    const answers: Record<string, Hex> = {
      '0x95d89b41': encodeAbiParameters([{ type: 'string' }], ['TKN']), // symbol()
      '0x06fdde03': encodeAbiParameters([{ type: 'string' }], ['Token']), // name()
      '0x313ce567': encodeAbiParameters([{ type: 'uint8' }], [18]), // decimals()
    };
    const chain = standIn('BASE', (method, params) => answers[(params[0] as { data: string }).data.slice(0, 10)] ?? '0x');
    const bridge = createEvmBridgeChain({
      chain,
      solverPrivateKey: generatePrivateKey(),
      depository: randomAddress(),
      fees: {
        read: async () => {
          throw new Error('unused');
        },
      },
      confirmations: 1,
      assets: [],
    });
    for (let i = 0; i < NAMES; i += 1) await bridge.describeToken(randomAddress(), 'tokenIn');
    atItsLimit('bridge tokens BASE', BRIDGE_TOKEN_ENTRIES);
  });

  it(`Solana keeps ${SOLANA_MINT_ENTRIES} mints after ${NAMES} mints`, async () => {
    const data = Buffer.alloc(82);
    data[44] = 6;
    const chain = standIn('SOL', () => ({ value: { owner: TOKEN_PROGRAM, data: [data.toString('base64'), 'base64'] } }));
    const mints = createSolanaMints(chain);
    for (let i = 0; i < NAMES; i += 1) await mints.info(getAddressDecoder().decode(randomBytes(32)));
    atItsLimit('solana mints', SOLANA_MINT_ENTRIES);
  });

  it(`pool creations keep ${POOL_CREATION_ENTRIES} pools per chain after ${NAMES} pools`, () => {
    const chain = standIn('BASE', () => null);
    const pools = Array.from({ length: NAMES }, randomAddress);
    const creations = createPoolCreations();
    for (const pool of pools) creations.remember(chain, pool, { blockNumber: 1, createdAt: 1 });
    expect(creations.cached(chain, pools.at(-1)!)).toEqual({ blockNumber: 1, createdAt: 1 });
    expect(creations.cached(chain, pools[0]!)).toBeUndefined();
    atItsLimit(`pool creations ${chain.info.id}`, POOL_CREATION_ENTRIES);
  });
});
