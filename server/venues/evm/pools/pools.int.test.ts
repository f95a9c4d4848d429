/**
 * The pool reader on the local world: pool-info through the REST handler checked against the pool
 * contracts' own reads, and token pools priced against the world's spec.
 */
import { createPublicClient, http, parseAbi, parseAbiItem, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { TOKENS } from '@/devnet/evm/world-spec';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { findTokenPools, nativeUsd } from './token-pools';
import type { PoolInfoBody } from './test-support/pool-info-body';

const rest = useRestClient();

const poolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function fee() view returns (uint24)',
  'function tickSpacing() view returns (int24)',
  'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)',
]);
const erc20 = parseAbi(['function totalSupply() view returns (uint256)', 'function symbol() view returns (string)']);

function world() {
  const base = testManifest().chains.BASE!;
  const client = createPublicClient({ transport: http(base.rpcUrl) });
  const token = (symbol: string) => base.tokens.find((entry) => entry.symbol === symbol)!;
  const pool = (venue: string, a: string, b: string, fee?: number) =>
    base.pools.find(
      (entry) =>
        entry.venue === venue &&
        (fee === undefined || entry.fee === fee) &&
        [entry.token0, entry.token1]
          .map((x) => x.toLowerCase())
          .sort()
          .join() ===
          [a, b]
            .map((x) => x.toLowerCase())
            .sort()
            .join(),
    )!;
  return { base, client, token, pool };
}

const specPrice = (symbol: string) => TOKENS.find((token) => token.symbol === symbol)!.priceUsd;

/** The factory's creation event for the pool, read independently with viem. */
async function creationOf(client: ReturnType<typeof world>['client'], factory: Address, pool: Address, v3: boolean) {
  const event = v3
    ? parseAbiItem('event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)')
    : parseAbiItem('event PairCreated(address indexed token0, address indexed token1, address pair, uint256 length)');
  const logs = await client.getLogs({ address: factory, event, fromBlock: 0n, toBlock: 'latest' });
  const log = logs.find(
    (entry) =>
      (entry.args as { pool?: string; pair?: string }).pool?.toLowerCase() === pool.toLowerCase() ||
      (entry.args as { pair?: string }).pair?.toLowerCase() === pool.toLowerCase(),
  )!;
  const block = await client.getBlock({ blockNumber: log.blockNumber });
  return { blockNumber: Number(log.blockNumber), createdAt: Number(block.timestamp) };
}

describe('GET /api/v1/pool-info', () => {
  it('describes a V2 pair as the pair contract reads it', async () => {
    const { base, client, token, pool } = world();
    const alpha = token('ALPHA');
    const pair = pool('UNISWAP_V2', base.wrappedNative, alpha.address).address as Address;
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: pair, chain: 'BASE' });
    expect(status, JSON.stringify(body)).toBe(200);
    const info = body.poolInfo;

    const [factory, token0, token1, [reserve0, reserve1]] = await Promise.all([
      client.readContract({ address: pair, abi: poolAbi, functionName: 'factory' }),
      client.readContract({ address: pair, abi: poolAbi, functionName: 'token0' }),
      client.readContract({ address: pair, abi: poolAbi, functionName: 'token1' }),
      client.readContract({ address: pair, abi: poolAbi, functionName: 'getReserves' }),
    ]);
    expect(body.error).toBeNull();
    expect(info).toMatchObject({
      type: 'UNISWAP_V2',
      hooks: '',
      owner: '',
      to: '',
      quoter: '',
      chain: 'BASE',
      fee: 3000,
      realFee: 0.3,
      tickSpacing: 0,
    });
    expect(info.address.toLowerCase()).toBe(pair.toLowerCase());
    expect(info.factory.toLowerCase()).toBe(factory.toLowerCase());
    expect(info.factory.toLowerCase()).toBe(base.contracts.uniswapV2Factory!.toLowerCase());
    expect(info.router.toLowerCase()).toBe(base.contracts.uniswapV2Router02!.toLowerCase());
    // ALPHA is the token side, WETH the quote, whichever is token0.
    expect(info.token.address.toLowerCase()).toBe(alpha.address.toLowerCase());
    expect(info.token).toMatchObject({ symbol: 'ALPHA', name: alpha.name, decimals: 18 });
    expect(info.quote.address.toLowerCase()).toBe(base.wrappedNative.toLowerCase());
    expect(info.quote.symbol).toBe('WETH');
    expect([token0, token1].map((x) => x.toLowerCase()).sort()).toEqual([info.token.address, info.quote.address].map((x) => x.toLowerCase()).sort());
    const supply = await client.readContract({ address: alpha.address as Address, abi: erc20, functionName: 'totalSupply' });
    expect(info.token.totalSupply).toBe(supply.toString());

    const alphaIs0 = token0.toLowerCase() === alpha.address.toLowerCase();
    const [alphaReserve, wethReserve] = alphaIs0 ? [reserve0, reserve1] : [reserve1, reserve0];
    const priceNative = Number(wethReserve) / Number(alphaReserve);
    expect(info.priceNative).toBeCloseTo(priceNative, 12);
    // Other test files trade on BASE, so its prices drift from the world spec: check consistency here.
    const native = await nativeUsd((await rest.services()).chains.BASE);
    expect(Math.abs(info.marketCap / ((Number(supply) / 1e18) * info.priceNative * native) - 1)).toBeLessThan(1e-6);
    // Both sides were seeded with $2M each.
    expect(Math.abs(info.liquidity / 4_000_000 - 1)).toBeLessThan(0.01);

    expect(await creationOf(client, factory, pair, false)).toEqual({ blockNumber: info.blockNumber, createdAt: info.createdAt });
    expect(info.blockNumber).toBeGreaterThan(0);
  });

  it('describes a V3 pool as the pool contract reads it', async () => {
    const { base, client, token, pool } = world();
    const alpha = token('ALPHA');
    const address = pool('UNISWAP_V3', base.wrappedNative, alpha.address, 10000).address as Address;
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: address, chain: 'BASE' });
    expect(status, JSON.stringify(body)).toBe(200);
    const info = body.poolInfo;

    const [factory, token0, fee, tickSpacing, [sqrtPriceX96]] = await Promise.all([
      client.readContract({ address, abi: poolAbi, functionName: 'factory' }),
      client.readContract({ address, abi: poolAbi, functionName: 'token0' }),
      client.readContract({ address, abi: poolAbi, functionName: 'fee' }),
      client.readContract({ address, abi: poolAbi, functionName: 'tickSpacing' }),
      client.readContract({ address, abi: poolAbi, functionName: 'slot0' }),
    ]);
    expect(info).toMatchObject({ type: 'UNISWAP_V3', hooks: '', owner: '', to: '', chain: 'BASE', fee, realFee: fee / 10_000, tickSpacing });
    expect(fee).toBe(10000);
    expect(tickSpacing).toBe(200);
    expect(info.factory.toLowerCase()).toBe(factory.toLowerCase());
    expect(info.factory.toLowerCase()).toBe(base.contracts.uniswapV3Factory!.toLowerCase());
    expect(info.quoter.toLowerCase()).toBe(base.contracts.quoterV2!.toLowerCase());
    expect(info.router.toLowerCase()).toBe(base.contracts.swapRouter!.toLowerCase());
    expect(info.token.symbol).toBe('ALPHA');
    expect(info.quote.symbol).toBe('WETH');

    const price1Per0 = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
    const alphaIs0 = token0.toLowerCase() === alpha.address.toLowerCase();
    expect(info.priceNative / (alphaIs0 ? price1Per0 : 1 / price1Per0)).toBeCloseTo(1, 9);
    expect(await creationOf(client, factory, address, true)).toEqual({ blockNumber: info.blockNumber, createdAt: info.createdAt });
  });

  it('puts the native coin on the token side of the WETH/USDC pool', async () => {
    const { base, token, pool } = world();
    const address = pool('UNISWAP_V2', base.wrappedNative, token('USDC').address).address;
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: address, chain: 'BASE' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.poolInfo.token.symbol).toBe('WETH');
    expect(body.poolInfo.quote.symbol).toBe('USDC');
    expect(body.poolInfo.priceNative).toBe(1);
  });

  it('answers NOT_FOUND for an address that is not a pool', async () => {
    const { token } = world();
    const noCode = '0x3333333333333333333333333333333333333333';
    const empty = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: noCode, chain: 'BASE' });
    expect(empty.status).toBe(404);
    expect(empty.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(empty.body.error).toContain(noCode);
    expect(empty.body.error).toContain('BASE');

    // A contract, but a token rather than a pool.
    const alpha = token('ALPHA').address;
    const notPool = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: alpha, chain: 'BASE' });
    expect(notPool.status).toBe(404);
    expect(notPool.body.code).toBe('NOT_FOUND');
    expect(notPool.body.error).toContain(alpha);
    expect(notPool.body.error).toContain('not a pool');
  });

  it('without chain, a pool present at the same address on several chains is a clear 400', async () => {
    // BASE and BSC share Uniswap V2's factory address, and the world's test tokens have one address on every
    // chain: their pair is at one address on both.
    const chains = testManifest().chains;
    const { base, token, pool } = world();
    const address = pool('UNISWAP_V2', token('ALPHA').address, token('GAMMA').address).address;
    const elsewhere = Object.entries(chains)
      .filter(([id, entry]) => id !== 'BASE' && entry.pools.some((other) => other.address === address))
      .map(([id]) => id);
    expect(elsewhere).toContain('BSC');
    expect(base.pools.some((entry) => entry.address === address)).toBe(true);
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: address });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'INVALID_INPUT', field: 'chain' });
    expect(body.error).toContain('BASE');
    expect(body.error).toContain('BSC');
  });

  it('refuses SOL', async () => {
    const { base } = world();
    const { status, body } = await rest.get<PoolInfoBody>('v1.poolInfo', { pool: base.wrappedNative, chain: 'SOL' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'INVALID_INPUT', field: 'chain' });
    expect(body.error).toContain('pool-info is EVM only');
  });
});

/**
 * Prices are checked against the world spec on ARB: the trading tests move BASE's pools and the Router tests
 * ETH's by more than 0.5 % (large trades there), while on ARB they trade a few hundred dollars against
 * million-dollar pools.
 */
describe('findTokenPools', () => {
  it('prices ALPHA and TAX as the world spec does, pools sorted by liquidity', async () => {
    const services = await rest.services();
    const chain = services.chains.ARB;
    const { token } = world();
    for (const symbol of ['ALPHA', 'TAX']) {
      const found = await findTokenPools(chain, token(symbol).address);
      expect(found.pools.length).toBeGreaterThan(0);
      expect(found.mainPool).toBe(found.pools[0]);
      const liquidity = found.pools.map((pool) => pool.liquidityUsd);
      expect(liquidity).toEqual([...liquidity].sort((a, b) => b - a));
      expect(Math.abs(found.mainPool!.priceUsd / specPrice(symbol) - 1), symbol).toBeLessThan(0.005);
      expect(found.mainPool!.priceNative * found.nativeUsd).toBeCloseTo(found.mainPool!.priceUsd, 9);
      for (const pool of found.pools) {
        expect(pool.factoryName).toBe(pool.venue === 'UNISWAP_V2' ? 'Uniswap V2' : 'Uniswap V3');
        expect(pool.tokenReserve).toBeGreaterThan(0n);
      }
    }
    // ALPHA: V2 against WETH and USDC, V3 against WETH at 0.3 % and 1 % and against USDC at 0.05 % and 0.3 %
    // (its GAMMA pools have no quote token; V4 pools have no address of their own and are not listed).
    const alpha = await findTokenPools(chain, token('ALPHA').address);
    expect(alpha.pools.map((pool) => `${pool.venue}:${pool.fee}`).sort()).toEqual([
      'UNISWAP_V2:3000',
      'UNISWAP_V2:3000',
      'UNISWAP_V3:10000',
      'UNISWAP_V3:3000',
      'UNISWAP_V3:3000',
      'UNISWAP_V3:500',
    ]);
  });

  it('prices the wrapped native token at the native price and the stable near 1', async () => {
    const services = await rest.services();
    const chain = services.chains.ARB;
    // ARB's own wrapped native and stable (the address book's: they differ from BASE's).
    const base = testManifest().chains.ARB!;
    const token = (symbol: string) => base.tokens.find((entry) => entry.symbol === symbol)!;
    const native = await nativeUsd(chain);
    expect(Math.abs(native / 3000 - 1)).toBeLessThan(0.005);

    const weth = await findTokenPools(chain, base.wrappedNative);
    expect(weth.mainPool!.priceNative).toBe(1);
    expect(Math.abs(weth.mainPool!.priceUsd / native - 1)).toBeLessThan(0.005);
    expect(weth.pools.every((pool) => pool.quoteToken.toLowerCase() === token('USDC').address.toLowerCase())).toBe(true);

    const usdc = await findTokenPools(chain, token('USDC').address);
    expect(Math.abs(usdc.mainPool!.priceUsd - 1)).toBeLessThan(0.005);
    expect(usdc.mainPool!.priceNative * native).toBeCloseTo(usdc.mainPool!.priceUsd, 9);
  });

  it('reads a non-token as NOT_FOUND', async () => {
    const services = await rest.services();
    await expect(findTokenPools(services.chains.BASE, '0x3333333333333333333333333333333333333333')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
