/**
 * A quoted route in words, one line per leg: "Swap ALPHA → ETH on Base (uniswap-v3)", "Bridge Base →
 * Arbitrum", "Swap ETH → BETA on Arbitrum (uniswap-v3)", each with what goes in and what comes out.
 */
import { venueName } from '@/components/swap/lib/route-text';
import { sameToken } from '@/components/swap/lib/tokens';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { chainName, coinAmount, nativeCoin, type Coin } from './bridge-amounts';
import type { BridgeQuote, BridgeRouteLeg } from './bridge-types';

export interface RouteLegText {
  key: string;
  kind: BridgeRouteLeg['kind'];
  /** e.g. "Swap ALPHA → ETH on Base (uniswap-v3)". */
  title: string;
  /** e.g. "1,000 ALPHA → 0.31 ETH". */
  amounts: string;
}

/** A token the form knows on a chain: the picked tokens, the listed ones. */
export type KnownCoin = (chain: string, token: string) => Coin | undefined;

/**
 * A leg's token in whole units: the quote's own tokens, the chain's native coin, a token the form knows,
 * or else the leg's symbol over raw units.
 */
function legCoin(stats: BridgeQuote['stats'], known: KnownCoin, chain: string, token: string): Coin | undefined {
  if (token === NATIVE_TOKEN_ADDRESS) return nativeCoin(chain);
  if (chain === stats.sourceChain && stats.tokenIn && stats.decimalsIn !== undefined && stats.symbolIn && sameToken({ address: token }, { address: stats.tokenIn })) {
    return { symbol: stats.symbolIn, decimals: stats.decimalsIn };
  }
  if (chain === stats.destinationChain && stats.tokenOut && stats.decimalsOut !== undefined && stats.symbolOut && sameToken({ address: token }, { address: stats.tokenOut })) {
    return { symbol: stats.symbolOut, decimals: stats.decimalsOut };
  }
  return known(chain, token);
}

/** A swap's venues as the swap page names them: "UNISWAP_V3 + UNISWAP_V2" → "Uniswap V3 + Uniswap V2". */
function venuesText(venues: string): string {
  return venues.split(' + ').map(venueName).join(' + ');
}

function amountText(raw: string, chain: string, coin: Coin | undefined, symbol: string): string {
  return coin ? coinAmount(raw, chain, coin).text : `${raw} ${symbol} (raw units)`;
}

export function routeLegsText(stats: BridgeQuote['stats'], known: KnownCoin): RouteLegText[] {
  return (stats.route ?? []).map((leg, index) => {
    // The bridge leg takes its token on the source chain and pays on the destination.
    const chainIn = leg.kind === 'bridge' ? stats.sourceChain : leg.chain;
    const chainOut = leg.kind === 'bridge' ? stats.destinationChain : leg.chain;
    const title = leg.kind === 'bridge'
      ? `Bridge ${chainName(chainIn)} → ${chainName(chainOut)}`
      : `Swap ${leg.symbolIn} → ${leg.symbolOut} on ${chainName(leg.chain)}${leg.venue ? ` (${venuesText(leg.venue)})` : ''}`;
    const amountIn = amountText(leg.amountIn, chainIn, legCoin(stats, known, chainIn, leg.tokenIn), leg.symbolIn);
    const amountOut = amountText(leg.amountOut, chainOut, legCoin(stats, known, chainOut, leg.tokenOut), leg.symbolOut);
    return { key: `${index}-${leg.kind}-${leg.chain}`, kind: leg.kind, title, amounts: `${amountIn} → ${amountOut}` };
  });
}
