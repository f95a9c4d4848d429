/**
 * A route in words, one line per leg, with the amounts and venues it was quoted with:
 *   "Swap 1,000 ALPHA → 0.49 ETH on Base · Uniswap V3"
 *   "Bridge 0.49 ETH Base → Arbitrum One" (with what arrives: "0.489 ETH arrives on Arbitrum One")
 *   "Swap 0.489 ETH → 1,200 BETA on Arbitrum One · Uniswap V2"
 * and the whole route in one sentence, for a title.
 */
import { venueName } from '@/components/swap/lib/route-text';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { chainName, coinAmount, legCoin, requestCoins, type KnownCoin, type RequestTokens } from './bridge-amounts';
import type { BridgeDetails, BridgeRouteLeg } from './bridge-types';

/** What a route is read from: the quote's stats or a request's status details. */
export type RouteRequest = RequestTokens & Pick<BridgeDetails, 'amountIn' | 'amountOut' | 'route'>;

/** Where a leg runs: a swap before the bridge (on the source chain), the bridge, a swap after it. */
export type LegSide = 'source' | 'bridge' | 'destination';

export interface RouteLegText {
  key: string;
  /** The leg's place in the route. */
  index: number;
  kind: BridgeRouteLeg['kind'];
  side: LegSide;
  text: string;
  /** The bridge leg: what arrives on the destination chain. */
  detail?: string;
}

/** The venue the route names for the bridge leg: the service's own solver, which goes without saying. */
const OWN_BRIDGE_VENUE = 'solver';

/**
 * The route's legs in order. A request without a route (stored before routes were) crossed in its own
 * tokens: one bridge leg.
 */
export function routeLegs(request: RouteRequest): BridgeRouteLeg[] {
  if (request.route && request.route.length > 0) return request.route;
  const coins = requestCoins(request);
  return [
    {
      kind: 'bridge',
      chain: request.sourceChain,
      venue: OWN_BRIDGE_VENUE,
      tokenIn: request.tokenIn ?? NATIVE_TOKEN_ADDRESS,
      tokenOut: request.tokenOut ?? NATIVE_TOKEN_ADDRESS,
      symbolIn: coins.in?.symbol ?? request.sourceChain,
      symbolOut: coins.out?.symbol ?? request.destinationChain,
      amountIn: request.amountIn,
      amountOut: request.amountOut,
    },
  ];
}

/** Each leg's side of the bridge: by its place around the bridge leg, or by its chain when there is none. */
export function legSides(request: RouteRequest, legs: readonly BridgeRouteLeg[] = routeLegs(request)): LegSide[] {
  const bridgeAt = legs.findIndex((leg) => leg.kind === 'bridge');
  return legs.map((leg, index) => {
    if (leg.kind === 'bridge') return 'bridge';
    if (bridgeAt !== -1) return index < bridgeAt ? 'source' : 'destination';
    return leg.chain === request.sourceChain ? 'source' : 'destination';
  });
}

/**
 * A venue as people know it: "UNISWAP_V3" → "Uniswap V3"; one the swap page does not name, word by word
 * ("uniswap-v3" → "Uniswap V3"); several joined with " + ".
 */
export function readableVenue(venues: string): string {
  return venues
    .split('+')
    .map((venue) => venue.trim())
    .filter(Boolean)
    .map(oneVenue)
    .join(' + ');
}

function oneVenue(venue: string): string {
  const named = venueName(venue);
  if (named !== venue) return named;
  return venue
    .split(/[_\-\s]+/)
    .filter(Boolean)
    .map((word) => (/^v\d+$/i.test(word) ? word.toUpperCase() : `${word[0]!.toUpperCase()}${word.slice(1).toLowerCase()}`))
    .join(' ');
}

function amountText(request: RouteRequest, known: KnownCoin | undefined, raw: string, chain: string, token: string, symbol: string): string {
  const coin = legCoin(request, chain, token, known);
  return coin ? coinAmount(raw, chain, coin).text : `${raw} ${symbol} (raw units)`;
}

/**
 * One leg in words. `venue` is the venue a transaction reports for the leg when it did (it may differ from
 * the one quoted); the route's own otherwise.
 */
function legText(request: RouteRequest, leg: BridgeRouteLeg, known: KnownCoin | undefined, venue = leg.venue): Pick<RouteLegText, 'text' | 'detail'> {
  // The bridge leg takes its token on the source chain and pays on the destination.
  const chainOut = leg.kind === 'bridge' ? request.destinationChain : leg.chain;
  const chainIn = leg.kind === 'bridge' ? request.sourceChain : leg.chain;
  const amountIn = amountText(request, known, leg.amountIn, chainIn, leg.tokenIn, leg.symbolIn);
  const amountOut = amountText(request, known, leg.amountOut, chainOut, leg.tokenOut, leg.symbolOut);
  if (leg.kind === 'swap') {
    return { text: `Swap ${amountIn} → ${amountOut} on ${chainName(leg.chain)}${venue ? ` · ${readableVenue(venue)}` : ''}` };
  }
  const via = venue && venue !== OWN_BRIDGE_VENUE ? ` · ${readableVenue(venue)}` : '';
  return { text: `Bridge ${amountIn} ${chainName(chainIn)} → ${chainName(chainOut)}${via}`, detail: `${amountOut} arrives on ${chainName(chainOut)}` };
}

export function routeLegsText(request: RouteRequest, known?: KnownCoin, venues: Partial<Record<LegSide, string>> = {}): RouteLegText[] {
  const legs = routeLegs(request);
  const sides = legSides(request, legs);
  return legs.map((leg, index) => ({
    key: `${index}-${leg.kind}-${leg.chain}`,
    index,
    kind: leg.kind,
    side: sides[index]!,
    ...legText(request, leg, known, venues[sides[index]!] ?? leg.venue),
  }));
}

/**
 * The route in one sentence, naming each swap: "Swap ALPHA → ETH on Base, bridge ETH to Arbitrum One, swap
 * ETH → BETA on Arbitrum One"; a plain bridge: "Bridge AVAX to X Layer as OKB".
 */
export function routeSummary(request: RouteRequest): string {
  const destination = chainName(request.destinationChain);
  const parts = routeLegs(request).map((leg) =>
    leg.kind === 'swap'
      ? `swap ${leg.symbolIn} → ${leg.symbolOut} on ${chainName(leg.chain)}`
      : `bridge ${leg.symbolIn} to ${destination}${leg.symbolOut !== leg.symbolIn ? ` as ${leg.symbolOut}` : ''}`,
  );
  const sentence = parts.join(', ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}
