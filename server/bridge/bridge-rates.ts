/**
 * The rate between two bridge assets. The same coin on two chains (ETH on Base and on Arbitrum, a USD stable
 * and another) crosses one for one: no price is read, so no pool can be pushed to change it. Between different
 * coins (ETH and USDC, ETH and AVAX) the value crosses at USD prices that one swap cannot move in the user's
 * favour: what the solver receives at the low end of its coin's range, what it pays at the high end of its
 * (bridge-chain.ts, NativeUsdRange), the stables at par. The fill reads the rate again (bridge-fill.ts).
 */
import { formatUnits } from 'viem';
import { CHAINS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { BridgeAsset, BridgeChain, NativeUsdRange } from './bridge-chain';
import { sameValue } from './bridge-assets';

/** USD prices enter the integer arithmetic with this many decimals. */
const PRICE_SCALE = 1_000_000_000n;

/** An amount of an asset on a chain, with that chain's native price range when it was read. */
export interface AssetSide {
  chain: BridgeChain;
  asset: BridgeAsset;
  range: NativeUsdRange | undefined;
}

/** `amount` of an asset worth `from.usd` each, in raw units of one worth `to.usd`. */
export function convertValue(amount: bigint, from: { usd: number; decimals: number }, to: { usd: number; decimals: number }): bigint {
  const fromPrice = BigInt(Math.round(from.usd * Number(PRICE_SCALE)));
  const toPrice = BigInt(Math.round(to.usd * Number(PRICE_SCALE)));
  return (amount * fromPrice * 10n ** BigInt(to.decimals)) / (toPrice * 10n ** BigInt(from.decimals));
}

/** Raw units in `from`'s decimals as raw units in `to`'s (rounded down). */
export function scaleDecimals(amount: bigint, from: number, to: number): bigint {
  return to >= from ? amount * 10n ** BigInt(to - from) : amount / 10n ** BigInt(from - to);
}

function priceOf(side: AssetSide, end: 'low' | 'high' | 'spot'): number {
  if (side.asset.kind === 'stable') return 1;
  const usd = side.range?.[end] ?? 0;
  if (!(usd > 0)) {
    throw new AppError(
      'NO_ROUTE',
      `${side.chain.chain} has no USD price for its native coin right now (no market between it and the chain's USD stable), so no rate can be quoted.`,
    );
  }
  return usd;
}

/** Whether converting between these assets reads prices at all (different coins). */
export function isCrossAsset(from: AssetSide, to: AssetSide): boolean {
  return !sameValue({ chain: from.chain.chain, asset: from.asset }, { chain: to.chain.chain, asset: to.asset });
}

/** `amount` of `from`'s asset in raw units of `to`'s: one for one between the same coin, else at the ends of the ranges worse for the user. */
export function convertAsset(amount: bigint, from: AssetSide, to: AssetSide): bigint {
  if (!isCrossAsset(from, to)) return scaleDecimals(amount, from.asset.decimals, to.asset.decimals);
  return convertValue(amount, { usd: priceOf(from, 'low'), decimals: from.asset.decimals }, { usd: priceOf(to, 'high'), decimals: to.asset.decimals });
}

/** What an amount of an asset is worth in USD at the market's spot price (for limits and the figures shown). */
export function usdValue(amount: bigint, side: AssetSide): number {
  return Number(formatUnits(amount, side.asset.decimals)) * priceOf(side, 'spot');
}

/** The range of a chain's native price, read only where an asset of that chain needs a price. */
export async function rangeFor(chain: BridgeChain, needed: boolean): Promise<NativeUsdRange | undefined> {
  return needed ? chain.nativeUsdRange() : undefined;
}

export const chainName = (chain: BridgeChain) => CHAINS[chain.chain].name;
