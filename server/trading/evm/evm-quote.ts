/**
 * The EVM quote, as a pipeline of small steps: the amount (quote-amount), one batch of chain state with every
 * candidate route simulated (quote-read), the choice of route (server/routing), the transactions in nonce
 * order (quote-transactions), then the stateless quote id that commits to them and the figures of the answer.
 */
import type { Address, Hex } from 'viem';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { LevelFees, PriorityLevel } from '@/server/chains/fee-levels';
import { chooseRoute, type ChosenRoute } from '@/server/routing/choose-route';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import type { RouteLeg } from '@/server/routing/route-types';
import { grossBeforeFees, outputValueShare, priceImpact, routeTaxes } from '@/server/routing/route-figures';
import { tradingVenues } from '@/server/venues/evm/trading-venues';
import { venueById } from '@/server/venues/evm/venue-table';
import { exactOutFees, exactOutFeesWithin, splitAmount, type FeeSplit } from '@/server/fees/fee-model';
import { issueQuoteId, QUOTE_TTL_MS } from '../quote-id';
import type { ApprovalOrder, ApprovalSize, QuoteLeg, SwapQuote } from '../swap-types';
import { INTRINSIC_GAS } from '@/server/routing/gas-limit';
import { effectiveGasPrice, calldataGas, weiToUsd } from './quote-costs';
import type { EvmQuoteCaches } from './evm-quote-caches';
import { balanceMoved, resolveAmount, shareGasCap } from './quote-amount';
import { readQuoteState, type QuoteState } from './quote-read';
import { runExactOut } from './exact-out-run';
import { buildQuoteTransactions, type QuoteTransactions, type TradeTerms } from './quote-transactions';

export interface EvmQuoteRequest {
  channel: string;
  approvalReset: 'extra' | 'refuse';
  side: 'BUY' | 'SELL';
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  /** Raw units of tokenIn, or a share of the trader's tokenIn balance in basis points. */
  amount: { raw: bigint } | { balanceBps: number };
  slippageBps: number;
  priority: PriorityLevel;
  fees: FeeSplit;
  integrator: Address;
  /** The token approved to the Router and when: tokenIn before a sell, tokenOut after a v1 buy. */
  approval: { token: Address; order: ApprovalOrder; size?: ApprovalSize } | undefined;
  /** Refuse to quote from pool math alone when the trade cannot be simulated. */
  requireSimulation: boolean;
  /** Strategy tokens of the trade (their permit is checked and, when missing, quoted first). */
  permitTokens?: Address[];
  /** Who receives tokenOut; the trader when absent. */
  recipient?: Address;
  /** The most gas the trade's limit may come to: costlier routes are not chosen. */
  maxTradeGas?: bigint;
  /** Exact output: the trade delivers exactly this (raw units of tokenOut); `amount` is the input found for it. */
  exactAmountOut?: bigint;
}

export interface EvmQuoteDeps {
  chain: ConfiguredChain;
  fees: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees> & { baseFeePerGas: bigint | null }> };
  secret: string;
  /** What quotes remember between requests (routing's memory, launch fees, balances), per services instance. */
  caches: EvmQuoteCaches;
  now?: () => number;
}

/** The family-neutral quote, with hex transactions. */
export interface EvmQuote extends SwapQuote {
  feeToken: Address;
  transactions: { trade: Hex; approve?: Hex; reset?: Hex; pretrade?: Hex };
}

export async function quoteEvmSwap(deps: EvmQuoteDeps, request: EvmQuoteRequest, again = false): Promise<EvmQuote> {
  const { chain, caches } = deps;
  const nowMs = (deps.now ?? Date.now)();
  const venues = tradingVenues(chain);
  const { amount: amountIn, balance: pricedOn } = await resolveAmount(caches.balances, chain, deps.fees, request);
  const state = await readQuoteState(
    caches,
    chain,
    venues,
    deps.fees,
    {
      ...request,
      approvalToken: request.approval?.token,
      permitTokens: request.permitTokens ?? [],
    },
    amountIn,
  );
  const heldIn = request.tokenIn === NATIVE_TOKEN_ADDRESS ? state.nativeBalance : state.lens.balanceIn;
  // A share of a balance that moved since a quote remembered it is quoted again, on the balance just read.
  if (balanceMoved(caches.balances, chain, request, heldIn, pricedOn) && !again) return quoteEvmSwap(deps, request, true);
  const caps = [request.maxTradeGas, shareGasCap(request, request.tokenIn === NATIVE_TOKEN_ADDRESS)].filter((cap) => cap !== undefined);
  const maxTradeGas = caps.length > 0 ? caps.reduce((low, cap) => (cap < low ? cap : low)) : undefined;
  const found = chooseRoute(state.lens, { ...request, maxTradeGas }, state.fees, heldIn >= amountIn);
  const exact =
    request.exactAmountOut === undefined
      ? undefined
      : await runExactOut(chain, { terms: request, state, route: found, amountIn, amountOut: request.exactAmountOut, nowMs });
  const [route, spent, terms]: [ChosenRoute, bigint, QuoteTerms] = exact
    ? [exact.route, exact.amountIn, { ...request, exactOut: exact.terms }]
    : [found, amountIn, request];
  const txs = buildQuoteTransactions(chain, terms, state, route, spent, nowMs);
  const expiresAt = nowMs + QUOTE_TTL_MS;
  const quoteId = issueQuoteId(deps.secret, {
    v: 1,
    channel: request.channel,
    chain: chain.info.id,
    trader: request.trader,
    exp: expiresAt,
    txs: txs.claims,
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn: spent.toString(),
    amountOut: route.amountOut.toString(),
    decimalsIn: state.lens.decimalsIn,
    decimalsOut: state.lens.decimalsOut,
    side: request.side,
  });
  return { ...quoteFigures(chain, venues, terms, state, route, txs, spent), heldIn, quoteId, expiresAt };
}

/** The request with the exact-output terms of its trade, when it asked for an exact output. */
type QuoteTerms = EvmQuoteRequest & Pick<TradeTerms, 'exactOut'>;

/** The fees the Router takes: from the native side when there is one, else from the input (exact output: rounded up on what is left). */
function quoteFees(request: QuoteTerms, amountOut: bigint, amountIn: bigint): { protocolFee: bigint; integratorFee: bigint } {
  const feeOnOutput = request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS;
  if (request.exactOut) return feeOnOutput ? exactOutFees(amountOut, request.fees) : exactOutFeesWithin(amountIn, request.fees);
  return splitAmount(feeOnOutput ? grossBeforeFees(amountOut, request.fees) : amountIn, request.fees);
}

function quoteFigures(
  chain: ConfiguredChain,
  venues: EvmVenues,
  request: QuoteTerms,
  state: QuoteState,
  route: ChosenRoute,
  txs: QuoteTransactions,
  amountIn: bigint,
): Omit<EvmQuote, 'quoteId' | 'expiresAt'> {
  const { lens } = state;
  const nativeIn = request.tokenIn === NATIVE_TOKEN_ADDRESS;
  const { protocolFee, integratorFee } = quoteFees(request, route.amountOut, amountIn);
  const gasPrice = effectiveGasPrice(lens.baseFee, txs.trade.fees);
  const nativeUsd = Number(lens.nativeUsd) / 10 ** venues.stable.decimals;
  const tradeGasCost = (route.gasUsed + INTRINSIC_GAS + calldataGas(txs.trade.data)) * gasPrice;
  const approveGasCost = (lens.approvalGas + INTRINSIC_GAS) * gasPrice * BigInt(txs.approvals);
  const valueAmountInUsd = weiToUsd(chain, lens.amountInNative, nativeUsd);
  return {
    amountIn,
    amountOut: route.amountOut,
    amountOutMin: txs.amountOutMin,
    ...(request.exactOut ? { amountInMax: request.exactOut.amountInMax } : {}),
    route: answerRoute(route.candidate.legs),
    simulated: route.simulated,
    priceImpactPercent: priceImpact(route.candidate, amountIn, request),
    tradeGasLimit: txs.trade.gas,
    protocolFee,
    integratorFee,
    feeToken: nativeIn || request.tokenOut === NATIVE_TOKEN_ADDRESS ? NATIVE_TOKEN_ADDRESS : request.tokenIn,
    valueAmountInUsd,
    valueAmountOutUsd: outputUsd(chain, venues, request, { route, amountIn, valueAmountInUsd, nativeUsd }),
    gasCostUsd: weiToUsd(chain, tradeGasCost, nativeUsd),
    txCostUsd: weiToUsd(chain, tradeGasCost + approveGasCost, nativeUsd),
    taxes: routeTaxes(route, request),
    decimalsIn: lens.decimalsIn,
    decimalsOut: lens.decimalsOut,
    transactions: txs.hex,
    blockNumber: state.blockNumber,
  };
}

/**
 * The route as answers show it: each hop's pool as its venue names pools (a Uniswap V4 hop runs through the
 * PoolManager, which holds every V4 pool: the hop names the pool's id, as pool-info takes it).
 */
function answerRoute(legs: readonly RouteLeg[]): QuoteLeg[] {
  return legs.map((leg) => ({
    share: leg.share,
    hops: leg.hops.map((hop) => ({
      venue: hop.venue,
      pool: venueById(hop.venue).poolsById?.hopPoolId(hop) ?? hop.pool,
      tokenIn: hop.tokenIn,
      tokenOut: hop.tokenOut,
      fee: hop.fee,
    })),
  }));
}

/**
 * The output's USD value: the native coin at the chain's native price, the stable at par, any other token
 * as the share of the input's value (itself priced through the native coin) that the pools turn it into.
 */
function outputUsd(
  chain: ConfiguredChain,
  venues: EvmVenues,
  request: EvmQuoteRequest,
  figures: { route: ChosenRoute; amountIn: bigint; valueAmountInUsd: number; nativeUsd: number },
): number {
  const { route, amountIn, valueAmountInUsd, nativeUsd } = figures;
  if (request.tokenOut === NATIVE_TOKEN_ADDRESS) return weiToUsd(chain, route.amountOut, nativeUsd);
  if (request.tokenOut.toLowerCase() === venues.stable.address.toLowerCase()) {
    return Math.round((Number(route.amountOut) / 10 ** venues.stable.decimals) * 1e6) / 1e6;
  }
  return Math.round(valueAmountInUsd * outputValueShare(route.candidate, amountIn, request, route.amountOut) * 1e6) / 1e6;
}
