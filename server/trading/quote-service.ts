/**
 * The v1 and v2 quote endpoints: each turns its request shape into one swap request for the chain family's
 * quote engine and the engine's answer back into its response shape.
 */
import { getAddress, parseUnits } from 'viem';
import type { z } from 'zod';
import type { v1QuoteInput, v1QuoteOutput, v2QuoteInput, v2QuoteOutput } from '@/server/api/contract/trading';
import { detectChain } from '@/server/chains/detect-chain';
import { CHAINS, NATIVE_TOKEN_ADDRESS, V1_QUOTE_CHAINS, type ChainFamily, type ChainId } from '@/server/chains/registry';
import { AppError, notImplemented } from '@/server/errors';
import type { Services } from '@/server/services';
import { feeSplit, type FeeModelVersion, type FeeSplit } from './fee-model';
import { quoteEvmSwap, type EvmQuoteRequest } from './evm/evm-quote';
import { quoteSolanaSwap } from './solana/solana-quote';
import type { SwapQuote, SwapRequest } from './swap-types';

type QuoteServices = Pick<Services, 'chains' | 'priorityFees' | 'appSecret'> & Partial<Pick<Services, 'balances' | 'solana'>>;

/** Each chain family's quote engine behind one signature: callers never branch on chain names. */
const QUOTERS: Record<ChainFamily, (services: QuoteServices, chain: ChainId, request: SwapRequest) => Promise<SwapQuote>> = {
  evm: (services, chain, request) =>
    quoteEvmSwap({ chain: services.chains[chain], fees: services.priorityFees, secret: services.appSecret }, request as EvmQuoteRequest),
  solana: (services, chain, request) => {
    if (!services.solana || !services.balances) throw new AppError('CHAIN_UNAVAILABLE', 'Trading is not set up on SOL on this server: no maker or Jupiter route is configured.');
    return quoteSolanaSwap(
      { chain: services.chains[chain], trading: services.solana, balances: services.balances, fees: services.priorityFees, secret: services.appSecret },
      request,
    );
  },
};

/** Addresses in their family's canonical form: checksummed EVM hex; base58 (and the native sentinel) as given. */
function canonical(chain: ChainId, address: string): string {
  return CHAINS[chain].family === 'evm' || address === NATIVE_TOKEN_ADDRESS ? getAddress(address) : address;
}

export async function quoteV2(services: QuoteServices, input: z.output<typeof v2QuoteInput>): Promise<z.input<typeof v2QuoteOutput>> {
  const trader = canonical(input.chain, requireTrader(input.trader));
  const tokenIn = canonical(input.chain, input.tokenIn);
  const tokenOut = canonical(input.chain, input.tokenOut);
  const nativeIn = tokenIn === NATIVE_TOKEN_ADDRESS;
  const evm = CHAINS[input.chain].family === 'evm';
  const quote = await quoteOnChain(services, input.chain, {
    channel: 'v2',
    approvalReset: 'extra',
    side: nativeIn ? 'BUY' : 'SELL',
    trader,
    tokenIn,
    tokenOut,
    amount: input.amount.endsWith('%')
      ? { balanceBps: Math.round(Number(input.amount.slice(0, -1)) * 100) }
      : { raw: BigInt(input.amount) },
    slippageBps: input.slippage,
    priority: input.priority ?? 'MEDIUM',
    fees: fees('v2', input.fee ?? 0),
    integrator: input.integrator ? canonical(input.chain, input.integrator) : trader,
    approval: nativeIn || !evm ? undefined : { token: tokenIn, order: 'approve-then-trade' },
    requireSimulation: input.simulation === true,
  });
  return {
    success: true,
    stats: {
      amountOut: quote.amountOut.toString(),
      amountOutMin: quote.amountOutMin.toString(),
      valueAmountInUsd: quote.valueAmountInUsd,
      txCostUsd: quote.txCostUsd,
      amountIn: quote.amountIn.toString(),
      priceImpact: quote.priceImpactPercent,
      gasLimit: quote.tradeGasLimit.toString(),
      protocolFee: quote.protocolFee.toString(),
      integratorFee: quote.integratorFee.toString(),
      feeToken: quote.feeToken,
    },
    route: quote.route.map((hop) => ({ venue: hop.venue, pool: hop.pool, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, fee: hop.fee })),
    expiresAt: quote.expiresAt,
    transaction: {
      trade: quote.transactions.trade,
      approve: quote.transactions.approve ?? '',
      extra: quote.transactions.reset ?? '',
      quoteId: quote.quoteId,
    },
  };
}

export async function quoteV1(services: QuoteServices, input: z.output<typeof v1QuoteInput>): Promise<z.input<typeof v1QuoteOutput>> {
  const chain = input.chain ?? (await detectChain(services.chains, input.token, { allowed: V1_QUOTE_CHAINS, field: 'token' }));
  const evm = CHAINS[chain].family === 'evm';
  const trader = canonical(chain, requireTrader(input.trader));
  const token = canonical(chain, input.token);
  const buy = input.side === 'BUY';
  const quote = await quoteOnChain(services, chain, {
    channel: 'v1',
    approvalReset: 'refuse',
    side: input.side,
    trader,
    tokenIn: buy ? NATIVE_TOKEN_ADDRESS : token,
    tokenOut: buy ? token : NATIVE_TOKEN_ADDRESS,
    amount: { raw: buy ? parseUnits(input.amount, CHAINS[chain].nativeDecimals) : BigInt(input.amount) },
    slippageBps: input.slippage,
    priority: input.priority ?? 'MEDIUM',
    fees: fees('v1', input.fee ?? 0),
    integrator: input.integrator ? canonical(chain, input.integrator) : trader,
    // BUY: trade n, then the approval that lets the token be sold later (n+1). SELL: approve n, trade n+1.
    approval: evm ? { token, order: buy ? 'trade-then-approve' : 'approve-then-trade' } : undefined,
    requireSimulation: input.simulation === true,
  });
  return {
    success: true,
    path: quote.route.map((hop) => ({ step: { input: hop.tokenIn, output: hop.tokenOut, poolType: hop.venue, fee: hop.fee } })),
    stats: {
      valueAmountInUsd: quote.valueAmountInUsd,
      amountOut: quote.amountOut.toString(),
      amountOutMin: quote.amountOutMin.toString(),
      gasCostUsd: quote.gasCostUsd,
      txCostUsd: quote.txCostUsd,
      ...quote.taxes,
    },
    transaction: {
      trade: quote.transactions.trade,
      ...(quote.transactions.approve ? { approve: quote.transactions.approve } : {}),
      quoteId: quote.quoteId,
    },
  };
}

function quoteOnChain(services: QuoteServices, chainId: ChainId, request: SwapRequest): Promise<SwapQuote> {
  return QUOTERS[CHAINS[chainId].family](services, chainId, request);
}

function requireTrader(trader: string | undefined): string {
  if (!trader) {
    throw new AppError('INVALID_INPUT', 'trader: is required to build the transaction (nonce, approval, recipient). For a price without a wallet use /api/v2/value.', { field: 'trader' });
  }
  return trader;
}

function fees(version: FeeModelVersion, fee: number): FeeSplit {
  try {
    return feeSplit(version, fee);
  } catch (error) {
    throw new AppError('INVALID_INPUT', `fee: ${(error as Error).message}`, { field: 'fee', cause: error });
  }
}
