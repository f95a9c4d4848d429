/**
 * Price estimates: the quote engine's routing without a transaction or a simulation. EVM: the quote's
 * candidate routes (server/routing), priced by one QuoteLens call with simulation off (exact pool math); Solana: the
 * route source's price. Our fee model is applied as a quote would; slippage is ignored and nothing is
 * guaranteed.
 */
import { parseUnits, type Address } from 'viem';
import { z } from 'zod';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { ChainDirectory, ConfiguredChain } from '@/server/chains/chain-directory';
import { NATIVE_TOKEN_ADDRESS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { requestChecked } from '@/server/chains/rpc-answers';
import { boundedCache } from '@/server/cache/bounded-cache';
import { AppError } from '@/server/errors';
import { splitAmount, type FeeSplit } from '@/server/fees/fee-model';
import { tradingVenues } from '@/server/venues/evm/trading-venues';
import { mintOf, solUsdPrice, type SolanaTrading } from '@/server/venues/solana/solana-market';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import { findRoutes } from '@/server/routing/find-route';
import { bestByPoolMath } from '@/server/routing/choose-route';
import { decodeLensResult, lensCall } from '@/server/routing/lens-client';

export interface ValueDeps {
  chains: ChainDirectory;
  balances: BalanceReader;
  /** Gas prices, to weigh each leg's gas as a quote does; without them routes are chosen on output alone. */
  priorityFees?: PriorityFeeReader;
  /** Solana's route source and mints; absent where SOL has no route configured. */
  solana?: SolanaTrading;
}

export interface ValueRequest {
  chain: ChainId;
  /** The zero address for the native coin. */
  tokenIn: string;
  tokenOut: string;
  /** tokenIn in whole-token units as exact decimal text (0.5), or the whole balance of a wallet. */
  amount: { decimal: string } | { balanceOf: string };
  /** The fee model applied, as a quote would. */
  fees: FeeSplit;
}

export interface ValueEstimate {
  /** Raw units of tokenIn priced, and its decimals. */
  amountIn: bigint;
  decimalsIn: number;
  /** Raw units of tokenOut it would fetch, and its decimals. */
  amountOut: bigint;
  decimalsOut: number;
  /** Sum of the route's pool fees, percent. */
  cumulativePoolFee: number;
  /** USD value of the output, where a price for it is known. */
  outputValueUsd: number | null;
}

type Estimate = Omit<ValueEstimate, 'amountIn' | 'decimalsIn'>;

interface EstimateRequest {
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  decimalsIn: number;
  fees: FeeSplit;
}

/** A throwaway account the lens runs as: no balances are read, nothing is simulated. */
const ESTIMATE_ACCOUNT = '0x000000000000000000000000000000000000e571' as Address;
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => hex as `0x${string}`);
/** Tokens whose decimals are remembered (any caller may name any contract: the least recently used make way). */
export const VALUE_DECIMALS_ENTRIES = 1_000;
const decimalsCache = boundedCache<string, number>({ name: 'value token decimals', max: VALUE_DECIMALS_ENTRIES });

const ESTIMATORS: Record<ChainFamily, (deps: ValueDeps, chain: ConfiguredChain, request: EstimateRequest) => Promise<Estimate>> = {
  async evm(deps, chain, request) {
    const venues = tradingVenues(chain);
    const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
    const gasPrice = async () => (deps.priorityFees ? (await deps.priorityFees.read(chain.info.id)).MEDIUM.maxFeePerGas : 0n);
    const routes = await findRoutes(chain, venues, {
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
    if (lens.candidates.length === 0) throw new AppError('NO_ROUTE', 'No pool connects these tokens on this chain, directly or through the wrapped native token or the stable.');
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
  },

  async solana(deps, chain, request) {
    if (!deps.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server: no maker or Jupiter route is configured.');
    const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
    const venueIn = feeOnOutput ? request.amountIn : splitAmount(request.amountIn, request.fees).net;
    const route = await deps.solana.source.quote({
      inputMint: mintOf(request.tokenIn), outputMint: mintOf(request.tokenOut), amountIn: venueIn, slippageBps: 0, user: deps.solana.feeCollector,
    });
    const amountOut = feeOnOutput ? splitAmount(route.amountOut, request.fees).net : route.amountOut;
    const decimalsOut = request.tokenOut === NATIVE_TOKEN_ADDRESS ? chain.info.nativeDecimals : (await deps.solana.mints.info(request.tokenOut)).decimals;
    const stable = deps.solana.stable;
    let outputValueUsd: number | null = null;
    if (stable && request.tokenOut === stable.address) outputValueUsd = Number(amountOut) / 10 ** stable.decimals;
    else if (request.tokenOut === NATIVE_TOKEN_ADDRESS) outputValueUsd = (Number(amountOut) / 10 ** chain.info.nativeDecimals) * (await solUsdPrice({ trading: deps.solana }));
    return { amountOut, decimalsOut, cumulativePoolFee: 0.3, outputValueUsd: outputValueUsd === null ? null : round(outputValueUsd) };
  },
};

export async function estimateValue(deps: ValueDeps, request: ValueRequest): Promise<ValueEstimate> {
  const chain = deps.chains[request.chain];
  const { tokenIn, tokenOut } = request;
  let amountIn: bigint;
  let decimalsIn: number;
  if ('balanceOf' in request.amount) {
    const held = await deps.balances.read(request.chain, request.amount.balanceOf, tokenIn === NATIVE_TOKEN_ADDRESS ? undefined : tokenIn);
    amountIn = held.balance;
    decimalsIn = held.decimals;
    if (amountIn === 0n) throw new AppError('INSUFFICIENT_BALANCE', 'The trader holds none of the token to price; give amount instead.', { field: 'trader' });
  } else {
    decimalsIn = await decimalsOf(deps, chain, tokenIn);
    amountIn = parseUnits(request.amount.decimal, decimalsIn);
    if (amountIn === 0n) throw new AppError('INVALID_INPUT', `amount: is smaller than one unit of the token (${decimalsIn} decimals).`, { field: 'amount' });
  }
  const result = await ESTIMATORS[chain.info.family](deps, chain, { tokenIn, tokenOut, amountIn, decimalsIn, fees: request.fees });
  return { ...result, amountIn, decimalsIn };
}

async function decimalsOf(deps: ValueDeps, chain: ConfiguredChain, token: string): Promise<number> {
  if (token === NATIVE_TOKEN_ADDRESS) return chain.info.nativeDecimals;
  if (chain.info.family === 'solana') {
    if (!deps.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server.');
    return (await deps.solana.mints.info(token)).decimals;
  }
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

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

