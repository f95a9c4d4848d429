/**
 * Trading over the v1 and v2 interfaces: each version's request becomes one domain swap request (fee model,
 * approval order, amounts in raw units) and the domain's quote or trade outcome becomes that version's answer.
 */
import { parseUnits } from 'viem';
import type { z } from 'zod';
import type { Principal } from '@/server/auth/authenticate';
import { detectChain } from '@/server/tokens/detect-chain';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, V1_QUOTE_CHAINS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { TradeRepository } from '@/server/store/trade-repository';
import { executeSwap, trackSwap } from '@/server/trading/execute-swap';
import { feeSplit, type FeeModelVersion, type FeeSplit } from '@/server/fees/fee-model';
import { quoteSwap, type QuoteRequest } from '@/server/trading/quote-swap';
import type { TradeOutcome } from '@/server/trading/trade-outcome';
import type { SwapQuote } from '@/server/trading/swap-types';
import type { SwapExecuteDeps, SwapQuoteDeps } from '@/server/trading/trading-engines';
import type { tradeHistoryInput, tradeHistoryOutput, v2ExecuteInput, v2ExecuteOutput, v2QuoteInput, v2QuoteOutput, v2TrackInput } from '../contract/trading';
import type { v1ExecuteInput, v1ExecuteOutput, v1QuoteInput, v1QuoteOutput } from '../contract/trading-v1';
import { ownerKindPrefix, ownerOf } from './owner-of';
import { priceOnlyTrader } from '@/server/trading/price-only';

type V2ExecuteAnswer = z.input<typeof v2ExecuteOutput>;

const DEFAULT_HISTORY_LIMIT = 20;

export async function v2QuoteAnswer(deps: SwapQuoteDeps, input: z.output<typeof v2QuoteInput>): Promise<z.input<typeof v2QuoteOutput>> {
  // Without a trader the quote is price-only: priced as a wallet that holds nothing (exact pool math where
  // the trade cannot be simulated), answered without transactions or quote id.
  const priceOnly = !input.trader;
  const trader = canonical(input.chain, input.trader ?? priceOnlyTrader(input.chain));
  const tokenIn = canonical(input.chain, input.tokenIn);
  const tokenOut = canonical(input.chain, input.tokenOut);
  const nativeIn = tokenIn === NATIVE_TOKEN_ADDRESS;
  const quote = await quoteSwap(deps, input.chain, {
    channel: 'v2',
    approvalReset: 'extra',
    side: nativeIn ? 'BUY' : 'SELL',
    trader,
    tokenIn,
    tokenOut,
    amount: v2Amount(input),
    slippageBps: input.slippage,
    priority: input.priority ?? 'MEDIUM',
    fees: fees('v2', input.fee ?? 0),
    integrator: input.integrator ? canonical(input.chain, input.integrator) : trader,
    approval: nativeIn ? undefined : { token: tokenIn, order: 'approve-then-trade', size: input.approval ?? 'unlimited' },
    requireSimulation: !priceOnly && input.simulation === true,
    acceptRisk: input.acceptRisk ?? false,
    priceOnly,
  });
  return {
    success: true,
    stats: {
      amountOut: quote.amountOut.toString(),
      amountOutMin: quote.amountOutMin.toString(),
      valueAmountInUsd: quote.valueAmountInUsd,
      txCostUsd: quote.txCostUsd,
      valueAmountOutUsd: quote.valueAmountOutUsd,
      amountIn: quote.amountIn.toString(),
      ...(quote.amountInMax === undefined ? {} : { amountInMax: quote.amountInMax.toString() }),
      priceImpact: quote.priceImpactPercent,
      gasLimit: quote.tradeGasLimit.toString(),
      protocolFee: quote.protocolFee.toString(),
      integratorFee: quote.integratorFee.toString(),
      feeToken: quote.feeToken,
      swapMode: quote.swapMode ?? 'EXACT_IN',
      ...pricedAt(quote),
    },
    route: quote.route.map((leg) => ({
      share: leg.share / 10_000,
      hops: leg.hops.map((hop) => ({ venue: hop.venue, pool: hop.pool, tokenIn: hop.tokenIn, tokenOut: hop.tokenOut, fee: hop.fee })),
    })),
    expiresAt: quote.expiresAt,
    transaction: priceOnly
      ? { trade: '', approve: '', extra: '' }
      : {
          trade: quote.transactions.trade,
          approve: quote.transactions.approve ?? '',
          extra: quote.transactions.pretrade ?? quote.transactions.reset ?? '',
          quoteId: quote.quoteId,
        },
    warnings: quote.warnings ?? [],
    taxes: quote.tokenTaxes ?? [],
  };
}

/** The block an EVM quote was priced on; nothing on Solana. */
function pricedAt(quote: SwapQuote): { blockNumber?: number } {
  return quote.blockNumber === undefined ? {} : { blockNumber: Number(quote.blockNumber) };
}

/** The contract lets exactly one of amount and amountOut through. */
function v2Amount(input: z.output<typeof v2QuoteInput>): QuoteRequest['amount'] {
  if (input.amountOut !== undefined) return { exactOut: BigInt(input.amountOut) };
  const amount = input.amount ?? '';
  return amount.endsWith('%') ? { balanceBps: Math.round(Number(amount.slice(0, -1)) * 100) } : { raw: BigInt(amount) };
}

export async function v1QuoteAnswer(deps: SwapQuoteDeps, input: z.output<typeof v1QuoteInput>): Promise<z.input<typeof v1QuoteOutput>> {
  const chain = input.chain ?? (await detectChain(deps.chains, input.token, { served: V1_QUOTE_CHAINS, field: 'token' }));
  const trader = canonical(chain, requireTrader(input.trader));
  const token = canonical(chain, input.token);
  const buy = input.side === 'BUY';
  const quote = await quoteSwap(deps, chain, {
    channel: 'v1',
    approvalReset: 'refuse',
    side: input.side,
    trader,
    tokenIn: buy ? NATIVE_TOKEN_ADDRESS : token,
    tokenOut: buy ? token : NATIVE_TOKEN_ADDRESS,
    // v1 BUY amounts are whole native coins (0.5); SELL amounts are raw token units.
    amount: { raw: buy ? parseUnits(input.amount, CHAINS[chain].nativeDecimals) : BigInt(input.amount) },
    slippageBps: input.slippage,
    priority: input.priority ?? 'MEDIUM',
    fees: fees('v1', input.fee ?? 0),
    integrator: input.integrator ? canonical(chain, input.integrator) : trader,
    // BUY: trade n, then the approval that lets the token be sold later (n+1). SELL: approve n, trade n+1.
    approval: { token, order: buy ? 'trade-then-approve' : 'approve-then-trade' },
    requireSimulation: input.simulation === true,
    acceptRisk: input.acceptRisk ?? false,
  });
  return {
    success: true,
    // v1 keeps its shape: one step per hop, the legs one after another.
    path: quote.route.flatMap((leg) => leg.hops).map((hop) => ({ step: { input: hop.tokenIn, output: hop.tokenOut, poolType: hop.venue, fee: hop.fee } })),
    stats: {
      valueAmountInUsd: quote.valueAmountInUsd,
      amountOut: quote.amountOut.toString(),
      amountOutMin: quote.amountOutMin.toString(),
      gasCostUsd: quote.gasCostUsd,
      txCostUsd: quote.txCostUsd,
      ...quote.taxes,
      ...pricedAt(quote),
    },
    transaction: {
      trade: quote.transactions.trade,
      ...(quote.transactions.approve ? { approve: quote.transactions.approve } : {}),
      quoteId: quote.quoteId,
    },
    warnings: quote.warnings ?? [],
  };
}

export async function v2ExecuteAnswer(
  deps: SwapExecuteDeps,
  principal: Principal | undefined,
  input: z.output<typeof v2ExecuteInput>,
): Promise<V2ExecuteAnswer> {
  const outcome = await executeSwap(deps, {
    owner: ownerOf(principal),
    chain: input.chain,
    chainField: 'chain',
    quoteId: input.quoteId,
    trade: input.trade,
    approve: input.approve,
    extra: input.extra,
    mev: input.mev,
    simulation: input.simulation,
    reward: input.reward,
  });
  return v2Result(outcome);
}

export async function v1ExecuteAnswer(
  deps: SwapExecuteDeps,
  principal: Principal | undefined,
  input: z.output<typeof v1ExecuteInput>,
): Promise<z.input<typeof v1ExecuteOutput>> {
  const outcome = await executeSwap(deps, {
    owner: ownerOf(principal),
    chain: input.network,
    chainField: 'network',
    quoteId: input.quoteId,
    trade: input.trade,
    approve: input.approve,
    mev: input.mev,
    simulation: input.simulation,
  });
  return {
    success: outcome.status === 'SUCCESS',
    status: outcome.status,
    txRes: {
      traderAddress: outcome.claims.trader,
      fromToken: outcome.claims.tokenIn,
      toToken: outcome.claims.tokenOut,
      received: outcome.received,
      spent: outcome.spent,
      txHash: outcome.txHash,
      network: input.network,
    },
    error: outcome.error,
  };
}

export async function v2TrackAnswer(deps: SwapExecuteDeps, principal: Principal | undefined, input: z.output<typeof v2TrackInput>): Promise<V2ExecuteAnswer> {
  return v2Result(await trackSwap(deps, { owner: ownerOf(principal), chain: input.chain, quoteId: input.quoteId, txHash: input.txHash }));
}

export async function tradeHistoryAnswer(
  deps: { trades: TradeRepository },
  principal: Principal | undefined,
  input: z.output<typeof tradeHistoryInput>,
): Promise<z.input<typeof tradeHistoryOutput>> {
  // The web app asking for a wallet's trades gets those made through the app on any device (every page
  // session): a wallet's trades are public on chain, and a new browser has a new session. An API key sees
  // only its own.
  const owner = principal?.kind === 'session' && input.wallet ? { prefix: ownerKindPrefix('session') } : ownerOf(principal);
  const rows = await deps.trades.history({ owner, wallet: input.wallet, chain: input.chain, limit: input.limit ?? DEFAULT_HISTORY_LIMIT });
  return {
    success: true,
    trades: rows.map((row) => ({
      id: row.id,
      chain: row.chain,
      version: row.api,
      wallet: row.wallet,
      tokenIn: row.token_in,
      tokenOut: row.token_out,
      amountIn: row.amount_in,
      amountOut: row.amount_out,
      spent: row.spent,
      received: row.received,
      status: row.status,
      parsedError: row.parsed_error,
      txHash: row.tx_hash,
      explorerUrl: row.explorer_url,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

function v2Result(outcome: TradeOutcome): V2ExecuteAnswer {
  return {
    success: outcome.status === 'SUCCESS',
    status: outcome.status,
    txRes: { txHash: outcome.txHash, explorerUrl: outcome.explorerUrl, spent: outcome.spent, received: outcome.received },
    parsedError: outcome.parsedError,
  };
}

/** Addresses in their family's canonical form: checksummed EVM hex; base58 (and the native sentinel) as given. */
function canonical(chain: ChainId, address: string): string {
  return address === NATIVE_TOKEN_ADDRESS ? address : chainFamily(chain).canonicalAddress(address);
}

function requireTrader(trader: string | undefined): string {
  if (!trader) {
    throw new AppError(
      'INVALID_INPUT',
      'trader: is required to build the transaction (nonce, approval, recipient). For a price without a wallet use /api/v2/value.',
      { field: 'trader' },
    );
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
