import { describe, expect, it } from 'vitest';
import { feeText, routeLegsText, shareText } from './route-text';

const symbols: Record<string, string> = { '0xa': 'WETH', '0xb': 'USDC', '0xc': 'ALPHA' };
const symbolOf = (address: string) => symbols[address] ?? address;

describe('route text', () => {
  it('writes a split route one leg a line, with shares, tokens and pools', () => {
    const lines = routeLegsText(
      [
        { share: 62.25, hops: [{ venue: 'UNISWAP_V3', pool: '0xp1', tokenIn: '0xa', tokenOut: '0xb', fee: 500 }] },
        {
          share: 37.75,
          hops: [
            { venue: 'UNISWAP_V2', pool: '0xp2', tokenIn: '0xa', tokenOut: '0xc', fee: 3000 },
            { venue: 'UNISWAP_V4', pool: '0xp3', tokenIn: '0xc', tokenOut: '0xb', fee: 3000 },
          ],
        },
      ],
      symbolOf,
    );
    expect(lines.map(({ share, path, pools }) => `${share} · ${path} · ${pools}`)).toEqual([
      '62\u00a0% · WETH → USDC · Uniswap V3 0.05\u00a0%',
      '38\u00a0% · WETH → ALPHA → USDC · Uniswap V2 0.3\u00a0%, Uniswap V4 0.3\u00a0%',
    ]);
    expect(lines[1]!.title).toBe('0xp2, 0xp3');
  });

  it('keeps small shares and fees readable', () => {
    expect(shareText(0.25)).toBe('0.25\u00a0%');
    expect(shareText(100)).toBe('100\u00a0%');
    expect(feeText(100)).toBe('0.01\u00a0%');
    expect(feeText(2500)).toBe('0.25\u00a0%');
  });
});
