/**
 * The route of a bridge in any token: what the deposit is worth, and how the recipient is paid.
 *
 * The solver takes on every chain its native coin and the chain's USD stable (its "assets"), and also any
 * other token the chain's pools can price: such a deposit is valued at what the project's own quote engine
 * says the source chain pays for it in the native coin (a source swap leg), and the solver keeps the token
 * it was given. That is the choice between a source swap and a swap-and-deposit transaction: the trader
 * signs one plain deposit whatever the token, nothing on the source chain can fail after the deposit, and a
 * fill that cannot be made returns the very token deposited.
 *
 * The value crosses at each asset's USD price (the native coin from the chain's stable pool, the stable at
 * par), less the solver's fee. The recipient is paid in tokenOut: the native coin or the stable straight
 * from the solver's inventory when it holds enough, otherwise (any other token, or a stable it lacks)
 * through a destination swap of its native coin on the project's Router, quoted here by the same engine
 * that will build it at fill time, so the recipient receives exactly the quoted amount when nothing moved.
 */
import { formatUnits } from 'viem';
import { formatAmount, nativeAmountText } from '@/server/display/amount-text';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { BPS, MIN_PROTOCOL_FEE_BPS } from '@/server/trading/fee-model';
import type { QuoteWarning } from '@/server/trading/quote-warnings';
import type { SwapQuote, SwapRequest } from '@/server/trading/swap-types';
import type { BridgeChain, BridgeToken } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';

/** One step of the route, as the quote's stats and the status details show it. */
export interface RouteLeg {
  kind: 'swap' | 'bridge';
  chain: ChainId;
  venue: string;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  amountIn: bigint;
  amountOut: bigint;
}

export interface PricedRoute {
  amountOut: bigint;
  /** The fill's gas, raw destination native units (already taken from amountOut). */
  destinationGas: bigint;
  payout: 'transfer' | 'swap';
  /** Destination native units the solver swaps into tokenOut (swap payouts). */
  swapAmountIn: bigint | undefined;
  legs: RouteLeg[];
  usdIn: number;
  usdOut: number;
  warnings: QuoteWarning[];
}

export interface RouteRequest {
  source: BridgeChain;
  destination: BridgeChain;
  tokenIn: BridgeToken;
  tokenOut: BridgeToken;
  amountIn: bigint;
  recipient: string;
  slippageBps: number;
}

/** Gas the solver's destination swap is priced with (the Router's multi-leg swap, with room). */
export const DESTINATION_SWAP_GAS = 600_000n;
/** USD prices enter the integer arithmetic with this many decimals. */
const PRICE_SCALE = 1_000_000_000n;

interface Valued {
  asset: BridgeToken;
  amount: bigint;
  usd: number;
}

const same = (a: string, b: string | undefined) => b !== undefined && a.toLowerCase() === b.toLowerCase();
export const isNativeToken = (token: BridgeToken) => token.address === NATIVE_TOKEN_ADDRESS;

/** `amount` of an asset worth `from.usd` each, in raw units of one worth `to.usd`. */
export function convertValue(amount: bigint, from: { usd: number; decimals: number }, to: { usd: number; decimals: number }): bigint {
  const fromPrice = BigInt(Math.round(from.usd * Number(PRICE_SCALE)));
  const toPrice = BigInt(Math.round(to.usd * Number(PRICE_SCALE)));
  return (amount * fromPrice * 10n ** BigInt(to.decimals)) / (toPrice * 10n ** BigInt(from.decimals));
}

const usdOf = (amount: bigint, asset: { usd: number; decimals: number }) => Number(formatUnits(amount, asset.decimals)) * asset.usd;

/** The quote engine's request for the solver's own swap on `chain` (the Router's least protocol fee, no integrator). */
export function solverSwapRequest(chain: BridgeChain, input: { tokenIn: string; tokenOut: string; amount: bigint; recipient?: string; slippageBps: number }): SwapRequest {
  return {
    channel: 'bridge', approvalReset: 'refuse', side: input.tokenIn === NATIVE_TOKEN_ADDRESS ? 'BUY' : 'SELL',
    trader: chain.solver, tokenIn: input.tokenIn, tokenOut: input.tokenOut, amount: { raw: input.amount }, slippageBps: input.slippageBps,
    priority: 'MEDIUM', fees: { protocolBps: MIN_PROTOCOL_FEE_BPS, integratorBps: 0 }, integrator: NATIVE_TOKEN_ADDRESS,
    approval: undefined, requireSimulation: false, recipient: input.recipient,
  };
}

const venuesOf = (quote: SwapQuote) => [...new Set(quote.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)))].join(' + ');

function requireSwaps(deps: BridgeDeps, field: string) {
  if (!deps.swaps) throw new AppError('NO_ROUTE', `${field}: this server cannot swap on the way (no quote engine for the bridge).`, { field });
  return deps.swaps;
}

/** The deposit as an amount of one of the source chain's assets, with the swap leg that values it when it is another token. */
async function valueDeposit(deps: BridgeDeps, request: RouteRequest, nativeUsd: number): Promise<Valued & { legs: RouteLeg[]; warnings: QuoteWarning[] }> {
  const { source, tokenIn, amountIn } = request;
  if (isNativeToken(tokenIn)) return { asset: tokenIn, amount: amountIn, usd: nativeUsd, legs: [], warnings: [] };
  if (same(tokenIn.address, source.stable?.address)) return { asset: tokenIn, amount: amountIn, usd: 1, legs: [], warnings: [] };
  const quote = await requireSwaps(deps, 'tokenIn').quote(source.chain, {
    ...solverSwapRequest(source, { tokenIn: tokenIn.address, tokenOut: NATIVE_TOKEN_ADDRESS, amount: amountIn, slippageBps: request.slippageBps }),
    priceOnly: true,
  });
  const leg: RouteLeg = { kind: 'swap', chain: source.chain, venue: venuesOf(quote), tokenIn, tokenOut: source.nativeToken, amountIn, amountOut: quote.amountOut };
  return { asset: source.nativeToken, amount: quote.amountOut, usd: nativeUsd, legs: [leg], warnings: quote.warnings ?? [] };
}

/**
 * A bridge beyond what the solver can pay on the destination now. The caller learns what it can act on (this
 * amount, on that chain, not now), never what the solver holds: the exact figures are logged for operators.
 */
function refuseShort(deps: BridgeDeps, destination: BridgeChain, holds: { amount: bigint; token: BridgeToken }, needs: bigint): never {
  const name = CHAINS[destination.chain].name;
  const text = (raw: bigint) => (isNativeToken(holds.token) ? nativeAmountText(raw, destination.chain) : `${formatAmount(raw, holds.token.decimals)} ${holds.token.symbol}`);
  deps.logger.warn('bridge quote beyond the solver inventory', {
    chain: destination.chain, token: holds.token.symbol, holds: holds.amount.toString(), needs: needs.toString(),
  });
  throw new AppError('INSUFFICIENT_LIQUIDITY',
    `This amount cannot be filled on ${name} right now: paying out ${text(needs)} there is more than the solver can do at the moment. Try a smaller amount, or try again later.`);
}

function refuseTooSmall(request: RouteRequest, gas: bigint): never {
  throw new AppError('INVALID_INPUT',
    `amount: ${formatAmount(request.amountIn, request.tokenIn.decimals)} ${request.tokenIn.symbol} does not cover the fill's gas on ${CHAINS[request.destination.chain].name} `
    + `(about ${nativeAmountText(gas, request.destination.chain)}) and the fee. Bridge more.`, { field: 'amount' });
}

/** Pays tokenOut by swapping `native` (gross) of the solver's native coin on the destination chain. */
async function swapPayout(
  deps: BridgeDeps, request: RouteRequest, native: Valued, heldNative?: bigint,
): Promise<Omit<PricedRoute, 'usdIn' | 'legs'> & { leg: RouteLeg; usdOut: number }> {
  const { destination, tokenOut } = request;
  const [gasPrice, inventory] = await Promise.all([destination.gasPrice(), heldNative ?? destination.inventory()]);
  const gas = DESTINATION_SWAP_GAS * gasPrice;
  const swapAmountIn = native.amount - gas;
  if (swapAmountIn <= 0n) refuseTooSmall(request, gas);
  if (inventory < native.amount) refuseShort(deps, destination, { amount: inventory, token: destination.nativeToken }, native.amount);
  const quote = await requireSwaps(deps, 'tokenOut').quote(destination.chain, solverSwapRequest(destination, {
    tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: tokenOut.address, amount: swapAmountIn, recipient: request.recipient, slippageBps: request.slippageBps,
  }));
  return {
    amountOut: quote.amountOut, destinationGas: gas, payout: 'swap', swapAmountIn, usdOut: quote.valueAmountOutUsd, warnings: quote.warnings ?? [],
    leg: { kind: 'swap', chain: destination.chain, venue: venuesOf(quote), tokenIn: destination.nativeToken, tokenOut, amountIn: swapAmountIn, amountOut: quote.amountOut },
  };
}

export async function priceRoute(deps: BridgeDeps, request: RouteRequest): Promise<PricedRoute> {
  const { source, destination, tokenOut } = request;
  const [sourceUsd, destinationUsd] = await Promise.all([source.nativeUsd(), destination.nativeUsd()]);
  if (!(sourceUsd > 0) || !(destinationUsd > 0)) {
    const unpriced = sourceUsd > 0 ? destination.chain : source.chain;
    throw new AppError('NO_ROUTE', `${unpriced} has no USD price for its native coin right now (no market between it and the chain's USD stable), so no rate can be quoted.`);
  }
  const deposit = await valueDeposit(deps, request, sourceUsd);
  const net = { ...deposit, amount: deposit.amount - (deposit.amount * BigInt(deps.feeBps)) / BigInt(BPS) };
  const usdIn = usdOf(deposit.amount, { usd: deposit.usd, decimals: deposit.asset.decimals });
  const nativeOut: Valued = { asset: destination.nativeToken, usd: destinationUsd, amount: 0n };
  nativeOut.amount = convertValue(net.amount, { usd: net.usd, decimals: net.asset.decimals }, { usd: destinationUsd, decimals: nativeOut.asset.decimals });
  const bridgeLeg = (tokenOutOfLeg: BridgeToken, amountOut: bigint): RouteLeg => ({
    kind: 'bridge', chain: source.chain, venue: 'solver', tokenIn: deposit.asset, tokenOut: tokenOutOfLeg, amountIn: deposit.amount, amountOut,
  });

  if (isNativeToken(tokenOut)) {
    const [gas, inventory] = await Promise.all([destination.paymentCost(request.recipient, nativeOut.amount), destination.inventory()]);
    const amountOut = nativeOut.amount - gas;
    if (amountOut <= 0n) refuseTooSmall(request, gas);
    if (amountOut + gas > inventory) refuseShort(deps, destination, { amount: inventory, token: tokenOut }, amountOut + gas);
    return {
      amountOut, destinationGas: gas, payout: 'transfer', swapAmountIn: undefined, legs: [...deposit.legs, bridgeLeg(tokenOut, amountOut)],
      usdIn, usdOut: usdOf(amountOut, { usd: destinationUsd, decimals: tokenOut.decimals }), warnings: deposit.warnings,
    };
  }
  let heldNative: bigint | undefined;
  if (same(tokenOut.address, destination.stable?.address)) {
    const stableOut = convertValue(net.amount, { usd: net.usd, decimals: net.asset.decimals }, { usd: 1, decimals: tokenOut.decimals });
    const [held, nativeHeld] = await Promise.all([destination.tokenInventory(tokenOut.address), destination.inventory()]);
    heldNative = nativeHeld;
    // Paid from the stable the solver holds; a transfer it cannot make would revert its gas estimate, so only then.
    if (held >= stableOut) {
      const gas = await destination.paymentCost(request.recipient, stableOut, tokenOut.address);
      const amountOut = stableOut - convertValue(gas, { usd: destinationUsd, decimals: destination.nativeToken.decimals }, { usd: 1, decimals: tokenOut.decimals });
      if (amountOut <= 0n) refuseTooSmall(request, gas);
      if (nativeHeld >= gas) {
        return {
          amountOut, destinationGas: gas, payout: 'transfer', swapAmountIn: undefined, legs: [...deposit.legs, bridgeLeg(tokenOut, amountOut)],
          usdIn, usdOut: usdOf(amountOut, { usd: 1, decimals: tokenOut.decimals }), warnings: deposit.warnings,
        };
      }
    }
  }
  // A stable the solver lacks is bought too: its native holdings were just read.
  const swap = await swapPayout(deps, request, nativeOut, heldNative);
  return { ...swap, legs: [...deposit.legs, bridgeLeg(destination.nativeToken, nativeOut.amount), swap.leg], usdIn, warnings: [...deposit.warnings, ...swap.warnings] };
}
