/**
 * A route in words for the swap page: one line per leg with its share, its tokens and its pools, e.g.
 * "62 % · WETH → USDC · Uniswap V3 0.05 %" and "38 % · WETH → ALPHA → USDC · Uniswap V2 0.3 %, Uniswap V4 0.3 %".
 */
import { formatPercent } from '@/server/display/number-text';
import { VENUE_NAMES } from '@/server/venues/venue-names';

export interface RouteHopView {
  venue: string;
  pool: string;
  tokenIn: string;
  tokenOut: string;
  fee: number;
}

export interface RouteLegView {
  /** Percent of the swapped amount. */
  share: number;
  hops: RouteHopView[];
}

export interface RouteLegText {
  key: string;
  share: string;
  path: string;
  pools: string;
  /** Every pool address of the leg, for a tooltip. */
  title: string;
}

export function venueName(venue: string): string {
  return VENUE_NAMES[venue] ?? venue;
}

/** A fee in hundredths of a basis point as a percent: 500 → "0.05 %". */
export function feeText(fee: number): string {
  return formatPercent(fee / 10_000, 4);
}

/** A share in percent, rounded to what a reader needs: 62.25 → "62 %", 0.4 → "0.4 %". */
export function shareText(share: number): string {
  return formatPercent(share >= 1 ? Math.round(share) : share);
}

export function routeLegsText(route: readonly RouteLegView[], symbolOf: (address: string) => string): RouteLegText[] {
  return route.map((leg, index) => {
    const tokens = [leg.hops[0]?.tokenIn, ...leg.hops.map((hop) => hop.tokenOut)].filter((token): token is string => token !== undefined);
    return {
      key: `${index}-${leg.hops.map((hop) => hop.pool).join('-')}`,
      share: shareText(leg.share),
      path: tokens.map(symbolOf).join(' → '),
      pools: leg.hops.map((hop) => `${venueName(hop.venue)} ${feeText(hop.fee)}`).join(', '),
      title: leg.hops.map((hop) => hop.pool).join(', '),
    };
  });
}
