/**
 * The route of a bridge in any token, and its economics: what reaches the solver (bridge-deposit-plan.ts: a
 * bridge asset, the token itself or what the depositor's own source swap returns), what that is worth on the
 * destination (bridge-rates.ts: one for one between the same coin, else at prices one swap cannot move), less
 * the solver's fee, and how the recipient is paid (bridge-payout.ts: a transfer from inventory, or a
 * destination swap with measured gas). Limits are checked on the way (bridge-limits.ts).
 *
 * The user's slippage covers the whole route: a route with a swap on each side gives each half of it.
 * `minAmountOut` is what the recipient gets at the least: with a source swap, from the least the deposit may
 * bring; with a destination swap, less that swap's share of the slippage.
 */
import { formatAmount } from '@/server/display/amount-text';
import { BPS } from '@/server/fees/fee-model';
import type { QuoteWarning } from '@/server/trading/quote-warnings';
import type { BridgeChain, BridgeToken } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { findAsset } from './bridge-assets';
import { planDeposit, type DepositPlan } from './bridge-deposit-plan';
import { checkQuoteLimits } from './bridge-limits';
import { planPayout, type PayoutPlan } from './bridge-payout';
import { usdValue, type AssetSide } from './bridge-rates';
import type { RouteLeg } from './bridge-route-legs';
import type { ApprovalSize } from '@/server/trading/swap-types';

export interface PricedRoute {
  amountOut: bigint;
  minAmountOut: bigint;
  /** The fill's gas, raw destination native units (already taken from amountOut). */
  destinationGas: bigint;
  payout: 'transfer' | 'swap';
  /** Destination native units the solver swaps into tokenOut (swap payouts). */
  swapAmountIn: bigint | undefined;
  legs: RouteLeg[];
  usdIn: number;
  usdOut: number;
  warnings: QuoteWarning[];
  deposit: DepositPlan;
  /** What the expected deposit is worth in the payout asset before gas, and the gas taken from it. */
  grossOut: bigint;
  gasOut: bigint;
  fillGasLimit: bigint | undefined;
}

export interface RouteRequest {
  source: BridgeChain;
  destination: BridgeChain;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  amountIn: bigint;
  trader: string;
  recipient: string;
  slippageBps: number;
  /** No wallet given: a source swap is priced for a wallet holding nothing (see price-only.ts). */
  priceOnly: boolean;
  /** The size of the source swap's approval of the Router. */
  approval: ApprovalSize;
}

/** The slippage each swap of the route may use: the whole of it for a route's one swap, half each for two. */
export function slippageShares(request: Pick<RouteRequest, 'source' | 'destination' | 'tokenIn' | 'tokenOut' | 'slippageBps'>): {
  source: number;
  destination: number;
} {
  const sourceSwap = !findAsset(request.source.assets, request.tokenIn.address);
  const destinationSwap = !findAsset(request.destination.assets, request.tokenOut.address);
  if (sourceSwap && destinationSwap) {
    const half = Math.floor(request.slippageBps / 2);
    return { source: half, destination: request.slippageBps - half };
  }
  return { source: request.slippageBps, destination: request.slippageBps };
}

/**
 * The least the recipient gets. Without a source swap the deposit is exact, so the least is the amount out
 * less the slippage; with one, the deposit's own minimum carried through the payout (a transfer loses the
 * same gas; a destination swap's output shrinks at most in proportion, less its share of the slippage).
 */
export function minimumOut(
  deposit: Pick<DepositPlan, 'expected' | 'min'>,
  payout: Pick<PayoutPlan, 'payout' | 'grossOut' | 'gasOut' | 'amountOut' | 'swapAmountIn'>,
  slippage: { route: number; destination: number },
): bigint {
  const less = (amount: bigint, bps: number) => (amount * BigInt(BPS - bps)) / BigInt(BPS);
  if (deposit.min === undefined || deposit.expected === 0n) return less(payout.amountOut, slippage.route);
  const atMin = (payout.grossOut * deposit.min) / deposit.expected - payout.gasOut;
  if (atMin <= 0n) return 0n;
  if (payout.payout === 'transfer') return atMin;
  return less((payout.amountOut * atMin) / payout.swapAmountIn!, slippage.destination);
}

function bridgeLeg(request: RouteRequest, deposit: DepositPlan, payout: PayoutPlan): RouteLeg {
  const bridged = payout.payout === 'swap' ? payout.swapAmountIn! : payout.amountOut;
  return {
    kind: 'bridge',
    chain: request.source.chain,
    venue: 'solver',
    tokenIn: deposit.token,
    tokenOut: payout.assetToken,
    amountIn: deposit.expected,
    amountOut: bridged,
  };
}

export async function priceRoute(deps: BridgeDeps, request: RouteRequest): Promise<PricedRoute> {
  const { source, destination } = request;
  const shares = slippageShares(request);
  const [deposit, sourceRange, destinationRange] = await Promise.all([
    planDeposit(deps, {
      source,
      tokenIn: request.tokenIn,
      amountIn: request.amountIn,
      trader: request.trader,
      slippageBps: shares.source,
      priceOnly: request.priceOnly,
      approval: request.approval,
    }),
    source.nativeUsdRange(),
    destination.nativeUsdRange(),
  ]);
  const depositSide: AssetSide = { chain: source, asset: deposit.asset, range: sourceRange };
  const usdIn = usdValue(deposit.expected, depositSide);
  await checkQuoteLimits(deps, destination.chain, usdIn);
  const fee = (deposit.expected * BigInt(deps.feeBps)) / BigInt(BPS);
  const payout = await planPayout(deps, {
    destination,
    tokenOut: request.tokenOut,
    recipient: request.recipient,
    net: { amount: deposit.expected - fee, side: depositSide },
    destinationRange,
    slippageBps: shares.destination,
    amountText: `${formatAmount(request.amountIn, request.tokenIn.decimals)} ${request.tokenIn.symbol}`,
  });
  return {
    amountOut: payout.amountOut,
    minAmountOut: minimumOut(deposit, payout, { route: request.slippageBps, destination: shares.destination }),
    destinationGas: payout.destinationGas,
    payout: payout.payout,
    swapAmountIn: payout.swapAmountIn,
    legs: [...deposit.legs, bridgeLeg(request, deposit, payout), ...payout.legs],
    usdIn,
    usdOut: payout.usdOut,
    warnings: [...deposit.warnings, ...payout.warnings],
    deposit,
    grossOut: payout.grossOut,
    gasOut: payout.gasOut,
    fillGasLimit: payout.fillGasLimit,
  };
}
