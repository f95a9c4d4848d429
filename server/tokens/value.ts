/**
 * Price estimates (`/api/v1/value`, `/api/v2/value`): the quote engine's routing without a transaction or a
 * simulation. EVM: one QuoteLens call with simulation off (pool discovery and pool math only); Solana: the
 * route source's price. Our fee model is applied as a quote would; slippage is ignored and nothing is
 * guaranteed.
 */
import { formatUnits, parseUnits, type Address } from 'viem';
import { z } from 'zod';
import type { v1ValueInput, v1ValueOutput, v2ValueInput, v2ValueOutput } from '@/server/api/contract/tokens';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { detectChain } from '@/server/chains/detect-chain';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { JsonRpcError } from '@/server/chains/json-rpc';
import { requestChecked } from '@/server/chains/rpc-answers';
import { AppError } from '@/server/errors';
import type { Services } from '@/server/services';
import { feeSplit, splitAmount, type FeeModelVersion, type FeeSplit } from '@/server/trading/fee-model';
import { tradingVenues } from '@/server/trading/evm/evm-quote';
import { mintOf, solUsdPrice } from '@/server/trading/solana/solana-quote';
import { decodeLensResult, lensCall } from '@/server/routing/lens-client';

type ValueServices = Pick<Services, 'chains' | 'balances' | 'solana'>;

interface Estimate {
  amountOut: bigint;
  decimalsOut: number;
  /** Sum of the route's pool fees, percent. */
  cumulativePoolFee: number;
  outputValueUsd: number | null;
}

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
const decimalsCache = new Map<string, number>();

const ESTIMATORS: Record<ChainFamily, (services: ValueServices, chain: ConfiguredChain, request: EstimateRequest) => Promise<Estimate>> = {
  async evm(_services, chain, request) {
    const venues = tradingVenues(chain);
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
    });
    const lens = decodeLensResult(await requestChecked(chain.rpc, call.method, call.params, hexData));
    const best = lens.candidates.reduce<(typeof lens.candidates)[number] | undefined>(
      (top, candidate) => (!top || candidate.poolAmountOut > top.poolAmountOut ? candidate : top), undefined);
    if (!best) throw new AppError('NO_ROUTE', 'No pool connects these tokens on this chain, directly or through the wrapped native token or the stable.');
    const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
    const amountOut = feeOnOutput ? splitAmount(best.poolAmountOut, request.fees).net : best.poolAmountOut;
    const nativeUsd = Number(lens.nativeUsd) / 10 ** venues.stable.decimals;
    const cumulativePoolFee = best.hops.reduce((sum, hop) => sum + hop.fee / 10_000, 0);
    let outputValueUsd: number;
    if (request.tokenOut === NATIVE_TOKEN_ADDRESS) outputValueUsd = (Number(amountOut) / 1e18) * nativeUsd;
    else if (request.tokenOut.toLowerCase() === venues.stable.address.toLowerCase()) outputValueUsd = Number(amountOut) / 10 ** venues.stable.decimals;
    else outputValueUsd = (Number(lens.amountInNative) / 1e18) * nativeUsd * (1 - cumulativePoolFee / 100);
    return { amountOut, decimalsOut: lens.decimalsOut, cumulativePoolFee: round(cumulativePoolFee), outputValueUsd: round(outputValueUsd) };
  },

  async solana(services, _chain, request) {
    if (!services.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server: no maker or Jupiter route is configured.');
    const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
    const venueIn = feeOnOutput ? request.amountIn : splitAmount(request.amountIn, request.fees).net;
    const route = await services.solana.source.quote({
      inputMint: mintOf(request.tokenIn), outputMint: mintOf(request.tokenOut), amountIn: venueIn, slippageBps: 0, user: services.solana.feeCollector,
    });
    const amountOut = feeOnOutput ? splitAmount(route.amountOut, request.fees).net : route.amountOut;
    const decimalsOut = request.tokenOut === NATIVE_TOKEN_ADDRESS ? 9 : (await services.solana.mints.info(request.tokenOut)).decimals;
    const stable = services.solana.stable;
    let outputValueUsd: number | null = null;
    if (stable && request.tokenOut === stable.address) outputValueUsd = Number(amountOut) / 10 ** stable.decimals;
    else if (request.tokenOut === NATIVE_TOKEN_ADDRESS) outputValueUsd = (Number(amountOut) / 1e9) * (await solUsdPrice({ trading: services.solana }));
    return { amountOut, decimalsOut, cumulativePoolFee: 0.3, outputValueUsd: outputValueUsd === null ? null : round(outputValueUsd) };
  },
};

export async function valueV1(services: ValueServices, input: z.output<typeof v1ValueInput>): Promise<z.input<typeof v1ValueOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { field: 'token' }));
  const buy = input.side === 'BUY';
  const [tokenIn, tokenOut] = buy ? [NATIVE_TOKEN_ADDRESS, input.token] : [input.token, NATIVE_TOKEN_ADDRESS];
  const result = await estimate(services, chain, 'v1', tokenIn, tokenOut, input.amount, input.trader);
  return { success: true, side: input.side, cumulativePoolFee: result.cumulativePoolFee, ...amounts(tokenIn, tokenOut, result) };
}

export async function valueV2(services: ValueServices, input: z.output<typeof v2ValueInput>): Promise<z.input<typeof v2ValueOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.tokenIn === NATIVE_TOKEN_ADDRESS ? input.tokenOut : input.tokenIn, { field: 'tokenIn' }));
  if (input.amount === undefined && CHAINS[chain].family === 'solana') {
    throw new AppError('INVALID_INPUT', 'amount: is required on SOL (the whole balance cannot be priced there)', { field: 'amount' });
  }
  const result = await estimate(services, chain, 'v2', input.tokenIn, input.tokenOut, input.amount, input.trader);
  return {
    success: true,
    side: input.tokenIn === NATIVE_TOKEN_ADDRESS ? 'BUY' : 'SELL',
    cumulativePoolFee: result.cumulativePoolFee,
    outputValueUsd: result.outputValueUsd,
    error: null,
    ...amounts(input.tokenIn, input.tokenOut, result),
  };
}

interface EstimateResult extends Estimate {
  amountIn: bigint;
  decimalsIn: number;
}

async function estimate(
  services: ValueServices, chainId: ChainId, version: FeeModelVersion, tokenIn: string, tokenOut: string, amount: number | undefined, trader: string | undefined,
): Promise<EstimateResult> {
  const chain = services.chains[chainId];
  let amountIn: bigint;
  let decimalsIn: number;
  if (amount === undefined) {
    // The whole balance of the trader (validation made sure there is one where this is allowed).
    const held = await services.balances.read(chainId, trader!, tokenIn === NATIVE_TOKEN_ADDRESS ? undefined : tokenIn);
    amountIn = held.balance;
    decimalsIn = held.decimals;
    if (amountIn === 0n) throw new AppError('INSUFFICIENT_BALANCE', 'The trader holds none of the token to price; give amount instead.', { field: 'trader' });
  } else {
    decimalsIn = await decimalsOf(services, chain, tokenIn);
    amountIn = parseUnits(decimalText(amount), decimalsIn);
    if (amountIn === 0n) throw new AppError('INVALID_INPUT', `amount: is smaller than one unit of the token (${decimalsIn} decimals).`, { field: 'amount' });
  }
  const result = await ESTIMATORS[chain.info.family](services, chain, { tokenIn, tokenOut, amountIn, decimalsIn, fees: feeSplit(version, 0) });
  return { ...result, amountIn, decimalsIn };
}

function amounts(tokenIn: string, tokenOut: string, result: EstimateResult) {
  return {
    inputAddress: tokenIn,
    inputAmount: Number(formatUnits(result.amountIn, result.decimalsIn)),
    outputAddress: tokenOut,
    outputAmount: Number(formatUnits(result.amountOut, result.decimalsOut)),
  };
}

async function decimalsOf(services: ValueServices, chain: ConfiguredChain, token: string): Promise<number> {
  if (token === NATIVE_TOKEN_ADDRESS) return chain.info.nativeDecimals;
  if (chain.info.family === 'solana') {
    if (!services.solana) throw new AppError('CHAIN_UNAVAILABLE', 'Prices on SOL are not available on this server.');
    return (await services.solana.mints.info(token)).decimals;
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

/** A JSON number as exact decimal text (no exponent) for parseUnits. */
function decimalText(value: number): string {
  const text = String(value);
  return text.includes('e') ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

