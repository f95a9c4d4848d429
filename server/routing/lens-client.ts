/**
 * Runs the QuoteLens (contracts/lens) with one `eth_call`: its code is installed at the trader's address
 * by a state override, so every candidate route is priced by the real Router call made by the trader.
 */
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, numberToHex, type Address, type Hex } from 'viem';
import type { EvmVenues } from '@/server/chains/chain-directory';
import { quoteLensAbi, quoteLensRuntime } from '@/server/venues/evm/generated/contracts';
import { deployedVenues, lensSearchVenue } from '@/server/venues/evm/venue-table';
import type { RouteHop, RouteLeg } from './route-types';

export interface LensRequest {
  router: Address;
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  protocolFeeBps: number;
  integratorFeeBps: number;
  integrator: Address;
  /** A token whose allowance to the Router should be read and whose approval gas should be measured. */
  approvalToken: Address;
  simulate: boolean;
  /** Routes to verify; none: the lens looks for direct and two-hop routes itself. */
  routes?: readonly RouteLeg[][];
  /** The trader's transactions before the trade (the quote's `extra`), run first so the simulations see them. */
  preCalls?: readonly LensPreCall[];
}

export interface LensPreCall {
  target: Address;
  value: bigint;
  data: Hex;
}

export interface LensCandidate {
  legs: RouteLeg[];
  poolAmountOut: bigint;
  spot: (readonly [bigint, bigint])[];
  simulated: boolean;
  ok: boolean;
  amountOut: bigint;
  gasUsed: bigint;
  revertData: Hex;
  transferBlocked: boolean;
}

export interface LensResult {
  blockNumber: bigint;
  timestamp: bigint;
  baseFee: bigint;
  balanceIn: bigint;
  allowanceIn: bigint;
  approvalAllowance: bigint;
  approvalGas: bigint;
  approvalNeedsReset: boolean;
  decimalsIn: number;
  decimalsOut: number;
  nativeUsd: bigint;
  amountInNative: bigint;
  candidates: LensCandidate[];
  /** Gas each pre-call used; 0 where it reverted. */
  preCallGas: bigint[];
}

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000' as Address;

/** Native handed to the trader for the call only, so native-in routes simulate whatever the wallet holds. */
const SIMULATED_NATIVE = 10n ** 30n;

/** The chain's deployed venues as the QuoteLens takes them (`LensVenues.VenueConfig`), in table order. */
export function lensVenues(venues: EvmVenues) {
  // The lens's own search prices V2 pairs, and V3 pools where the venue's QuoterV2 is deployed; the server's
  // routes cover every venue.
  const searched = deployedVenues(venues).filter(
    ({ venue, deployment }) => venue.lensSearch === 'pair' || (venue.lensSearch === 'quoter' && deployment.quoter),
  );
  return searched.map(({ venue, deployment }) => ({
    kind: venue.routerKind,
    factory: deployment.factory,
    quoter: deployment.quoter ?? ZERO_ADDRESS,
    fees: [...venue.feeTiers],
  }));
}

/** The eth_call (params) that runs the lens; the caller sends it, possibly inside a batch. */
export function lensCall(venues: EvmVenues, request: LensRequest): { method: 'eth_call'; params: unknown[] } {
  const data = encodeFunctionData({
    abi: quoteLensAbi,
    functionName: 'quote',
    args: [
      {
        router: request.router,
        tokenIn: request.tokenIn,
        tokenOut: request.tokenOut,
        amountIn: request.amountIn,
        protocolFeeBps: request.protocolFeeBps,
        integratorFeeBps: request.integratorFeeBps,
        integrator: request.integrator,
        wrappedNative: venues.wrappedNative as Address,
        stable: venues.stable.address as Address,
        venues: lensVenues(venues),
        connectors: [venues.wrappedNative as Address, venues.stable.address as Address],
        approvalToken: request.approvalToken,
        simulate: request.simulate,
        routes: (request.routes ?? []).map((legs) => ({ legs: legs.map(routerLeg) })),
        preCalls: [...(request.preCalls ?? [])],
      },
    ],
  });
  const override: Record<string, { code: Hex; balance?: Hex }> = {
    [request.trader]: {
      code: quoteLensRuntime,
      ...(request.tokenIn === ZERO_ADDRESS ? { balance: numberToHex(SIMULATED_NATIVE + request.amountIn) } : {}),
    },
  };
  return { method: 'eth_call', params: [{ to: request.trader, data }, 'latest', override] };
}

/** The lens's answer; `routes` (the request's) name the venues of given routes exactly (two venues share a Router kind). */
export function decodeLensResult(raw: Hex, routes?: readonly RouteLeg[][]): LensResult {
  const result = decodeFunctionResult({ abi: quoteLensAbi, functionName: 'quote', data: raw });
  return {
    blockNumber: result.blockNumber,
    timestamp: result.timestamp,
    baseFee: result.baseFee,
    balanceIn: result.balanceIn,
    allowanceIn: result.allowanceIn,
    approvalAllowance: result.approvalAllowance,
    approvalGas: result.approvalGas,
    approvalNeedsReset: result.approvalNeedsReset,
    decimalsIn: result.decimalsIn,
    decimalsOut: result.decimalsOut,
    nativeUsd: result.nativeUsd,
    amountInNative: result.amountInNative,
    candidates: result.candidates.map((candidate, index) => ({
      legs: routes?.[index] ? [...routes[index]] : candidate.legs.map((leg) => ({ share: leg.share, hops: leg.hops.map(routeHop) })),
      poolAmountOut: candidate.poolAmountOut,
      spot: candidate.spot.map((pair) => [pair[0], pair[1]] as const),
      simulated: candidate.simulated,
      ok: candidate.ok,
      amountOut: candidate.amountOut,
      gasUsed: candidate.gasUsed,
      revertData: candidate.revertData,
      transferBlocked: candidate.transferBlocked,
    })),
    preCallGas: [...result.preCallGas],
  };
}

/** A leg as the Router's ABI takes it. */
export function routerLeg(leg: RouteLeg) {
  return {
    share: leg.share,
    hops: leg.hops.map((hop) => ({
      venue: hop.routerIndex,
      pool: hop.pool,
      tokenIn: hop.tokenIn,
      tokenOut: hop.tokenOut,
      fee: hop.fee,
      tickSpacing: hop.tickSpacing,
      hooks: ZERO_ADDRESS,
    })),
  };
}

function routeHop(hop: { venue: number; pool: Address; tokenIn: Address; tokenOut: Address; fee: number; tickSpacing: number }): RouteHop {
  return {
    venue: lensSearchVenue(hop.venue, hop.fee).id,
    routerIndex: hop.venue,
    pool: hop.pool,
    tokenIn: hop.tokenIn,
    tokenOut: hop.tokenOut,
    fee: hop.fee,
    tickSpacing: hop.tickSpacing,
  };
}

export interface PreflightCall {
  trader: Address;
  /** The quoted pre-trade transactions not yet mined (the `extra`): applied first, as the trader. */
  preCalls?: readonly LensPreCall[];
  /** The quoted approval not yet mined: applied first, as the trader. */
  approveToken?: Address;
  spender: Address;
  to: Address;
  value: bigint;
  data: Hex;
}

/**
 * The eth_call that runs a quoted call as the trader (after the quoted approval, when one precedes it) on
 * the trader's real balances; it reverts with the call's own revert data.
 */
export function preflightCall(call: PreflightCall): { method: 'eth_call'; params: unknown[] } {
  return callAsTrader('simulateCall', call);
}

/** As preflightCall, answering the gas the call used and what it returned (decodeMeasuredCall). */
export function measuredCall(call: PreflightCall): { method: 'eth_call'; params: unknown[] } {
  return callAsTrader('measureCall', call);
}

export function decodeMeasuredCall(raw: Hex): { gasUsed: bigint; result: Hex } {
  const [gasUsed, result] = decodeFunctionResult({ abi: quoteLensAbi, functionName: 'measureCall', data: raw });
  return { gasUsed, result };
}

function callAsTrader(functionName: 'simulateCall' | 'measureCall', call: PreflightCall): { method: 'eth_call'; params: unknown[] } {
  const data = encodeFunctionData({
    abi: quoteLensAbi,
    functionName,
    args: [[...(call.preCalls ?? [])], call.approveToken ?? ZERO_ADDRESS, call.spender, call.to, call.value, call.data],
  });
  return { method: 'eth_call', params: [{ to: call.trader, data }, 'latest', { [call.trader]: { code: quoteLensRuntime } }] };
}

/** An eth_call that tries a plain transfer as the trader; it always reverts (see decodeLensTransferProbe). */
export function transferProbeCall(trader: Address, token: Address, to: Address, amount: bigint): { method: 'eth_call'; params: unknown[] } {
  const data = encodeFunctionData({ abi: quoteLensAbi, functionName: 'simulateTransfer', args: [token, to, amount] });
  return { method: 'eth_call', params: [{ from: trader, to: trader, data }, 'latest', { [trader]: { code: quoteLensRuntime } }] };
}

/** True when the probe's revert says the transfer went through. */
export function decodeLensTransferProbe(revertData: Hex | undefined): boolean {
  if (!revertData) return false;
  try {
    return decodeErrorResult({ abi: quoteLensAbi, data: revertData }).errorName === 'TransferAllowed';
  } catch {
    return false;
  }
}
