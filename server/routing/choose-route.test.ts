import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import type { LevelFees } from '@/server/chains/fee-levels';
import { bestByPoolMath, chooseRoute } from './choose-route';
import type { LensCandidate, LensResult } from './lens-client';
import type { RouteRequest } from './route-request';

const ZERO = '0x0000000000000000000000000000000000000000' as Address;
const TOKEN_IN = '0x00000000000000000000000000000000000000a1' as Address;
const TOKEN_OUT = '0x00000000000000000000000000000000000000b2' as Address;
const GWEI = 10n ** 9n;
const fees: LevelFees = { maxFeePerGas: 10n * GWEI, maxPriorityFeePerGas: GWEI, gasPrice: 10n * GWEI };

function candidate({ hops = 1, legs: legCount = 1, ...overrides }: Partial<Omit<LensCandidate, 'legs'>> & { hops?: number; legs?: number }): LensCandidate {
  const hop = { venue: 'UNISWAP_V2' as const, routerIndex: 0, pool: TOKEN_IN, tokenIn: TOKEN_IN, tokenOut: TOKEN_OUT, fee: 3000, tickSpacing: 0 };
  const legs = Array.from({ length: legCount }, () => ({ share: 1, hops: Array.from({ length: hops }, () => hop) }));
  return {
    legs,
    poolAmountOut: 0n,
    spot: [],
    simulated: true,
    ok: true,
    amountOut: 0n,
    gasUsed: 100_000n,
    revertData: '0x',
    transferBlocked: false,
    ...overrides,
  };
}

function lens(candidates: LensCandidate[], amountInNative = 10n ** 18n): LensResult {
  return {
    blockNumber: 1n,
    timestamp: 1n,
    baseFee: GWEI,
    balanceIn: 0n,
    allowanceIn: 0n,
    approvalAllowance: 0n,
    approvalGas: 0n,
    approvalNeedsReset: false,
    decimalsIn: 18,
    decimalsOut: 18,
    nativeUsd: 0n,
    amountInNative,
    candidates,
    preCallGas: [],
  };
}

const request = (overrides: Partial<RouteRequest> = {}): RouteRequest => ({
  side: 'SELL',
  tokenIn: TOKEN_IN,
  tokenOut: TOKEN_OUT,
  fees: { protocolBps: 0, integratorBps: 0 },
  requireSimulation: false,
  ...overrides,
});

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return undefined;
};

describe('chooseRoute', () => {
  it('refuses with NO_ROUTE when the lens found no candidate', () => {
    expect(codeOf(() => chooseRoute(lens([]), request(), fees, true))).toBe('NO_ROUTE');
  });

  it('picks the simulated route whose output net of its gas is highest, not the highest output', () => {
    // Output and input are worth the same (amountInNative = amountOut), so 1 gas wei costs 1 unit of output.
    const cheap = candidate({ amountOut: 10n ** 18n, gasUsed: 100_000n });
    const greedy = candidate({ amountOut: 10n ** 18n + 500_000n * fees.maxFeePerGas, gasUsed: 1_100_000n, legs: 3 });
    const chosen = chooseRoute(lens([greedy, cheap], 10n ** 18n), request(), fees, true);
    expect(chosen).toMatchObject({ candidate: cheap, amountOut: cheap.amountOut, gasUsed: 100_000n, simulated: true });
    const worthIt = candidate({ amountOut: 10n ** 18n + 2_000_000n * fees.maxFeePerGas, gasUsed: 1_100_000n });
    expect(chooseRoute(lens([cheap, worthIt], 10n ** 18n), request(), fees, true).candidate).toBe(worthIt);
  });

  it('skips failed simulations and routes over the gas budget, and refuses when only those are left', () => {
    const failed = candidate({ ok: false, amountOut: 5n * 10n ** 18n });
    const costly = candidate({ amountOut: 2n * 10n ** 18n, gasUsed: 2_000_000n });
    const fits = candidate({ amountOut: 10n ** 18n, gasUsed: 150_000n });
    expect(chooseRoute(lens([failed, costly, fits]), request({ maxTradeGas: 500_000n }), fees, true).candidate).toBe(fits);
    expect(codeOf(() => chooseRoute(lens([costly]), request({ maxTradeGas: 500_000n }), fees, true))).toBe('NO_ROUTE');
  });

  it('without a simulation, says why when the trader holds the input: a blocked transfer or the revert', () => {
    const blocked = candidate({ ok: false, simulated: true, transferBlocked: true, poolAmountOut: 10n });
    expect(codeOf(() => chooseRoute(lens([blocked]), request(), fees, true))).toBe('TRANSFER_BLOCKED');
    const reverted = candidate({ ok: false, poolAmountOut: 10n, revertData: '0x' });
    expect(codeOf(() => chooseRoute(lens([reverted]), request(), fees, true))).toBe('SIMULATION_FAILED');
  });

  it('prices from pool math when the trader does not hold the input, unless a simulation is required', () => {
    const byPool = candidate({ ok: false, simulated: false, poolAmountOut: 7_000n });
    const chosen = chooseRoute(lens([byPool]), request(), fees, false);
    expect(chosen).toMatchObject({ amountOut: 7_000n, simulated: false });
    expect(chosen.gasUsed).toBeGreaterThan(0n);
    expect(codeOf(() => chooseRoute(lens([byPool]), request({ requireSimulation: true }), fees, false))).toBe('INSUFFICIENT_BALANCE');
  });

  it('takes the output-side fees off a pool-math amount paid in the native coin', () => {
    const byPool = candidate({ ok: false, simulated: false, poolAmountOut: 10_000n });
    const toNative = request({ tokenOut: ZERO, fees: { protocolBps: 50, integratorBps: 50 } });
    expect(chooseRoute(lens([byPool]), toNative, fees, false).amountOut).toBe(9_900n);
  });
});

describe('bestByPoolMath', () => {
  it('charges each candidate its estimated gas (more legs and hops cost more)', () => {
    const direct = candidate({ poolAmountOut: 1_000_000n });
    const split = candidate({ poolAmountOut: 1_000_000n + 1n, legs: 4, hops: 2 });
    expect(bestByPoolMath(lens([split, direct]), fees.maxFeePerGas, TOKEN_OUT)).toBe(direct);
    expect(bestByPoolMath(lens([split, direct]), 0n, TOKEN_OUT)).toBe(split);
    expect(bestByPoolMath(lens([split, direct]), fees.maxFeePerGas, ZERO)).toBe(direct);
  });
});
