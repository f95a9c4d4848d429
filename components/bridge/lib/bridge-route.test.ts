import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { readableVenue, routeLegsText, routeSummary, type RouteRequest } from './bridge-route';

const ALPHA = '0x00000000000000000000000000000000000a1fa0';
const BETA = '0x00000000000000000000000000000000000bE7a0';
const WETH = '0x4200000000000000000000000000000000000006';

const request: RouteRequest = {
  amountIn: '1000000000000000000000',
  amountOut: '1200000000000000000000',
  sourceChain: 'BASE',
  destinationChain: 'ARB',
  tokenIn: ALPHA,
  tokenOut: BETA,
  symbolIn: 'ALPHA',
  symbolOut: 'BETA',
  decimalsIn: 18,
  decimalsOut: 18,
  route: [
    {
      kind: 'swap',
      chain: 'BASE',
      venue: 'UNISWAP_V3',
      tokenIn: ALPHA,
      tokenOut: NATIVE_TOKEN_ADDRESS,
      symbolIn: 'ALPHA',
      symbolOut: 'ETH',
      amountIn: '1000000000000000000000',
      amountOut: '490000000000000000',
    },
    {
      kind: 'bridge',
      chain: 'BASE',
      venue: 'solver',
      tokenIn: NATIVE_TOKEN_ADDRESS,
      tokenOut: NATIVE_TOKEN_ADDRESS,
      symbolIn: 'ETH',
      symbolOut: 'ETH',
      amountIn: '490000000000000000',
      amountOut: '489000000000000000',
    },
    {
      kind: 'swap',
      chain: 'ARB',
      venue: 'UNISWAP_V2',
      tokenIn: NATIVE_TOKEN_ADDRESS,
      tokenOut: BETA,
      symbolIn: 'ETH',
      symbolOut: 'BETA',
      amountIn: '489000000000000000',
      amountOut: '1200000000000000000000',
    },
  ],
};

const texts = (legs: ReturnType<typeof routeLegsText>) => legs.map(({ text, detail }) => (detail ? `${text} | ${detail}` : text));

describe('routeLegsText', () => {
  it('writes each leg with its amounts, chains and venue, on its side of the bridge', () => {
    const legs = routeLegsText(request);
    expect(texts(legs)).toEqual([
      'Swap 1,000 ALPHA → 0.49 ETH on Base · Uniswap V3',
      'Bridge 0.49 ETH Base → Arbitrum One | 0.489 ETH arrives on Arbitrum One',
      'Swap 0.489 ETH → 1,200 BETA on Arbitrum One · Uniswap V2',
    ]);
    expect(legs.map((leg) => leg.side)).toEqual(['source', 'bridge', 'destination']);
    expect(legs.map((leg) => leg.index)).toEqual([0, 1, 2]);
  });

  it('counts an intermediate token the page knows, and writes raw units for one it does not', () => {
    const wethLeg = { ...request.route![2]!, tokenIn: WETH, symbolIn: 'WETH' };
    const withWeth = { ...request, route: [request.route![0]!, request.route![1]!, wethLeg] };
    expect(routeLegsText(withWeth, (chain, token) => (chain === 'ARB' && token === WETH ? { symbol: 'WETH', decimals: 18 } : undefined))[2]!.text).toBe(
      'Swap 0.489 WETH → 1,200 BETA on Arbitrum One · Uniswap V2',
    );
    expect(routeLegsText(withWeth)[2]!.text).toBe('Swap 489000000000000000 WETH (raw units) → 1,200 BETA on Arbitrum One · Uniswap V2');
  });

  it('prefers the venue a transaction reports over the one quoted', () => {
    expect(routeLegsText(request, undefined, { destination: 'UNISWAP_V4' })[2]!.text).toBe('Swap 0.489 ETH → 1,200 BETA on Arbitrum One · Uniswap V4');
  });

  it('reads a request stored without a route as one bridge leg in its own coins', () => {
    const native: RouteRequest = {
      amountIn: '2000000000000000000',
      amountOut: '51000000000000000',
      sourceChain: 'AVAX',
      destinationChain: 'XLAYER',
      route: [],
    };
    expect(texts(routeLegsText(native))).toEqual(['Bridge 2 AVAX Avalanche C-Chain → X Layer | 0.051 OKB arrives on X Layer']);
    expect(routeSummary(native)).toBe('Bridge AVAX to X Layer as OKB');
  });
});

describe('routeSummary', () => {
  it('names every swap with its chain', () => {
    expect(routeSummary(request)).toBe('Swap ALPHA → ETH on Base, bridge ETH to Arbitrum One, swap ETH → BETA on Arbitrum One');
    expect(routeSummary({ ...request, route: request.route!.slice(1, 2) })).toBe('Bridge ETH to Arbitrum One');
  });
});

describe('readableVenue', () => {
  it('names the venues as people know them, several joined', () => {
    expect(readableVenue('UNISWAP_V2 + UNISWAP_V3')).toBe('Uniswap V2 + Uniswap V3');
    expect(readableVenue('PANCAKESWAP_V3')).toBe('PancakeSwap V3');
    expect(readableVenue('uniswap-v3')).toBe('Uniswap V3');
    expect(readableVenue('SUSHI_V2+CURVE')).toBe('Sushi V2 + Curve');
  });
});
