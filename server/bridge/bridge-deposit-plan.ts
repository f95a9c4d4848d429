/**
 * What reaches the solver on the source chain. A bridge asset (bridge-assets.ts) is deposited as it is, to
 * the exact amount quoted. Any other token is swapped into the chain's native coin inside the depositor's own
 * transaction (the Router's swapAndDeposit): the swap's minimum comes from the quote and the depositor's
 * slippage, and a swap that returns less reverts the whole transaction, so nothing is deposited and nothing is
 * filled. The token's price risk stays with the person who chose it; the solver fills from what the deposit
 * actually brought (its event), never from a valuation of the token.
 *
 * Tokens the audit calls honeypots, or whose sale cannot be simulated, never enter a bridge (RISKY_TOKEN). A
 * tax token is priced with its tax: the swap's minimum is measured after the tax, as the Router measures it.
 */
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError, findAppError } from '@/server/errors';
import type { QuoteWarning } from '@/server/trading/quote-warnings';
import type { ApprovalSize, SwapQuote } from '@/server/trading/swap-types';
import type { BridgeAsset, BridgeChain, BridgeToken } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { findAsset } from './bridge-assets';
import { requireSwaps, solverSwapRequest, venuesOf, type RouteLeg } from './bridge-route-legs';

export interface DepositPlan {
  /** The bridge asset that reaches the solver, as a token of the route (symbol and decimals). */
  asset: BridgeAsset;
  token: BridgeToken;
  /** How much of it the quote expects; with a source swap, `min` is the least the deposit may bring. */
  expected: bigint;
  min: bigint | undefined;
  /** The source swap, when there is one. */
  legs: RouteLeg[];
  warnings: QuoteWarning[];
  /** The quote engine's unsigned swap for the trader and its approval of the Router, made into a swap-and-deposit by the quote. */
  swap?: { trade: string; approve?: string };
}

export interface DepositPlanRequest {
  source: BridgeChain;
  tokenIn: BridgeToken;
  amountIn: bigint;
  trader: string;
  /** The slippage the source swap may use (the whole of the user's, or half when a destination swap shares it). */
  slippageBps: number;
  /** No wallet given: the source swap is priced, not built. */
  priceOnly: boolean;
  /** The size of the source swap's approval of the Router. */
  approval: ApprovalSize;
}

/** Refuses a token the audit calls a honeypot, or whose sale the chain refuses, as `field`. */
export function refuseRisky(field: 'tokenIn' | 'tokenOut', token: BridgeToken, warnings: readonly QuoteWarning[] | undefined): void {
  if (!warnings?.some((warning) => warning.code === 'HONEYPOT')) return;
  throw new AppError(
    'RISKY_TOKEN',
    `${field}: ${token.symbol} (${token.address}) looks like a honeypot (it can be bought but not sold back), so it cannot be bridged.`,
    { field },
  );
}

/** A quote engine failure that says the token itself refuses to be traded, as RISKY_TOKEN naming `field`. */
export function riskyOrThrow(field: 'tokenIn' | 'tokenOut', token: BridgeToken, error: unknown): never {
  const code = findAppError(error)?.code;
  if (code === 'RISKY_TOKEN' || code === 'TRANSFER_BLOCKED') {
    throw new AppError(
      'RISKY_TOKEN',
      `${field}: ${token.symbol} (${token.address}) refuses to be traded (it looks like a honeypot, or it blocks transfers), so it cannot be bridged.`,
      { field, cause: error },
    );
  }
  throw error;
}

async function quoteSourceSwap(deps: BridgeDeps, request: DepositPlanRequest): Promise<SwapQuote> {
  const { source, tokenIn, amountIn, trader, slippageBps, priceOnly, approval } = request;
  try {
    return await requireSwaps(deps, 'tokenIn').quote(source.chain, {
      ...solverSwapRequest(source, { tokenIn: tokenIn.address, tokenOut: NATIVE_TOKEN_ADDRESS, amount: amountIn, slippageBps }),
      // The trader's own swap: its tokens, its approval of the Router, its nonces.
      trader,
      priceOnly,
      approval: { token: tokenIn.address, order: 'approve-then-trade', size: approval },
    });
  } catch (error) {
    return riskyOrThrow('tokenIn', tokenIn, error);
  }
}

export async function planDeposit(deps: BridgeDeps, request: DepositPlanRequest): Promise<DepositPlan> {
  const { source, tokenIn, amountIn } = request;
  const asset = findAsset(source.assets, tokenIn.address);
  if (asset) return { asset, token: tokenIn, expected: amountIn, min: undefined, legs: [], warnings: [] };
  const native = findAsset(source.assets, NATIVE_TOKEN_ADDRESS);
  if (!native || !source.router) {
    throw new AppError(
      'NO_ROUTE',
      `tokenIn: on ${source.chain} the bridge takes only ${source.assets.map((entry) => entry.kind).join(', ')}; ${tokenIn.symbol} cannot be swapped into one there.`,
      { field: 'tokenIn' },
    );
  }
  const quote = await quoteSourceSwap(deps, request);
  refuseRisky('tokenIn', tokenIn, quote.warnings);
  if (quote.transactions.pretrade || quote.transactions.reset) {
    throw new AppError(
      'NO_ROUTE',
      `tokenIn: ${tokenIn.symbol} needs a transaction of its own before it can be swapped (a permit, a launch fee or an allowance reset), which a bridge deposit cannot carry. Swap it first, then bridge.`,
      { field: 'tokenIn' },
    );
  }
  const leg: RouteLeg = {
    kind: 'swap',
    chain: source.chain,
    venue: venuesOf(quote),
    tokenIn,
    tokenOut: source.nativeToken,
    amountIn,
    amountOut: quote.amountOut,
  };
  return {
    asset: native,
    token: source.nativeToken,
    expected: quote.amountOut,
    min: quote.amountOutMin,
    legs: [leg],
    warnings: quote.warnings ?? [],
    swap: { trade: quote.transactions.trade, approve: quote.transactions.approve },
  };
}
