/**
 * Bridge quotes: the native value of `source` priced into the native coin of `destination` at each chain's
 * own USD price (stable pool, or the maker on SOL), less the solver's fee and the fill's gas. The request is
 * stored at quote time, so a deposit sent straight from a wallet (without execute) still finds its terms.
 */
import { randomBytes } from 'node:crypto';
import { formatUnits } from 'viem';
import { nativeAmountText } from '@/server/display/amount-text';
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { BPS } from '@/server/trading/fee-model';
import { bridgeChain, type BridgeDeps } from './bridge-deps';

export interface BridgeQuoteRequest {
  source: ChainId;
  destination: ChainId;
  /** Raw units of the source chain's native coin. */
  amount: bigint;
  trader: string;
  /** Who is paid on the destination chain; the trader when left out. */
  recipient?: string;
  slippageBps?: number;
}

export interface BridgeQuote {
  requestId: string;
  /** The unsigned deposit the trader signs: EVM, a serialized transaction (hex); SOL, a base64 transaction. */
  deposit: string;
  source: ChainId;
  destination: ChainId;
  recipient: string;
  /** Raw source native units sent, and the solver's fee out of them. */
  amountIn: bigint;
  feeAmount: bigint;
  /** Raw destination native units the recipient receives, exactly; less the slippage tolerance. */
  amountOut: bigint;
  minAmountOut: bigint;
  /** The fill's gas, raw destination native units (already taken from amountOut). */
  destinationGas: bigint;
  /** USD per whole native coin on each side, as priced for this quote. */
  sourceUsd: number;
  destinationUsd: number;
  /** What the fee and the fill's gas take, percent of the value sent (the rate itself has no impact). */
  priceImpactPercent: number;
  estimatedSeconds: number;
  /** ms since epoch; a deposit confirmed later is refunded. */
  expiresAt: number;
}

const DEFAULT_SLIPPAGE_BPS = 500;
/** Prices enter the integer arithmetic with this many decimals. */
const PRICE_SCALE = 1_000_000_000n;
/** Seconds the solver needs between seeing a deposit and sending the fill. */
const SOLVER_SECONDS = 2;

/** `amount` (raw units of `fromDecimals`) at `fromUsd` each, in raw units of a coin worth `toUsd`. */
export function convertNative(amount: bigint, from: { usd: number; decimals: number }, to: { usd: number; decimals: number }): bigint {
  const fromPrice = BigInt(Math.round(from.usd * Number(PRICE_SCALE)));
  const toPrice = BigInt(Math.round(to.usd * Number(PRICE_SCALE)));
  return (amount * fromPrice * 10n ** BigInt(to.decimals)) / (toPrice * 10n ** BigInt(from.decimals));
}

/** The USD value of a raw amount, in dollars and cents. */
export function usdText(amount: bigint, decimals: number, usd: number): string {
  return (Number(formatUnits(amount, decimals)) * usd).toFixed(2);
}

/** A block to include the deposit, the solver's turn, a block to include the fill. */
export function estimatedSeconds(source: ChainId, destination: ChainId): number {
  return Math.ceil((CHAINS[source].blockTimeMs + CHAINS[destination].blockTimeMs) / 1_000) + SOLVER_SECONDS;
}

export async function quoteBridge(deps: BridgeDeps, owner: string, request: BridgeQuoteRequest): Promise<BridgeQuote> {
  const now = (deps.now ?? Date.now)();
  const source = bridgeChain(deps, request.source, 'source');
  const destination = bridgeChain(deps, request.destination, 'destination');
  const sourceInfo = CHAINS[request.source];
  const destinationInfo = CHAINS[request.destination];
  const amountIn = request.amount;
  const recipient = request.recipient ?? request.trader;
  const slippageBps = request.slippageBps ?? DEFAULT_SLIPPAGE_BPS;

  const requestId = `0x${randomBytes(32).toString('hex')}`;
  // The deposit does not depend on the rate: built while the prices are read.
  const depositBuilt = source.buildDeposit({ trader: request.trader, amount: amountIn, requestId });
  depositBuilt.catch(() => undefined);
  const [sourceUsd, destinationUsd] = await Promise.all([source.nativeUsd(), destination.nativeUsd()]);
  if (!(sourceUsd > 0) || !(destinationUsd > 0)) {
    const unpriced = sourceUsd > 0 ? request.destination : request.source;
    throw new AppError('NO_ROUTE', `${unpriced} has no USD price for its native coin right now (no stable pool), so no rate can be quoted.`);
  }
  const feeAmount = (amountIn * BigInt(deps.feeBps)) / BigInt(BPS);
  const grossOut = convertNative(amountIn - feeAmount,
    { usd: sourceUsd, decimals: sourceInfo.nativeDecimals }, { usd: destinationUsd, decimals: destinationInfo.nativeDecimals });
  const [destinationGas, inventory] = await Promise.all([destination.paymentCost(recipient, grossOut), destination.inventory()]);
  const amountOut = grossOut - destinationGas;
  if (amountOut <= 0n) {
    const gasInSource = convertNative(destinationGas,
      { usd: destinationUsd, decimals: destinationInfo.nativeDecimals }, { usd: sourceUsd, decimals: sourceInfo.nativeDecimals });
    throw new AppError('INVALID_INPUT',
      `amount: ${nativeAmountText(amountIn, request.source)} does not cover the fill's gas on ${CHAINS[request.destination].name} `
      + `(about ${nativeAmountText(gasInSource, request.source)}) and the fee. Bridge more.`, { field: 'amount' });
  }
  if (amountOut + destinationGas > inventory) {
    throw new AppError('INSUFFICIENT_LIQUIDITY',
      `The solver holds ${nativeAmountText(inventory, request.destination)} on ${CHAINS[request.destination].name}; `
      + `this bridge needs ${nativeAmountText(amountOut + destinationGas, request.destination)}. Bridge a smaller amount.`);
  }

  const seconds = estimatedSeconds(request.source, request.destination);
  const expiresAt = now + deps.quoteTtlMs;
  const minAmountOut = (amountOut * BigInt(BPS - slippageBps)) / BigInt(BPS);
  const deposit = await depositBuilt;
  // The first quote on a chain fixes where its deposit scan starts, before any deposit for it can exist.
  if ((await deps.requests.cursor(request.source)) === undefined) {
    await deps.requests.initCursor(request.source, (await source.scanDeposits(undefined)).cursor);
  }
  await deps.requests.insert({
    id: requestId, owner, sourceChain: request.source, destinationChain: request.destination, trader: request.trader, recipient,
    amountIn, amountOut, minAmountOut, feeAmount, estimatedSeconds: seconds, expiresAt: new Date(expiresAt),
  });

  const usdIn = Number(formatUnits(amountIn, sourceInfo.nativeDecimals)) * sourceUsd;
  const usdOut = Number(formatUnits(amountOut, destinationInfo.nativeDecimals)) * destinationUsd;
  return {
    requestId,
    deposit,
    source: request.source,
    destination: request.destination,
    recipient,
    amountIn,
    feeAmount,
    amountOut,
    minAmountOut,
    destinationGas,
    sourceUsd,
    destinationUsd,
    priceImpactPercent: Math.round(((usdIn - usdOut) / usdIn) * 100 * 10_000) / 10_000,
    estimatedSeconds: seconds,
    expiresAt,
  };
}
