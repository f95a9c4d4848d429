/**
 * The local EVM world on all 14 chains: one chain's snapshot is prepared cold into a temporary cache and
 * must equal the run's cached one (deployments are deterministic); every chain is booted from the run's
 * snapshot cache on nodes of its own, and real trades check the deployed contracts to the wei.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http, maxUint256, parseAbi, parseEther, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS, EVM_CHAIN_IDS, type EvmChainId } from '@/server/chains/registry';
import { anvilAccount } from '../accounts';
import { TEST_STATE_CACHE } from '../test-world';
import { prepareEvmChainState, startEvmChain, type RunningEvmChain } from './evm-snapshot';
import { type EvmWorldInfo } from '@/devnet/evm/deploy-world';
import { activeLiquidity, fullRangeLiquidity, quotePool, rawFor, specRowsOf, specSymbol, usdOf } from './world-pool-checks';
import { ADDRESS_BOOK } from '@/server/chains/address-book-entries';
import { canonicalPlacements } from './canonical-addresses';
import { STRATEGY_TOKEN } from './strategy-token';
import { PANCAKE_DEPLOY_CHAINS } from './venues/pancakeswap-v3';
import { BURN_ADDRESS, NATIVE_USD, PANCAKE_CHAINS, WNATIVE } from './world-spec';
import { receiptOf } from '@/devnet/evm/receipt';

const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function transfer(address, uint256) returns (bool)',
  'function symbol() view returns (string)',
]);
const v2Router = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
]);
const v2Pair = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
]);
const quoterV2 = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const swapRouter = parseAbi([
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
]);

const DEADLINE = 2n ** 40n;
// Explicit gas for swaps: estimates can come up short when the next block has a new timestamp.
const GAS = 1_000_000n;

/** The chain deployed cold here: BSC carries every venue, PancakeSwap V3 included. */
const COLD_CHAIN: EvmChainId = 'BSC';
let coldCacheDir: string;
let coldInfo: EvmWorldInfo;
const nodes = new Map<EvmChainId, RunningEvmChain>();
const timings: Record<string, number> = {};

function clientsFor(chain: EvmChainId) {
  const node = nodes.get(chain)!;
  const viemChain = defineChain({
    id: CHAINS[chain].chainId,
    name: chain,
    nativeCurrency: { name: CHAINS[chain].nativeSymbol, symbol: CHAINS[chain].nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
  const transport = http(node.url);
  const client: PublicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const walletFor = (privateKey: Hex) => createWalletClient({ account: privateKeyToAccount(privateKey), chain: viemChain, transport, pollingInterval: 50 });
  return { node, info: node.info, client, trader: walletFor(anvilAccount(1).privateKey), owner: walletFor(node.info.deployer.privateKey) };
}

function token(info: EvmWorldInfo, symbolOrKind: string): Address {
  const found = info.tokens.find((t) => t.symbol === symbolOrKind || t.kind === symbolOrKind);
  if (!found) throw new Error(`no token ${symbolOrKind}`);
  return found.address as Address;
}

function pairOf(info: EvmWorldInfo, a: string, b: string): Address {
  const pool = info.pools.find((p) => p.venue === 'UNISWAP_V2' && [p.token0, p.token1].sort().join() === [a, b].sort().join());
  if (!pool) throw new Error(`no V2 pool ${a}/${b}`);
  return pool.address as Address;
}

async function mined(client: PublicClient, hash: Hex) {
  const receipt = await receiptOf(client, hash);
  expect(receipt.status).toBe('success');
  return receipt;
}

function rssKb(pid: number | undefined): number {
  if (!pid) return 0;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

beforeAll(async () => {
  coldCacheDir = mkdtempSync(path.join(tmpdir(), 'evm-world-'));
  let start = performance.now();
  coldInfo = (await prepareEvmChainState(COLD_CHAIN, { cacheDir: coldCacheDir })).info;
  timings.coldPrepareOneMs = Math.round(performance.now() - start);

  start = performance.now();
  const started = await Promise.allSettled(
    EVM_CHAIN_IDS.map(async (chain) => {
      nodes.set(chain, await startEvmChain(chain, { cacheDir: TEST_STATE_CACHE }));
    }),
  );
  timings.warmBootAllMs = Math.round(performance.now() - start);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;

  const first = nodes.get('BASE')!;
  await first.stop();
  start = performance.now();
  nodes.set('BASE', await startEvmChain('BASE', { cacheDir: TEST_STATE_CACHE, port: first.port }));
  timings.warmBootOneMs = Math.round(performance.now() - start);

  const rss = EVM_CHAIN_IDS.map((chain) => rssKb(nodes.get(chain)!.pid));
  timings.rssPerAnvilAvgKb = Math.round(rss.reduce((a, b) => a + b, 0) / rss.length);
  timings.rssPerAnvilMaxKb = Math.max(...rss);
  console.log('evm world timings', JSON.stringify(timings));
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([...nodes.values()].map((node) => node.stop()));
  if (coldCacheDir) rmSync(coldCacheDir, { recursive: true, force: true });
});

describe('deployment', () => {
  it("puts what the address book lists at the book's addresses, the Router and the Depository at one address on every chain, with their code there", async () => {
    const base = nodes.get('BASE')!.info;
    for (const chain of EVM_CHAIN_IDS) {
      const { info } = nodes.get(chain)!;
      expect(info.chainId).toBe(CHAINS[chain].chainId);
      const named: Record<string, string | undefined> = {
        WETH9: info.wrappedNative,
        Multicall3: info.contracts.multicall3,
        USDC: info.tokens.find((token) => token.symbol === 'USDC')?.address,
        UniswapV2Factory: info.contracts.uniswapV2Factory,
        UniswapV2Router02: info.contracts.uniswapV2Router02,
        UniswapV3Factory: info.contracts.uniswapV3Factory,
        QuoterV2: info.contracts.quoterV2,
        PoolManager: info.contracts.uniswapV4PoolManager,
        V4Quoter: info.contracts.v4Quoter,
        PancakeV3Factory: info.contracts.pancakeV3Factory,
        PancakeV3PoolDeployer: info.contracts.pancakeV3PoolDeployer,
        PancakeV2Factory: info.contracts.pancakeV2Factory,
      };
      const placed = canonicalPlacements(chain);
      if (ADDRESS_BOOK[chain]) expect(placed.WETH9, `${chain}: the book's wrapped native`).toBeDefined();
      for (const [what, address] of Object.entries(placed)) expect(named[what], `${chain}: ${what}`).toBe(address);
      expect(info.contracts.router).toBe(base.contracts.router);
      expect(info.contracts.depository).toBe(base.contracts.depository);
    }
    const { client } = clientsFor('ETH');
    for (const address of Object.values(nodes.get('ETH')!.info.contracts) as Address[]) {
      const code = await client.getCode({ address });
      expect(code && code.length > 2, address).toBe(true);
    }
  });

  it('deploys the same world again from nothing, and reuses a prepared snapshot', async () => {
    expect(coldInfo).toEqual(nodes.get(COLD_CHAIN)!.info);
    const start = performance.now();
    const again = await prepareEvmChainState(COLD_CHAIN, { cacheDir: coldCacheDir });
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(again.info).toEqual(coldInfo);
  });
});

describe.each(EVM_CHAIN_IDS)('%s launchpad', (chain) => {
  it('carries LAUNCH early on its curve and GRAD near graduation, each priced by the V2 formula on its reserves', async () => {
    const { client, info } = clientsFor(chain);
    const launchpad = info.contracts.launchpad as Address;
    const abi = parseAbi([
      'function curve(address) view returns (uint256 reserveNative, uint256 reserveToken, uint256 raisedNative, uint256 graduationNative, bool graduated, address pair)',
      'function quoteBuy(address, uint256) view returns (uint256)',
    ]);
    for (const [symbol, filled] of [
      ['LAUNCH', 0.1],
      ['GRAD', 0.95],
    ] as const) {
      const token = info.tokens.find((t) => t.symbol === symbol && t.kind === 'launchpad');
      expect(token, symbol).toBeDefined();
      const [reserveNative, reserveToken, raised, graduation, graduated] = await client.readContract({
        address: launchpad,
        abi,
        functionName: 'curve',
        args: [token!.address as Address],
      });
      expect(graduated).toBe(false);
      expect(Number(raised) / Number(graduation)).toBeCloseTo(filled, 3);
      const amountIn = graduation / 1000n;
      const withFee = amountIn * 990_000n;
      const expected = (withFee * reserveToken) / (reserveNative * 1_000_000n + withFee);
      expect(await client.readContract({ address: launchpad, abi, functionName: 'quoteBuy', args: [token!.address as Address, amountIn] })).toBe(expected);
    }
  });
});

describe.each(EVM_CHAIN_IDS)('%s strategy token', (chain) => {
  it('lists STRAT beside the launchpad tokens, at one address on every chain: it takes a permit, and its V2 pair prices a share at ALPHA', async () => {
    const { client, info, trader } = clientsFor(chain);
    const strat = info.tokens.find((t) => t.kind === 'strategy');
    expect(strat).toMatchObject({ symbol: STRATEGY_TOKEN.symbol, name: STRATEGY_TOKEN.name, decimals: 18 });
    expect(strat!.address).toBe(nodes.get('BASE')!.info.tokens.find((t) => t.kind === 'strategy')!.address);
    expect(info.tokens.findIndex((t) => t.kind === 'strategy')).toBeGreaterThan(info.tokens.findLastIndex((t) => t.kind === 'launchpad'));
    const address = strat!.address as Address;
    const vault = parseAbi([
      'function permitRequired() view returns (bool)',
      'function isPermitted(address) view returns (bool)',
      'function asset() view returns (address)',
    ]);
    expect(await client.readContract({ address, abi: vault, functionName: 'permitRequired' })).toBe(true);
    expect(await client.readContract({ address, abi: vault, functionName: 'asset' })).toBe(token(info, STRATEGY_TOKEN.asset));
    expect(await client.readContract({ address, abi: vault, functionName: 'isPermitted', args: [trader.account.address] })).toBe(false);

    // $1,000 of native buys about $1,000 of shares at ALPHA's price ($2), less the pair's fee and impact.
    const pair = info.contracts.strategyPair as Address;
    const [reserve0, reserve1] = await client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' });
    const shareFirst = (await client.readContract({ address: pair, abi: v2Pair, functionName: 'token0' })) === address;
    const [shares, native] = shareFirst ? [reserve0, reserve1] : [reserve1, reserve0];
    const shareUsd = ((Number(native) / 1e18) * NATIVE_USD[chain]) / (Number(shares) / 1e18);
    expect(shareUsd).toBeCloseTo(2, 2);
    // Without the permit a buy reverts: the pair may not send the shares to an unpermitted holder.
    await expect(
      client.simulateContract({
        account: trader.account,
        address: info.contracts.uniswapV2Router02 as Address,
        abi: v2Router,
        functionName: 'swapExactETHForTokens',
        args: [0n, [info.wrappedNative as Address, address], trader.account.address, DEADLINE],
        value: parseEther('0.001'),
      }),
    ).rejects.toThrow();
  });
});

describe.each(EVM_CHAIN_IDS)('%s pools', (chain) => {
  const pair = (info: EvmWorldInfo, pool: EvmWorldInfo['pools'][number]) => [specSymbol(info, pool.token0), specSymbol(info, pool.token1)].sort().join('/');

  it("every pool quotes a $100 trade both ways at the spec price, by the venue's own quoter", async () => {
    const { client, info } = clientsFor(chain);
    expect(info.pools.length).toBeGreaterThan(30);
    for (const pool of info.pools) {
      for (const [tokenIn, tokenOut] of [
        [pool.token0, pool.token1],
        [pool.token1, pool.token0],
      ] as const) {
        const out = await quotePool(client, info.contracts, pool, tokenIn, rawFor(chain, info, tokenIn, 100));
        // The pool's fee and a little rounding; $100 moves none of these pools measurably.
        const ratio = usdOf(chain, info, tokenOut, out) / 100;
        expect(ratio, `${pool.venue} ${pair(info, pool)} ${pool.fee}`).toBeGreaterThan(1 - pool.fee / 1e6 - 0.005);
        expect(ratio, `${pool.venue} ${pair(info, pool)} ${pool.fee}`).toBeLessThan(1.001);
      }
    }
  });

  it('lists Uniswap V2, V3 (0.01-1 %) and V4 pools, and PancakeSwap V3 and V2 pools on BSC only (V3 contracts wherever the address book lists it)', async () => {
    const { info } = clientsFor(chain);
    const tiers = (venue: string) => [...new Set(info.pools.filter((pool) => pool.venue === venue).map((pool) => pool.fee))].sort((a, b) => a - b);
    expect(tiers('UNISWAP_V2')).toEqual([3000]);
    expect(tiers('UNISWAP_V3')).toEqual([100, 500, 3000, 10000]);
    expect(tiers('UNISWAP_V4')).toEqual([100, 500, 3000, 10000]);
    expect(tiers('PANCAKESWAP_V3')).toEqual(PANCAKE_CHAINS.includes(chain) ? [500, 2500] : []);
    expect(Boolean(info.contracts.pancakeV3Factory)).toBe(PANCAKE_DEPLOY_CHAINS.includes(chain));
    expect(tiers('PANCAKESWAP_V2')).toEqual(PANCAKE_CHAINS.includes(chain) ? [2500] : []);
    expect(Boolean(info.contracts.pancakeV2Factory)).toBe(PANCAKE_CHAINS.includes(chain));
    for (const pool of info.pools.filter((entry) => entry.venue === 'UNISWAP_V4')) {
      expect(pool.address).toBe(info.contracts.uniswapV4PoolManager);
      expect(pool.id).toMatch(/^0x[0-9a-f]{64}$/);
    }
    // Tax and honeypot tokens trade on V2 only.
    const risky = info.tokens.filter((t) => t.kind === 'tax' || t.kind === 'honeypot').map((t) => t.address);
    expect(info.pools.filter((pool) => risky.includes(pool.token0) || risky.includes(pool.token1)).every((pool) => pool.venue === 'UNISWAP_V2')).toBe(true);
  });

  it('GAMMA trades only against ALPHA (V2 and V3 0.3 %)', () => {
    const { info } = clientsFor(chain);
    const gammaPools = info.pools.filter((pool) => pair(info, pool).split('/').includes('GAMMA'));
    expect(gammaPools.map((pool) => `${pool.venue}:${pool.fee}:${pair(info, pool)}`).sort()).toEqual([
      'UNISWAP_V2:3000:ALPHA/GAMMA',
      'UNISWAP_V3:3000:ALPHA/GAMMA',
    ]);
  });

  it('pools with ranged positions hold more active liquidity than full range of the same depth', async () => {
    const { client, info } = clientsFor(chain);
    const concentrated = info.pools.filter((pool) => pool.venue !== 'UNISWAP_V2' && pool.venue !== 'PANCAKESWAP_V2');
    let ranged = 0;
    for (const pool of concentrated) {
      const active = Number(await activeLiquidity(client, pool));
      const fullRange = fullRangeLiquidity(chain, info, pool);
      const label = `${pool.venue} ${pair(info, pool)} ${pool.fee}`;
      if (specRowsOf(info, pool).some((row) => row.rangePct !== undefined)) {
        ranged++;
        expect(active / fullRange, label).toBeGreaterThan(1.5);
      } else {
        expect(Math.abs(active / fullRange - 1), label).toBeLessThan(0.01);
      }
    }
    expect(ranged).toBeGreaterThanOrEqual(8);
  });

  it('WNATIVE/BETA: the deepest pool is the 0.3 % one, not the cheapest tier', async () => {
    const { client, info } = clientsFor(chain);
    const pools = info.pools.filter((pool) => pair(info, pool) === ['BETA', WNATIVE].sort().join('/'));
    const outs = await Promise.all(
      pools.map((pool) => quotePool(client, info.contracts, pool, info.wrappedNative, rawFor(chain, info, info.wrappedNative, 200_000))),
    );
    const best = pools[outs.indexOf(outs.reduce((a, b) => (a > b ? a : b)))]!;
    expect(`${best.venue}:${best.fee}`).toBe('UNISWAP_V3:3000');
    expect(Math.min(...pools.map((pool) => pool.fee))).toBeLessThan(3000);
  });
});

describe.each(EVM_CHAIN_IDS)('%s', (chain) => {
  it('prices the V2 native/stable pool at the spec price, deep enough for a 1-native trade', async () => {
    const { client, info, trader } = clientsFor(chain);
    const wrapped = await client.readContract({ address: info.wrappedNative as Address, abi: erc20, functionName: 'symbol' });
    expect(wrapped).toBe(`W${CHAINS[chain].nativeSymbol}`);
    const usdc = token(info, 'stable');
    const pair = pairOf(info, info.wrappedNative, usdc);
    const [r0, r1] = await client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' });
    const token0 = await client.readContract({ address: pair, abi: v2Pair, functionName: 'token0' });
    const [reserveNative, reserveUsd] = token0 === info.wrappedNative ? [r0, r1] : [r1, r0];
    const price = Number(reserveUsd) / 1e6 / (Number(reserveNative) / 1e18);
    expect(Math.abs(price / NATIVE_USD[chain] - 1)).toBeLessThan(0.01);
    // ≥ 1M USD per side
    expect(reserveUsd).toBeGreaterThanOrEqual(1_000_000n * 10n ** 6n);
    // The trader is funded by the boot flags.
    expect(await client.getBalance({ address: trader.account.address })).toBeGreaterThanOrEqual(parseEther('1000'));
  });

  it('V2: swapExactETHForTokens delivers exactly getAmountsOut, with < 1 % impact', async () => {
    const { client, info, trader } = clientsFor(chain);
    const usdc = token(info, 'stable');
    const path2 = [info.wrappedNative as Address, usdc];
    const amountIn = parseEther('1');
    const [, expected] = await client.readContract({
      address: info.contracts.uniswapV2Router02 as Address,
      abi: v2Router,
      functionName: 'getAmountsOut',
      args: [amountIn, path2],
    });
    const before = await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [trader.account.address] });
    await mined(
      client,
      await trader.writeContract({
        address: info.contracts.uniswapV2Router02 as Address,
        abi: v2Router,
        functionName: 'swapExactETHForTokens',
        args: [expected!, path2, trader.account.address, DEADLINE],
        value: amountIn,
        gas: GAS,
      }),
    );
    const after = await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [trader.account.address] });
    expect(after - before).toBe(expected);
    // Spot value of 1 native minus the 0.3 % fee; the rest is price impact.
    const spot = NATIVE_USD[chain] * 0.997 * 1e6;
    expect(Number(expected) / spot).toBeGreaterThan(0.99);
  });

  it('V3: exactInputSingle native→stable delivers exactly the QuoterV2 quote', async () => {
    const { client, info, trader } = clientsFor(chain);
    const usdc = token(info, 'stable');
    const amountIn = parseEther('1');
    for (const fee of [500, 3000] as const) {
      const { result } = await client.simulateContract({
        address: info.contracts.quoterV2 as Address,
        abi: quoterV2,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn: info.wrappedNative as Address, tokenOut: usdc, amountIn, fee, sqrtPriceLimitX96: 0n }],
      });
      const quoted = result[0];
      expect(Number(quoted) / (NATIVE_USD[chain] * 1e6)).toBeGreaterThan(0.99);
      const before = await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [trader.account.address] });
      await mined(
        client,
        await trader.writeContract({
          address: info.contracts.swapRouter as Address,
          abi: swapRouter,
          functionName: 'exactInputSingle',
          args: [
            {
              tokenIn: info.wrappedNative as Address,
              tokenOut: usdc,
              fee,
              recipient: trader.account.address,
              deadline: DEADLINE,
              amountIn,
              amountOutMinimum: quoted,
              sqrtPriceLimitX96: 0n,
            },
          ],
          value: amountIn,
          gas: GAS,
        }),
      );
      const after = await client.readContract({ address: usdc, abi: erc20, functionName: 'balanceOf', args: [trader.account.address] });
      expect(after - before).toBe(quoted);
    }
  });

  it('tax token: 3 % buy tax and 5 % sell tax, kept by the token; 10 % of supply burnt', async () => {
    const { client, info, trader } = clientsFor(chain);
    const tax = token(info, 'tax');
    const router = info.contracts.uniswapV2Router02 as Address;
    const pair = pairOf(info, info.wrappedNative, tax);
    const balance = (holder: Address) => client.readContract({ address: tax, abi: erc20, functionName: 'balanceOf', args: [holder] });

    const supply = await client.readContract({ address: tax, abi: erc20, functionName: 'totalSupply' });
    expect((await balance(BURN_ADDRESS)) * 10n).toBe(supply);

    const amountIn = parseEther('1');
    const buyPath = [info.wrappedNative as Address, tax];
    const [, out] = await client.readContract({ address: router, abi: v2Router, functionName: 'getAmountsOut', args: [amountIn, buyPath] });
    const buyTax = (out! * 300n) / 10_000n;
    const [traderBefore, clogBefore] = await Promise.all([balance(trader.account.address), balance(tax)]);
    await mined(
      client,
      await trader.writeContract({
        address: router,
        abi: v2Router,
        functionName: 'swapExactETHForTokens',
        args: [0n, buyPath, trader.account.address, DEADLINE],
        value: amountIn,
        gas: GAS,
      }),
    );
    const [traderAfterBuy, clogAfterBuy] = await Promise.all([balance(trader.account.address), balance(tax)]);
    expect(traderAfterBuy - traderBefore).toBe(out! - buyTax);
    expect(clogAfterBuy - clogBefore).toBe(buyTax);

    const sellAmount = (traderAfterBuy - traderBefore) / 2n;
    const sellTax = (sellAmount * 500n) / 10_000n;
    await mined(client, await trader.writeContract({ address: tax, abi: erc20, functionName: 'approve', args: [router, maxUint256] }));
    const pairBefore = await balance(pair);
    await mined(
      client,
      await trader.writeContract({
        address: router,
        abi: v2Router,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [sellAmount, 0n, [tax, info.wrappedNative as Address], trader.account.address, DEADLINE],
        gas: GAS,
      }),
    );
    expect((await balance(pair)) - pairBefore).toBe(sellAmount - sellTax);
    expect((await balance(tax)) - clogAfterBuy).toBe(sellTax);
    expect(await balance(trader.account.address)).toBe(traderAfterBuy - sellAmount);
  });

  it('honeypot: anyone buys, only the owner sells', async () => {
    const { client, info, trader, owner } = clientsFor(chain);
    const honey = token(info, 'honeypot');
    const router = info.contracts.uniswapV2Router02 as Address;
    const pair = pairOf(info, info.wrappedNative, honey);
    const balance = (holder: Address) => client.readContract({ address: honey, abi: erc20, functionName: 'balanceOf', args: [holder] });

    const amountIn = parseEther('1');
    const buyPath = [info.wrappedNative as Address, honey];
    const [, out] = await client.readContract({ address: router, abi: v2Router, functionName: 'getAmountsOut', args: [amountIn, buyPath] });
    const before = await balance(trader.account.address);
    await mined(
      client,
      await trader.writeContract({
        address: router,
        abi: v2Router,
        functionName: 'swapExactETHForTokens',
        args: [out!, buyPath, trader.account.address, DEADLINE],
        value: amountIn,
        gas: GAS,
      }),
    );
    const bought = (await balance(trader.account.address)) - before;
    expect(bought).toBe(out);

    await mined(client, await trader.writeContract({ address: honey, abi: erc20, functionName: 'approve', args: [router, maxUint256] }));
    const sellPath = [honey, info.wrappedNative as Address];
    await expect(
      client.simulateContract({
        account: trader.account,
        address: router,
        abi: v2Router,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [bought, 0n, sellPath, trader.account.address, DEADLINE],
      }),
    ).rejects.toThrow();
    await expect(
      client.simulateContract({
        account: trader.account,
        address: honey,
        abi: erc20,
        functionName: 'transfer',
        args: [pair, bought],
      }),
    ).rejects.toThrow(/only the owner can sell/);
    // Sent anyway, the sell reverts on chain.
    const hash = await trader.writeContract({
      address: router,
      abi: v2Router,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [bought, 0n, sellPath, trader.account.address, DEADLINE],
      gas: GAS,
    });
    expect((await receiptOf(client, hash)).status).toBe('reverted');
    expect(await balance(trader.account.address)).toBe(before + bought);

    const pairBefore = await balance(pair);
    const ownerNativeBefore = await client.getBalance({ address: owner.account.address });
    const receipt = await mined(
      client,
      await owner.writeContract({
        address: router,
        abi: v2Router,
        functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
        args: [bought, 0n, sellPath, owner.account.address, DEADLINE],
        gas: GAS,
      }),
    );
    expect((await balance(pair)) - pairBefore).toBe(bought);
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice;
    expect((await client.getBalance({ address: owner.account.address })) + gasCost).toBeGreaterThan(ownerNativeBefore);
  });
});
