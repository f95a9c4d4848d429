import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { routeLegsText } from './bridge-route';
import type { BridgeQuote } from './bridge-types';

const ALPHA = '0x00000000000000000000000000000000000a1fa0';
const BETA = '0x00000000000000000000000000000000000bE7a0';
const WETH = '0x4200000000000000000000000000000000000006';

const stats: BridgeQuote['stats'] = {
  amountIn: '1000000000000000000000', amountOut: '250000000000000000000', priceImpact: 0.2, estimatedTime: 5,
  amountInFormatted: '1000', amountInUsd: '1000', amountOutFormatted: '250', amountOutUsd: '990', sourceChain: 'BASE', destinationChain: 'ARB',
  tokenIn: ALPHA, tokenOut: BETA, symbolIn: 'ALPHA', symbolOut: 'BETA', decimalsIn: 18, decimalsOut: 18,
  route: [
    { kind: 'swap', chain: 'BASE', venue: 'uniswap-v3', tokenIn: ALPHA, tokenOut: NATIVE_TOKEN_ADDRESS, symbolIn: 'ALPHA', symbolOut: 'ETH', amountIn: '1000000000000000000000', amountOut: '310000000000000000' },
    { kind: 'bridge', chain: 'BASE', venue: 'solver', tokenIn: NATIVE_TOKEN_ADDRESS, tokenOut: NATIVE_TOKEN_ADDRESS, symbolIn: 'ETH', symbolOut: 'ETH', amountIn: '310000000000000000', amountOut: '309000000000000000' },
    { kind: 'swap', chain: 'ARB', venue: 'UNISWAP_V3 + UNISWAP_V2', tokenIn: WETH, tokenOut: BETA, symbolIn: 'WETH', symbolOut: 'BETA', amountIn: '309000000000000000', amountOut: '250000000000000000000' },
  ],
};

describe('routeLegsText', () => {
  it('names each leg with its chain, venues and amounts', () => {
    const known = (chain: string, token: string) => (chain === 'ARB' && token === WETH ? { symbol: 'WETH', decimals: 18 } : undefined);
    expect(routeLegsText(stats, known).map(({ title, amounts }) => ({ title, amounts }))).toEqual([
      { title: 'Swap ALPHA → ETH on Base (uniswap-v3)', amounts: '1,000 ALPHA → 0.31 ETH' },
      { title: 'Bridge Base → Arbitrum One', amounts: '0.31 ETH → 0.309 ETH' },
      { title: 'Swap WETH → BETA on Arbitrum One (Uniswap V3 + Uniswap V2)', amounts: '0.309 WETH → 250 BETA' },
    ]);
  });

  it('writes raw units for a token it cannot count, and nothing for a quote without a route', () => {
    expect(routeLegsText(stats, () => undefined)[2]?.amounts).toBe('309000000000000000 WETH (raw units) → 250 BETA');
    expect(routeLegsText({ ...stats, route: undefined }, () => undefined)).toEqual([]);
  });
});
