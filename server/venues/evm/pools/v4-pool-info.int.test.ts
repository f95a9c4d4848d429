/**
 * Uniswap V4 pools in pool-info and in route hops, on the local world. V4 pools live inside the PoolManager,
 * named by their id: pool-info takes the id and describes the pool as the PoolManager's own state and events
 * say (checked here with viem, independently), refuses the PoolManager's address asking for the id, and a v2
 * quote's hop through a V4 pool names that id. MEGAETH: few other files trade there.
 */
import {
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseAbiItem,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { TOKENS } from '@/devnet/evm/world-spec';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { nativeUsd } from './token-pools';
import type { PoolInfoBody } from './test-support/pool-info-body';
import { receiptOf } from '@/devnet/evm/receipt';

const rest = useRestClient();
const CHAIN = 'MEGAETH';
const NATIVE = '0x0000000000000000000000000000000000000000';
const ZERO_HOOKS = NATIVE;

const managerAbi = parseAbi([
  'function extsload(bytes32 slot) view returns (bytes32)',
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)',
  'function updateDynamicLPFee(PoolKey key, uint24 newDynamicLPFee)',
]);
const initializeEvent = parseAbiItem(
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
);
const erc20 = parseAbi(['function totalSupply() view returns (uint256)', 'function symbol() view returns (string)']);

function world() {
  const chain = testManifest().chains[CHAIN]!;
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const token = (symbol: string) => chain.tokens.find((entry) => entry.symbol === symbol)!;
  const manager = chain.contracts.uniswapV4PoolManager! as Address;
  const v4Pool = (a: string, b: string, fee: number) =>
    chain.pools.find(
      (entry) =>
        entry.venue === 'UNISWAP_V4' &&
        entry.fee === fee &&
        [entry.token0, entry.token1]
          .map((x) => x.toLowerCase())
          .sort()
          .join() ===
          [a, b]
            .map((x) => x.toLowerCase())
            .sort()
            .join(),
    )!;
  return { chain, client, token, manager, v4Pool };
}

/** The pool's slot0 as v4-core's StateLibrary reads it: price and the LP fee in effect. */
async function slot0(client: ReturnType<typeof world>['client'], manager: Address, id: Hex) {
  const slot = keccak256(concat([id, numberToHex(6, { size: 32 })]));
  const value = BigInt(await client.readContract({ address: manager, abi: managerAbi, functionName: 'extsload', args: [slot] }));
  return { sqrtPriceX96: value & ((1n << 160n) - 1n), lpFee: Number((value >> 208n) & 0xffffffn) };
}

async function initializeOf(client: ReturnType<typeof world>['client'], manager: Address, id: Hex) {
  const [log] = await client.getLogs({ address: manager, event: initializeEvent, args: { id }, fromBlock: 0n, toBlock: 'latest' });
  const block = await client.getBlock({ blockNumber: log!.blockNumber });
  return { blockNumber: Number(log!.blockNumber), createdAt: Number(block.timestamp), args: log!.args };
}

const poolIdOf = (key: { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }) =>
  keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );

describe('GET /api/v1/pool-info on Uniswap V4 pools', () => {
  it('describes a V4 pool by its id as the PoolManager reads it', async () => {
    const { chain, client, token, manager, v4Pool } = world();
    const alpha = token('ALPHA');
    const pool = v4Pool(chain.wrappedNative, alpha.address, 3000);
    const id = pool.id! as Hex;
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: id, chain: CHAIN });
    expect(status, JSON.stringify(body)).toBe(200);
    const info = body.poolInfo;

    expect(body.error).toBeNull();
    expect(info).toMatchObject({
      address: id.toLowerCase(),
      type: 'UNISWAP_V4',
      hooks: ZERO_HOOKS,
      owner: '',
      to: '',
      chain: CHAIN,
      fee: 3000,
      dynamicFee: false,
      realFee: 0.3,
      tickSpacing: 60,
    });
    expect(info.factory.toLowerCase()).toBe(manager.toLowerCase());
    expect(info.quoter.toLowerCase()).toBe(chain.contracts.v4Quoter!.toLowerCase());
    // ALPHA is the token side, the wrapped native the quote.
    expect(info.token).toMatchObject({ address: alpha.address, symbol: 'ALPHA', name: alpha.name, decimals: 18 });
    const supply = await client.readContract({ address: alpha.address as Address, abi: erc20, functionName: 'totalSupply' });
    expect(info.token.totalSupply).toBe(supply.toString());
    expect(info.quote.address.toLowerCase()).toBe(chain.wrappedNative.toLowerCase());
    expect(info.quote.symbol).toBe(await client.readContract({ address: chain.wrappedNative as Address, abi: erc20, functionName: 'symbol' }));

    // The price is the pool's own (slot0), not another venue's.
    const { sqrtPriceX96 } = await slot0(client, manager, id);
    const price1Per0 = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const alphaIs0 = BigInt(alpha.address) < BigInt(chain.wrappedNative);
    expect(info.priceNative / (alphaIs0 ? price1Per0 : 1 / price1Per0)).toBeCloseTo(1, 9);
    const native = await nativeUsd((await rest.services()).chains[CHAIN]);
    expect(Math.abs(info.marketCap / ((Number(supply) / 1e18) * info.priceNative * native) - 1)).toBeLessThan(1e-6);
    // What its two positions hold (the world spec): a full-range $1M a side, and a ±20 % range taking up to $500k
    // a side, which holds $500k of currency1 and about $412k of currency0 (a position's value in currency0 is
    // 1 - 1/√1.2 of L√p against 1 - √0.8 in currency1).
    expect(Math.abs(info.liquidity / 2_912_000 - 1)).toBeLessThan(0.01);
    expect(Math.abs(TOKENS.find((entry) => entry.symbol === 'ALPHA')!.priceUsd / (info.priceNative * native) - 1)).toBeLessThan(0.05);

    const initialize = await initializeOf(client, manager, id);
    expect({ blockNumber: info.blockNumber, createdAt: info.createdAt }).toEqual({ blockNumber: initialize.blockNumber, createdAt: initialize.createdAt });
    expect(info.blockNumber).toBeGreaterThan(0);
  });

  it('reads a dynamic fee as its hooks last set it, and names the hooks', async () => {
    const { chain, client, token, manager, v4Pool } = world();
    const alpha = token('ALPHA').address as Address;
    // A hooks address with no hook flags (the low 14 bits clear) may run a dynamic fee and is never called.
    const random = BigInt(privateKeyToAccount(generatePrivateKey()).address);
    const hooks: Address = `0x${((random >> 14n) << 14n).toString(16).padStart(40, '0')}`;
    const [currency0, currency1] = (BigInt(alpha) < BigInt(chain.wrappedNative) ? [alpha, chain.wrappedNative] : [chain.wrappedNative, alpha]) as [
      Address,
      Address,
    ];
    const key = { currency0, currency1, fee: 0x800000, tickSpacing: 60, hooks };
    const { sqrtPriceX96 } = await slot0(client, manager, v4Pool(chain.wrappedNative, alpha, 3000).id! as Hex);

    const sender = privateKeyToAccount(generatePrivateKey());
    for (const address of [sender.address, hooks]) {
      await client.request({ method: 'anvil_setBalance', params: [address, numberToHex(parseEther('1'))] } as never);
    }
    const wallet = createWalletClient({ transport: http(chain.rpcUrl), chain: { id: chain.chainId } as never });
    const initialized = await wallet.writeContract({
      account: sender,
      address: manager,
      abi: managerAbi,
      functionName: 'initialize',
      args: [key, sqrtPriceX96],
      chain: null,
    });
    expect((await receiptOf(client, initialized)).status).toBe('success');
    await client.request({ method: 'anvil_impersonateAccount', params: [hooks] } as never);
    const updated = await wallet.writeContract({
      account: hooks,
      address: manager,
      abi: managerAbi,
      functionName: 'updateDynamicLPFee',
      args: [key, 4000],
      chain: null,
    });
    expect((await receiptOf(client, updated)).status).toBe('success');
    await client.request({ method: 'anvil_stopImpersonatingAccount', params: [hooks] } as never);

    const id = poolIdOf(key);
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: id, chain: CHAIN });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.poolInfo).toMatchObject({ address: id, type: 'UNISWAP_V4', fee: 4000, dynamicFee: true, realFee: 0.4, tickSpacing: 60, liquidity: 0 });
    expect(body.poolInfo.hooks.toLowerCase()).toBe(hooks.toLowerCase());
    expect((await slot0(client, manager, id)).lpFee).toBe(4000);
  });

  it("refuses the PoolManager's address, asking for the pool id", async () => {
    const { manager } = world();
    for (const query of [{ pool: manager, chain: CHAIN }, { pool: manager.toLowerCase() }]) {
      const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', query);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'INVALID_INPUT', field: 'pool' });
      expect(body.error).toContain('PoolManager');
      expect(body.error).toContain('pool id');
    }
  });

  it('answers NOT_FOUND for an id no pool has, and a malformed id is a 400 naming pool', async () => {
    const unknown = keccak256('0x1234');
    const missing = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: unknown, chain: CHAIN });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(missing.body.error).toContain(unknown);
    expect(missing.body.error).toContain(CHAIN);
    const malformed = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: `${unknown}00`, chain: CHAIN });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'INVALID_INPUT', field: 'pool' });
  });

  it('without chain, finds the one chain holding the id, or asks for chain when several do', async () => {
    const chains = testManifest().chains;
    const holders = new Map<string, string[]>();
    for (const [chainId, entry] of Object.entries(chains)) {
      for (const pool of entry.pools) if (pool.id) holders.set(pool.id, [...(holders.get(pool.id) ?? []), chainId]);
    }
    const own = [...holders].find(([, ids]) => ids.length === 1)!;
    const found = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: own[0] });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.poolInfo).toMatchObject({ chain: own[1][0], type: 'UNISWAP_V4', address: own[0].toLowerCase() });

    const shared = [...holders].find(([, ids]) => ids.length > 1);
    if (!shared) return;
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: shared[0] });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_INPUT', field: 'chain' });
    for (const chainId of shared[1]) expect(body.error).toContain(chainId);
  });
});

describe('v2 quote route hops through Uniswap V4', () => {
  it('name the pool id, which pool-info describes', async () => {
    const { chain, token } = world();
    const usdc = token('USDC').address;
    // A large native sale splits over every venue's pools, V4's among them (price only: nothing is traded).
    const { status, body } = await rest.get<{ route: { hops: { venue: string; pool: string; tokenIn: string; tokenOut: string; fee: number }[] }[] }>(
      'v2.quote',
      { chain: CHAIN, tokenIn: NATIVE, tokenOut: usdc, amount: parseEther('500').toString(), slippage: 100 },
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const v4Hops = body.route.flatMap((leg) => leg.hops).filter((hop) => hop.venue === 'UNISWAP_V4');
    expect(v4Hops.length, JSON.stringify(body.route)).toBeGreaterThan(0);
    for (const hop of v4Hops) {
      expect(hop.pool).toMatch(/^0x[0-9a-f]{64}$/);
      const listed = chain.pools.find((pool) => pool.id?.toLowerCase() === hop.pool)!;
      expect(listed, hop.pool).toBeDefined();
      expect(listed.fee).toBe(hop.fee);
      expect([listed.token0, listed.token1].map((x) => x.toLowerCase()).sort()).toEqual([hop.tokenIn, hop.tokenOut].map((x) => x.toLowerCase()).sort());
      const info = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: hop.pool, chain: CHAIN });
      expect(info.status, JSON.stringify(info.body)).toBe(200);
      expect(info.body.poolInfo).toMatchObject({ address: hop.pool, type: 'UNISWAP_V4', fee: hop.fee, hooks: ZERO_HOOKS });
    }
  });
});
