/**
 * Bridge quotes: the native value of `source` priced into the native coin of `destination` at each chain's
 * own USD price (stable pool, or the maker on SOL), less the solver's fee and the fill's gas. The request is
 * stored at quote time, so a deposit sent straight from a wallet (without execute) still finds its terms.
 */
import { randomBytes } from 'node:crypto';
import { formatUnits } from 'viem';
import type { z } from 'zod';
import type { bridgeQuoteInput, bridgeQuoteOutput } from '@/server/api/contract/bridge';
import { CHAINS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { BPS } from '@/server/trading/fee-model';
import { bridgeChain, type BridgeDeps } from './bridge-deps';

const DEFAULT_SLIPPAGE_BPS = 500;
/** Prices enter the integer arithmetic with this many decimals. */
const PRICE_SCALE = 1_000_000_000n;
/** Seconds the solver needs between seeing a deposit and sending the fill. */
const SOLVER_SECONDS = 2;

export type BridgeQuoteInput = z.output<typeof bridgeQuoteInput>;

/** `amount` (raw units of `fromDecimals`) at `fromUsd` each, in raw units of a coin worth `toUsd`. */
export function convertNative(amount: bigint, from: { usd: number; decimals: number }, to: { usd: number; decimals: number }): bigint {
  const fromPrice = BigInt(Math.round(from.usd * Number(PRICE_SCALE)));
  const toPrice = BigInt(Math.round(to.usd * Number(PRICE_SCALE)));
  return (amount * fromPrice * 10n ** BigInt(to.decimals)) / (toPrice * 10n ** BigInt(from.decimals));
}

export function usdText(amount: bigint, decimals: number, usd: number): string {
  return (Number(formatUnits(amount, decimals)) * usd).toFixed(2);
}

/** A block to include the deposit, the solver's turn, a block to include the fill. */
export function estimatedSeconds(source: keyof typeof CHAINS, destination: keyof typeof CHAINS): number {
  return Math.ceil((CHAINS[source].blockTimeMs + CHAINS[destination].blockTimeMs) / 1_000) + SOLVER_SECONDS;
}

export async function quoteBridge(deps: BridgeDeps, owner: string, input: BridgeQuoteInput): Promise<z.input<typeof bridgeQuoteOutput>> {
  const now = (deps.now ?? Date.now)();
  const source = bridgeChain(deps, input.source, 'source');
  const destination = bridgeChain(deps, input.destination, 'destination');
  const sourceInfo = CHAINS[input.source];
  const destinationInfo = CHAINS[input.destination];
  const amountIn = BigInt(input.amount);
  const recipient = input.recipient ?? input.trader;
  const slippageBps = input.slippage ?? DEFAULT_SLIPPAGE_BPS;

  const requestId = `0x${randomBytes(32).toString('hex')}`;
  // The deposit does not depend on the rate: built while the prices are read.
  const deposit = source.buildDeposit({ trader: input.trader, amount: amountIn, requestId });
  deposit.catch(() => undefined);
  const [sourceUsd, destinationUsd] = await Promise.all([source.nativeUsd(), destination.nativeUsd()]);
  if (!(sourceUsd > 0) || !(destinationUsd > 0)) {
    const unpriced = sourceUsd > 0 ? input.destination : input.source;
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
      `amount: ${formatUnits(amountIn, sourceInfo.nativeDecimals)} ${sourceInfo.nativeSymbol} does not cover the fill's gas on ${input.destination} `
      + `(about ${formatUnits(gasInSource, sourceInfo.nativeDecimals)} ${sourceInfo.nativeSymbol}) and the fee. Bridge more.`, { field: 'amount' });
  }
  if (amountOut + destinationGas > inventory) {
    throw new AppError('INSUFFICIENT_LIQUIDITY',
      `The solver holds ${formatUnits(inventory, destinationInfo.nativeDecimals)} ${destinationInfo.nativeSymbol} on ${input.destination}; `
      + `this bridge would pay ${formatUnits(amountOut, destinationInfo.nativeDecimals)}. Bridge a smaller amount.`);
  }

  const seconds = estimatedSeconds(input.source, input.destination);
  const expiresAt = now + deps.quoteTtlMs;
  const minAmountOut = (amountOut * BigInt(BPS - slippageBps)) / BigInt(BPS);
  const trade = await deposit;
  // The first quote on a chain fixes where its deposit scan starts, before any deposit for it can exist.
  if ((await deps.requests.cursor(input.source)) === undefined) {
    await deps.requests.initCursor(input.source, (await source.scanDeposits(undefined)).cursor);
  }
  await deps.requests.insert({
    id: requestId, owner, sourceChain: input.source, destinationChain: input.destination, trader: input.trader, recipient,
    amountIn, amountOut, minAmountOut, feeAmount, estimatedSeconds: seconds, expiresAt: new Date(expiresAt),
  });

  const usdIn = Number(formatUnits(amountIn, sourceInfo.nativeDecimals)) * sourceUsd;
  const usdOut = Number(formatUnits(amountOut, destinationInfo.nativeDecimals)) * destinationUsd;
  return {
    success: true,
    error: null,
    // Native deposits need no approval.
    transaction: { trade, requestId, approve: '' },
    stats: {
      amountIn: amountIn.toString(),
      amountOut: amountOut.toString(),
      // What the fee and the fill's gas take, as a share of the value sent (the rate itself has no impact).
      priceImpact: Math.round(((usdIn - usdOut) / usdIn) * 100 * 10_000) / 10_000,
      estimatedTime: seconds,
      amountInFormatted: formatUnits(amountIn, sourceInfo.nativeDecimals),
      amountInUsd: usdText(amountIn, sourceInfo.nativeDecimals, sourceUsd),
      amountOutFormatted: formatUnits(amountOut, destinationInfo.nativeDecimals),
      amountOutUsd: usdText(amountOut, destinationInfo.nativeDecimals, destinationUsd),
      sourceChain: input.source,
      destinationChain: input.destination,
      recipient,
      minAmountOut: minAmountOut.toString(),
      feeAmount: feeAmount.toString(),
      destinationGas: destinationGas.toString(),
      expiresAt,
    },
  };
}
