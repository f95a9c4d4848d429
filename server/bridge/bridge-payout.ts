/**
 * How the recipient is paid on the destination chain. A bridge asset (the native coin, the wrapped native, a
 * stable) is transferred from the solver's inventory when it holds enough. Any other token (or a stable the
 * solver lacks) is bought with the solver's native coin through the project's Router at the user's minimum,
 * paid straight to the recipient: a destination swap.
 *
 * A destination swap's gas is measured, not assumed: the quote engine simulates the very swap (its gas limit
 * is what the simulation used, with margin), the quote charges that limit, the fill may not use more, and a
 * token whose swap needs more than BRIDGE_MAX_DESTINATION_GAS is refused (NO_ROUTE). The swap's input is the
 * value less that charge, so the measurement comes first: from what this token's swaps measured before (an
 * injected cache), checked by the quote's own simulation and measured again when it was short.
 */
import { formatAmount, nativeAmountText } from '@/server/display/amount-text';
import { CHAINS, NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { QuoteWarning } from '@/server/trading/quote-warnings';
import type { SwapQuote } from '@/server/trading/swap-types';
import type { BridgeAsset, BridgeChain, BridgeToken, NativeUsdRange } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { findAsset } from './bridge-assets';
import { refuseRisky, riskyOrThrow } from './bridge-deposit-plan';
import { DEFAULT_BRIDGE_LIMITS } from './bridge-limits';
import { convertAsset, convertValue, usdValue, type AssetSide } from './bridge-rates';
import { requireSwaps, solverSwapRequest, venuesOf, type RouteLeg } from './bridge-route-legs';

/** A destination swap's gas before any was measured for its token (the Router's two-hop swap, with margin). */
export const FIRST_SWAP_GAS_GUESS = 350_000n;
/** Quotes of a destination swap at most: a measurement above the guess prices the swap again with it. */
const MEASURES = 3;

export interface PayoutRequest {
  destination: BridgeChain;
  tokenOut: BridgeToken;
  recipient: string;
  /** What the deposit is worth after the fee, as an amount of the source chain's asset. */
  net: { amount: bigint; side: AssetSide };
  destinationRange: NativeUsdRange | undefined;
  /** The slippage a destination swap may use. */
  slippageBps: number;
  /** For the refusals' wording: what was deposited. */
  amountText: string;
}

export interface PayoutPlan {
  payout: 'transfer' | 'swap';
  /** What the solver pays from: tokenOut's asset (transfer), or its native coin (swap). */
  asset: BridgeAsset;
  assetToken: BridgeToken;
  /** The deposit's worth in `asset` before gas, and the gas taken from it (same units). */
  grossOut: bigint;
  gasOut: bigint;
  amountOut: bigint;
  /** The fill's gas, raw destination native units. */
  destinationGas: bigint;
  swapAmountIn?: bigint;
  fillGasLimit?: bigint;
  legs: RouteLeg[];
  usdOut: number;
  warnings: QuoteWarning[];
}

const nameOf = (chain: BridgeChain) => CHAINS[chain.chain].name;

/**
 * A bridge beyond what the solver can pay on the destination now. The caller learns what it can act on (this
 * amount, on that chain, not now), never what the solver holds: the exact figures are logged for operators.
 */
function refuseShort(deps: BridgeDeps, destination: BridgeChain, holds: { amount: bigint; token: BridgeToken }, needs: bigint): never {
  const text = (raw: bigint) =>
    holds.token.address === NATIVE_TOKEN_ADDRESS
      ? nativeAmountText(raw, destination.chain)
      : `${formatAmount(raw, holds.token.decimals)} ${holds.token.symbol}`;
  deps.logger.warn('bridge quote beyond the solver inventory', {
    chain: destination.chain,
    token: holds.token.symbol,
    holds: holds.amount.toString(),
    needs: needs.toString(),
  });
  throw new AppError(
    'INSUFFICIENT_LIQUIDITY',
    `This amount cannot be filled on ${nameOf(destination)} right now: paying out ${text(needs)} there is more than the solver can do at the moment. Try a smaller amount, or try again later.`,
  );
}

function refuseTooSmall(request: PayoutRequest, gas: bigint): never {
  throw new AppError(
    'INVALID_INPUT',
    `amount: ${request.amountText} does not cover the fill's gas on ${nameOf(request.destination)} ` +
      `(about ${nativeAmountText(gas, request.destination.chain)}) and the fee. Bridge more.`,
    { field: 'amount' },
  );
}

const sideOf = (request: PayoutRequest, asset: BridgeAsset): AssetSide => ({ chain: request.destination, asset, range: request.destinationRange });

/** Gas paid in native units, as units of `asset`: one for one for the wrapped native, at the native's high price for a stable. */
function gasIn(asset: BridgeAsset, gas: bigint, request: PayoutRequest): bigint {
  if (asset.kind !== 'stable') return gas;
  return (
    convertValue(
      gas,
      { usd: request.destinationRange?.high ?? 0, decimals: CHAINS[request.destination.chain].nativeDecimals },
      { usd: 1, decimals: asset.decimals },
    ) + 1n
  );
}

/** A transfer from inventory: the native coin, or a token the solver holds enough of (undefined when it does not). */
async function transferPayout(deps: BridgeDeps, request: PayoutRequest, asset: BridgeAsset): Promise<PayoutPlan | undefined> {
  const { destination, tokenOut, recipient } = request;
  const grossOut = convertAsset(request.net.amount, request.net.side, sideOf(request, asset));
  const plan = (gas: bigint, gasOut: bigint): PayoutPlan => {
    const amountOut = grossOut - gasOut;
    if (amountOut <= 0n) refuseTooSmall(request, gas);
    return {
      payout: 'transfer',
      asset,
      assetToken: tokenOut,
      grossOut,
      gasOut,
      amountOut,
      destinationGas: gas,
      legs: [],
      usdOut: usdValue(amountOut, sideOf(request, asset)),
      warnings: [],
    };
  };
  if (asset.kind === 'native') {
    const [gas, inventory] = await Promise.all([destination.paymentCost(recipient, grossOut), destination.inventory()]);
    const paid = plan(gas, gas);
    if (paid.amountOut + gas > inventory) refuseShort(deps, destination, { amount: inventory, token: tokenOut }, paid.amountOut + gas);
    return paid;
  }
  const [held, nativeHeld] = await Promise.all([destination.tokenInventory(asset.address), destination.inventory()]);
  // A transfer the solver cannot make would revert its gas estimate: only estimated once it is known to hold enough.
  if (held < grossOut) return undefined;
  const gas = await destination.paymentCost(recipient, grossOut, asset.address);
  return nativeHeld >= gas ? plan(gas, gasIn(asset, gas, request)) : undefined;
}

interface MeteredSwap {
  quote: SwapQuote;
  swapAmountIn: bigint;
  gasLimit: bigint;
  gasCost: bigint;
}

/** Quotes the destination swap with its gas measured (see the file's comment); NO_ROUTE past the limit. */
async function meteredSwap(deps: BridgeDeps, request: PayoutRequest, grossNative: bigint): Promise<MeteredSwap> {
  const { destination, tokenOut } = request;
  const maxGas = (deps.limits ?? DEFAULT_BRIDGE_LIMITS).maxDestinationGas;
  const key = `${destination.chain}:${tokenOut.address.toLowerCase()}`;
  const gasPrice = await destination.gasPrice();
  let gasLimit = deps.swapGas?.get(key) ?? FIRST_SWAP_GAS_GUESS;
  for (let measure = 0; measure < MEASURES; measure++) {
    const gasCost = gasLimit * gasPrice;
    const swapAmountIn = grossNative - gasCost;
    if (swapAmountIn <= 0n) refuseTooSmall(request, gasCost);
    let quote: SwapQuote;
    try {
      quote = await requireSwaps(deps, 'tokenOut').quote(
        destination.chain,
        solverSwapRequest(destination, {
          tokenIn: NATIVE_TOKEN_ADDRESS,
          tokenOut: tokenOut.address,
          amount: swapAmountIn,
          recipient: request.recipient,
          slippageBps: request.slippageBps,
        }),
      );
    } catch (error) {
      return riskyOrThrow('tokenOut', tokenOut, error);
    }
    refuseRisky('tokenOut', tokenOut, quote.warnings);
    const measured = quote.tradeGasLimit;
    if (measured > maxGas) {
      throw new AppError(
        'NO_ROUTE',
        `tokenOut: a swap into ${tokenOut.symbol} on ${nameOf(destination)} needs about ${measured.toLocaleString('en-US')} gas, more than the ${maxGas.toLocaleString('en-US')} this server spends on a destination swap (BRIDGE_MAX_DESTINATION_GAS). Bridge into another token.`,
        { field: 'tokenOut' },
      );
    }
    deps.swapGas?.set(key, measured);
    if (measured <= gasLimit) return { quote, swapAmountIn, gasLimit, gasCost };
    gasLimit = measured;
  }
  throw new AppError(
    'NO_ROUTE',
    `tokenOut: the gas a swap into ${tokenOut.symbol} needs keeps changing; it cannot be priced now. Try again, or bridge into another token.`,
    { field: 'tokenOut' },
  );
}

async function swapPayout(deps: BridgeDeps, request: PayoutRequest): Promise<PayoutPlan> {
  const { destination, tokenOut } = request;
  const native = findAsset(destination.assets, NATIVE_TOKEN_ADDRESS);
  if (!native)
    throw new AppError(
      'NO_ROUTE',
      `tokenOut: the solver pays ${tokenOut.symbol} on ${nameOf(destination)} only by swapping its native coin, which it does not take there.`,
      { field: 'tokenOut' },
    );
  const grossNative = convertAsset(request.net.amount, request.net.side, sideOf(request, native));
  const inventory = await destination.inventory();
  if (inventory < grossNative) refuseShort(deps, destination, { amount: inventory, token: destination.nativeToken }, grossNative);
  const { quote, swapAmountIn, gasLimit, gasCost } = await meteredSwap(deps, request, grossNative);
  return {
    payout: 'swap',
    asset: native,
    assetToken: destination.nativeToken,
    grossOut: grossNative,
    gasOut: gasCost,
    amountOut: quote.amountOut,
    destinationGas: gasCost,
    swapAmountIn,
    fillGasLimit: gasLimit,
    usdOut: quote.valueAmountOutUsd,
    warnings: quote.warnings ?? [],
    legs: [
      {
        kind: 'swap',
        chain: destination.chain,
        venue: venuesOf(quote),
        tokenIn: destination.nativeToken,
        tokenOut,
        amountIn: swapAmountIn,
        amountOut: quote.amountOut,
      },
    ],
  };
}

export async function planPayout(deps: BridgeDeps, request: PayoutRequest): Promise<PayoutPlan> {
  const asset = findAsset(request.destination.assets, request.tokenOut.address);
  const transfer = asset && (await transferPayout(deps, request, asset));
  if (transfer) return transfer;
  if (asset?.kind === 'wrapped') {
    const held = await request.destination.tokenInventory(asset.address);
    refuseShort(
      deps,
      request.destination,
      { amount: held, token: request.tokenOut },
      convertAsset(request.net.amount, request.net.side, sideOf(request, asset)),
    );
  }
  return swapPayout(deps, request);
}
