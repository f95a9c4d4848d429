/**
 * An exact route against the project's Router itself on the local world's BSC, read only (the Router's own
 * `swap` and `swapExactOut`, simulated at one block from the treasury): a split of native into USDC over six
 * legs (Uniswap V3 and V4, PancakeSwap V2 and V3, a two-hop V2 → V3 leg, and the first V3 pool once more, which
 * then sees the first leg's swap), exact input and exact output, with the Router's protocol fee. The Router's
 * leg shares, hop chaining and fees must come out to the unit of what exactRoute and the fee arithmetic say.
 */
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import { venueById } from '@/server/venues/evm/venue-table';
import { exactRoute, type ExactLeg } from './exact-route';
import type { ExactPoolState } from './exact-state';
import { exactWorld, plentyFor, readPools, type ExactWorld, type ReadPool } from './test-support/exact-world';

const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
const PROTOCOL_FEE_BPS = 10n;
const BPS = 10_000n;
const DEADLINE = 2n ** 40n;

const poolKey = ({ pool }: ReadPool) => `${pool.address}/${pool.id}`;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

interface RouteLegSpec {
  share: number;
  /** The leg's pools in order, each entered with the token it takes. */
  hops: { read: ReadPool; tokenIn: Address }[];
}

/** The legs: shares of a million, their hops from the wrapped native token to USDC. */
function routeLegs(pools: readonly ReadPool[], wrapped: Address, usdc: Address, alpha: Address): RouteLegSpec[] {
  const find = (venue: string, a: Address, b: Address, fee: number) => {
    const found = pools.find(({ pool }) => pool.venue === venue && pool.fee === fee && [pool.token0, pool.token1].every((t) => same(t, a) || same(t, b)));
    if (!found) throw new Error(`no ${venue} ${fee} pool`);
    return found;
  };
  const v3 = find('UNISWAP_V3', wrapped, usdc, 500);
  return [
    { share: 250_000, hops: [{ read: v3, tokenIn: wrapped }] },
    { share: 200_000, hops: [{ read: find('UNISWAP_V4', wrapped, usdc, 500), tokenIn: wrapped }] },
    { share: 150_000, hops: [{ read: find('PANCAKESWAP_V2', wrapped, usdc, 2500), tokenIn: wrapped }] },
    { share: 150_000, hops: [{ read: find('PANCAKESWAP_V3', wrapped, usdc, 2500), tokenIn: wrapped }] },
    {
      share: 150_000,
      hops: [
        { read: find('UNISWAP_V2', wrapped, alpha, 3000), tokenIn: wrapped },
        { read: find('UNISWAP_V3', usdc, alpha, 500), tokenIn: alpha },
      ],
    },
    { share: 100_000, hops: [{ read: v3, tokenIn: wrapped }] },
  ];
}

/** The legs as the Router takes them. */
function routerLegs(legs: readonly RouteLegSpec[]) {
  return legs.map((leg) => ({
    share: leg.share,
    hops: leg.hops.map(({ read: { pool }, tokenIn }) => ({
      venue: venueById(pool.venue).routerKind,
      pool: pool.address,
      tokenIn,
      tokenOut: same(tokenIn, pool.token0) ? pool.token1 : pool.token0,
      fee: pool.fee,
      tickSpacing: pool.venue === 'UNISWAP_V4' ? pool.tickSpacing : 0,
      hooks: NATIVE,
    })),
  }));
}

/** The same legs for the exact math. */
const exactLegs = (legs: readonly RouteLegSpec[]): ExactLeg[] =>
  legs.map((leg) => ({ share: leg.share, hops: leg.hops.map(({ read, tokenIn }) => ({ pool: poolKey(read), zeroForOne: same(tokenIn, read.pool.token0) })) }));

/** What the Router answers, or undefined where it reverts. */
async function routerSwap(w: ExactWorld, legs: readonly RouteLegSpec[], usdc: Address, amount: bigint, exactIn: boolean, block: bigint) {
  const common = { tokenIn: NATIVE, tokenOut: usdc, recipient: w.treasury, deadline: DEADLINE, legs: routerLegs(legs) };
  const fees = { protocolFeeBps: Number(PROTOCOL_FEE_BPS), integratorFeeBps: 0, integrator: NATIVE };
  const call = { account: w.treasury, address: w.entry.routerAddress as Address, abi: routerAbi, blockNumber: block, stateOverride: plentyFor(w, 'native') };
  try {
    if (exactIn) {
      const { result } = await w.client.simulateContract({
        ...call,
        functionName: 'swap',
        args: [{ ...common, ...fees, amountIn: amount, amountOutMin: 0n }],
        value: amount,
      });
      return result;
    }
    const amountInMax = 10n ** 27n;
    const params = { ...common, ...fees, amountOut: amount, amountInMax };
    const { result } = await w.client.simulateContract({ ...call, functionName: 'swapExactOut', args: [params], value: amountInMax });
    return result;
  } catch {
    return undefined;
  }
}

/** The exact route's answer with the Router's fees: exact-in the output, exact-out what the sender pays. */
function exactAnswer(legs: readonly RouteLegSpec[], states: ReadonlyMap<string, ExactPoolState>, amount: bigint, exactIn: boolean): bigint | undefined {
  if (exactIn) {
    const swapAmount = amount - (amount * PROTOCOL_FEE_BPS) / BPS;
    const route = exactRoute(exactLegs(legs), swapAmount, true, states);
    return route.ok ? route.amountOut : undefined;
  }
  const route = exactRoute(exactLegs(legs), amount, false, states);
  if (!route.ok) return undefined;
  const fee = (route.amountIn * PROTOCOL_FEE_BPS + (BPS - PROTOCOL_FEE_BPS) - 1n) / (BPS - PROTOCOL_FEE_BPS);
  return route.amountIn + fee;
}

describe('an exact route against the Router', () => {
  it('gives what the Router delivers and charges, split over six legs, exact input and exact output', async () => {
    const w = exactWorld();
    const block = await w.client.getBlockNumber();
    const pools = await readPools(w, block);
    const token = (symbol: string) => w.entry.tokens.find((entry) => entry.symbol === symbol)!.address as Address;
    const usdc = w.entry.tokens.find((entry) => entry.kind === 'stable')!.address as Address;
    const legs = routeLegs(pools, w.entry.wrappedNative as Address, usdc, token('ALPHA'));
    const states = new Map(pools.map((read) => [poolKey(read), read.state]));
    const results: { amount: bigint; exactIn: boolean; exact: bigint | undefined; router: bigint | undefined }[] = [];
    const usdcDecimals = BigInt(w.entry.tokens.find((entry) => entry.kind === 'stable')!.decimals);
    for (let k = 0; k < 12; k++) {
      // From 0.001 to 100 native coins in, from 1 to 100,000 USDC out, at odd amounts.
      const scale = BigInt(Math.round(10 ** (k / 2.2) * 1e6 + k * 7919));
      const nativeIn = scale * 10n ** 9n;
      const usdcOut = (scale * 10n ** usdcDecimals) / 1_000_000n;
      for (const [amount, exactIn] of [
        [nativeIn, true],
        [usdcOut, false],
      ] as const) {
        results.push({ amount, exactIn, exact: exactAnswer(legs, states, amount, exactIn), router: await routerSwap(w, legs, usdc, amount, exactIn, block) });
      }
    }
    console.log(results.map(({ amount, exactIn, exact, router }) => `${exactIn ? 'in' : 'out'} ${amount}: exact ${exact}, Router ${router}`).join('\n'));
    expect(results.filter(({ exact, router }) => exact !== router)).toEqual([]);
    expect(results.filter(({ exact }) => exact !== undefined).length).toBeGreaterThanOrEqual(16);
  }, 300_000);
});
