import { decodeFunctionData, encodeErrorResult, encodeFunctionResult, getAddress, type Address, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import type { EvmVenues } from '@/server/chains/chain-directory';
import { quoteLensAbi, quoteLensRuntime } from '@/server/venues/evm/generated/contracts';
import { decodeLensResult, decodeLensTransferProbe, lensCall, routerLeg, type LensRequest } from './lens-client';
import type { RouteLeg } from './route-types';

const address = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
const ZERO = address(0);
const [TRADER, ROUTER, TOKEN, WRAPPED, STABLE, POOL] = [address(0xa), address(0xb), address(0xc), address(0xd), address(0xe), address(0xf)];
const venues: EvmVenues = { wrappedNative: WRAPPED, stable: { address: STABLE, decimals: 6 }, multicall3: address(0x11) };

const request = (overrides: Partial<LensRequest> = {}): LensRequest => ({
  router: ROUTER,
  trader: TRADER,
  tokenIn: TOKEN,
  tokenOut: ZERO,
  amountIn: 1000n,
  protocolFeeBps: 10,
  integratorFeeBps: 0,
  integrator: ZERO,
  approvalToken: TOKEN,
  simulate: true,
  ...overrides,
});

const leg: RouteLeg = {
  share: 1_000_000,
  hops: [{ venue: 'PANCAKESWAP_V3', routerIndex: 1, pool: POOL, tokenIn: TOKEN, tokenOut: WRAPPED, fee: 2500, tickSpacing: 0 }],
};

describe('lensCall', () => {
  it('runs the lens at the trader by a code override, with the routes as the Router takes them', () => {
    const { params } = lensCall(venues, request({ routes: [[leg]] }));
    const [call, block, override] = params as [{ to: Address; data: Hex }, string, Record<string, { code: Hex; balance?: Hex }>];
    expect(call.to).toBe(TRADER);
    expect(block).toBe('latest');
    expect(override[TRADER]).toEqual({ code: quoteLensRuntime });
    const { args } = decodeFunctionData({ abi: quoteLensAbi, data: call.data });
    const input = (args as readonly [{ routes: readonly { legs: readonly unknown[] }[]; connectors: readonly Address[] }])[0];
    expect(input.routes[0]!.legs[0]).toEqual(routerLeg(leg));
    expect(input.connectors).toEqual([WRAPPED, STABLE]);
  });

  it('hands the trader native coin for the call only when it sells the native coin', () => {
    const [, , override] = lensCall(venues, request({ tokenIn: ZERO })).params as [unknown, unknown, Record<string, { balance?: Hex }>];
    expect(BigInt(override[TRADER]!.balance!)).toBeGreaterThan(1000n);
  });
});

describe('decodeLensResult', () => {
  it('names the venues of the routes it was given exactly (two venues share a Router kind)', () => {
    const candidate = {
      legs: [routerLeg(leg)],
      poolAmountOut: 9n,
      spot: [[1n, 2n]] as const,
      simulated: true,
      ok: true,
      amountOut: 8n,
      gasUsed: 70_000n,
      revertData: '0x' as Hex,
      transferBlocked: false,
    };
    const raw = encodeFunctionResult({
      abi: quoteLensAbi,
      functionName: 'quote',
      result: {
        blockNumber: 5n,
        timestamp: 6n,
        baseFee: 7n,
        balanceIn: 1n,
        allowanceIn: 2n,
        approvalAllowance: 3n,
        approvalGas: 4n,
        approvalNeedsReset: false,
        decimalsIn: 18,
        decimalsOut: 6,
        nativeUsd: 3000n,
        amountInNative: 1000n,
        candidates: [candidate],
        preCallGas: [21_000n],
      },
    });
    const result = decodeLensResult(raw, [[leg]]);
    expect(result).toMatchObject({ blockNumber: 5n, decimalsOut: 6, preCallGas: [21_000n] });
    expect(result.candidates[0]).toMatchObject({ legs: [leg], amountOut: 8n, gasUsed: 70_000n, spot: [[1n, 2n]] });
  });
});

describe('decodeLensTransferProbe', () => {
  it('is true only for the lens error that says the transfer went through', () => {
    const allowed = encodeErrorResult({ abi: quoteLensAbi, errorName: 'TransferAllowed' });
    expect(decodeLensTransferProbe(allowed)).toBe(true);
    expect(decodeLensTransferProbe('0x08c379a0')).toBe(false);
    expect(decodeLensTransferProbe(undefined)).toBe(false);
  });
});
