/** The EVM family's value estimates: the quote's candidate routes priced by one QuoteLens call with simulation off. */
import type { Address } from 'viem';
import { z } from 'zod';
import { boundedCache, type BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { requestChecked } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import { bestByPoolMath } from '@/server/routing/choose-route';
import { findRoutes } from '@/server/routing/find-route';
import type { RoutingCaches } from '@/server/routing/routing-caches';
import { decodeLensResult, lensCall } from '@/server/routing/lens-client';
import { tradingVenues } from '@/server/venues/evm/trading-venues';
import { splitAmount } from '@/server/fees/fee-model';
import { round, type Estimate, type EstimateRequest, type ValueDeps, type ValueEstimator } from './value';

/** A throwaway account the lens runs as: no balances are read, nothing is simulated. */
const ESTIMATE_ACCOUNT = '0x000000000000000000000000000000000000e571' as Address;
const hexData = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => hex as `0x${string}`);
/** Tokens whose decimals are remembered (any caller may name any contract: the least recently used make way). */
export const VALUE_DECIMALS_ENTRIES = 1_000;

/**
 * The EVM estimator of one services instance: it shares routing's memory with the quotes (`routing`) and
 * keeps the decimals of the tokens it was asked about.
 */
export function createEvmValueEstimator(routing: RoutingCaches): ValueEstimator {
  const decimalsCache = boundedCache<string, number>({ name: 'value token decimals', max: VALUE_DECIMALS_ENTRIES });
  return {
    pricesWholeBalance: true,
    decimals: (_deps, chain, token) => tokenDecimals(decimalsCache, chain, token),
    estimate: (deps, chain, request) => estimateOnRoutes(routing, deps, chain, request),
  };
}

/** A token's decimals, remembered per chain and token. */
async function tokenDecimals(decimalsCache: BoundedCache<string, number>, chain: ConfiguredChain, token: string): Promise<number> {
  const key = `${chain.info.id}:${token.toLowerCase()}`;
  const known = decimalsCache.get(key);
  if (known !== undefined) return known;
  // decimals(); a contract that reverts on it, or an address without code, is not a token.
  const answer = await requestChecked(chain.rpc, 'eth_call', [{ to: token, data: '0x313ce567' }, 'latest'], hexData).catch((error: unknown) => {
    if (error instanceof AppError && error.cause instanceof JsonRpcError) return '0x' as const;
    throw error;
  });
  if (answer === '0x') throw new AppError('NOT_FOUND', `No token contract at ${token} on ${chain.info.id}.`);
  const decimals = Number(BigInt(answer.slice(0, 66)));
  if (!Number.isInteger(decimals) || decimals > 36) throw new AppError('NOT_FOUND', `${token} on ${chain.info.id} does not answer like an ERC-20 token.`);
  decimalsCache.set(key, decimals);
  return decimals;
}

/** The trade's candidate routes, priced by one QuoteLens call with simulation off; the best net of gas. */
async function estimateOnRoutes(routing: RoutingCaches, deps: ValueDeps, chain: ConfiguredChain, request: EstimateRequest): Promise<Estimate> {
  const venues = tradingVenues(chain);
  const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
  const gasPrice = async () => (deps.priorityFees ? (await deps.priorityFees.read(chain.info.id)).MEDIUM.maxFeePerGas : 0n);
  const routes = await findRoutes(routing, chain, venues, {
    tokenIn: request.tokenIn as Address,
    tokenOut: request.tokenOut as Address,
    swapAmount: feeOnOutput ? request.amountIn : splitAmount(request.amountIn, request.fees).net,
    gasPrice,
  });
  const call = lensCall(venues, {
    router: chain.routerAddress as Address,
    trader: ESTIMATE_ACCOUNT,
    tokenIn: request.tokenIn as Address,
    tokenOut: request.tokenOut as Address,
    amountIn: request.amountIn,
    protocolFeeBps: request.fees.protocolBps,
    integratorFeeBps: request.fees.integratorBps,
    integrator: ESTIMATE_ACCOUNT,
    approvalToken: NATIVE_TOKEN_ADDRESS,
    simulate: false,
    routes,
  });
  const lens = decodeLensResult(await requestChecked(chain.rpc, call.method, call.params, hexData), routes);
  if (lens.candidates.length === 0)
    throw new AppError('NO_ROUTE', 'No pool connects these tokens on this chain, directly or through the wrapped native token or the stable.');
  // Chosen as a quote chooses (net of gas), so an estimate and a quote of the same trade take the same route.
  const best = bestByPoolMath(lens, await gasPrice(), request.tokenOut);
  const amountOut = feeOnOutput ? splitAmount(best.poolAmountOut, request.fees).net : best.poolAmountOut;
  const nativeUsd = Number(lens.nativeUsd) / 10 ** venues.stable.decimals;
  // Pool fees along each leg, weighted by the leg's share of the input.
  const cumulativePoolFee = best.legs.reduce((sum, leg) => sum + (leg.share / 1_000_000) * leg.hops.reduce((fees, hop) => fees + hop.fee / 10_000, 0), 0);
  const nativeUnit = 10 ** chain.info.nativeDecimals;
  let outputValueUsd: number;
  if (request.tokenOut === NATIVE_TOKEN_ADDRESS) outputValueUsd = (Number(amountOut) / nativeUnit) * nativeUsd;
  else if (request.tokenOut.toLowerCase() === venues.stable.address.toLowerCase()) outputValueUsd = Number(amountOut) / 10 ** venues.stable.decimals;
  else outputValueUsd = (Number(lens.amountInNative) / nativeUnit) * nativeUsd * (1 - cumulativePoolFee / 100);
  return { amountOut, decimalsOut: lens.decimalsOut, cumulativePoolFee: round(cumulativePoolFee), outputValueUsd: round(outputValueUsd) };
}
