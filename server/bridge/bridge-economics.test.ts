/** The bridge's pure economics: which assets a chain offers, which cross one for one, rates, slippage shares and minimums. */
import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { BridgeAsset, BridgeChain } from './bridge-chain';
import { findAsset, resolveBridgeAssets, sameValue } from './bridge-assets';
import { convertAsset, scaleDecimals, type AssetSide } from './bridge-rates';
import { minimumOut, slippageShares } from './bridge-route';

const WETH = '0x4200000000000000000000000000000000000006';
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const USDT = '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2';
const candidates = { wrapped: { address: WETH, decimals: 18 }, stable: { address: USDC, decimals: 6 }, otherStables: [{ address: USDT, decimals: 6 }] };
const native: BridgeAsset = { address: NATIVE_TOKEN_ADDRESS, decimals: 18, kind: 'native' };
const stable: BridgeAsset = { address: USDC.toLowerCase(), decimals: 6, kind: 'stable' };

describe('bridge assets', () => {
  it('are the native coin, the wrapped native and the main stable by default, in lower case', () => {
    const { assets, problem } = resolveBridgeAssets('BASE', ['native', 'wrapped', 'stable'], candidates);
    expect(problem).toBeUndefined();
    expect(assets).toEqual([native, { address: WETH.toLowerCase(), decimals: 18, kind: 'wrapped' }, stable]);
    expect(findAsset(assets, USDC)).toEqual(stable);
    expect(findAsset(assets, null)).toEqual(native);
    expect(findAsset(assets, '0x0000000000000000000000000000000000000001')).toBeUndefined();
  });

  it('take another USD stable of the chain by address, and name an address that is none of its assets', () => {
    expect(resolveBridgeAssets('BASE', ['native', USDT], candidates).assets.map((asset) => asset.kind)).toEqual(['native', 'stable']);
    expect(resolveBridgeAssets('BASE', ['native', '0x1111111111111111111111111111111111111111'], candidates).problem).toBe(
      'BRIDGE_ASSETS_BASE names 0x1111111111111111111111111111111111111111, which is not its native coin, wrapped native or one of its USD stables',
    );
  });

  it('keep a Solana mint as written, and leave out a wrapped form the chain does not have', () => {
    const mint = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const { assets } = resolveBridgeAssets('SOL', ['native', 'wrapped', 'stable'], { stable: { address: mint, decimals: 6 } });
    expect(assets.map((asset) => asset.address)).toEqual([NATIVE_TOKEN_ADDRESS, mint]);
  });

  it('cross one for one between the same coin on two chains and between stables, not between different coins', () => {
    expect(sameValue({ chain: 'BASE', asset: native }, { chain: 'ARB', asset: native })).toBe(true);
    expect(sameValue({ chain: 'BASE', asset: { ...native, kind: 'wrapped' } }, { chain: 'ETH', asset: native })).toBe(true);
    expect(sameValue({ chain: 'BASE', asset: stable }, { chain: 'SOL', asset: stable })).toBe(true);
    expect(sameValue({ chain: 'BASE', asset: native }, { chain: 'AVAX', asset: native })).toBe(false);
    expect(sameValue({ chain: 'BASE', asset: native }, { chain: 'ARB', asset: stable })).toBe(false);
  });
});

describe('bridge rates', () => {
  const side = (chain: string, asset: BridgeAsset, low: number, high: number): AssetSide => ({
    chain: { chain } as BridgeChain,
    asset,
    range: { spot: (low + high) / 2, low, high },
  });

  it('take what the solver receives at the low end and what it pays at the high end', () => {
    // 1 ETH worth 2,900 at the low end, into AVAX worth 26 at the high end: 111.53... AVAX.
    expect(convertAsset(10n ** 18n, side('BASE', native, 2_900, 3_100), side('AVAX', native, 24, 26))).toBe(111_538_461_538_461_538_461n);
    // 1,000 USDC into ETH at its high end.
    expect(convertAsset(1_000_000_000n, side('BASE', stable, 1, 1), side('ARB', native, 2_900, 3_100))).toBe(322_580_645_161_290_322n);
  });

  it('read no price between the same coin: a pushed pool changes nothing', () => {
    expect(convertAsset(10n ** 18n, side('BASE', native, 1, 1_000_000), side('ARB', native, 1, 1))).toBe(10n ** 18n);
    expect(scaleDecimals(1_234_567n, 6, 18)).toBe(1_234_567n * 10n ** 12n);
    expect(scaleDecimals(1_234_567_890_123n, 18, 6)).toBe(1n);
  });

  it('refuse to price a coin without a price (NO_ROUTE)', () => {
    expect(() => convertAsset(1n, side('BASE', native, 0, 0), side('AVAX', native, 25, 25))).toThrow(AppError);
  });
});

describe('slippage and minimums', () => {
  const chain = (assets: BridgeAsset[]) => ({ assets }) as BridgeChain;
  const token = (address: string) => ({ address, symbol: 'T', decimals: 18 });

  it('give each swap half of the slippage when both sides swap, else the one swap all of it', () => {
    const request = { source: chain([native]), destination: chain([native]), slippageBps: 301 };
    expect(slippageShares({ ...request, tokenIn: token('0xa'), tokenOut: token('0xb') })).toEqual({ source: 150, destination: 151 });
    expect(slippageShares({ ...request, tokenIn: token(NATIVE_TOKEN_ADDRESS), tokenOut: token('0xb') })).toEqual({ source: 301, destination: 301 });
  });

  it("carry a source swap's minimum through the payout: a transfer loses the same gas, a destination swap in proportion less its share", () => {
    const deposit = { expected: 1_000n, min: 950n };
    expect(
      minimumOut(deposit, { payout: 'transfer', grossOut: 2_000n, gasOut: 100n, amountOut: 1_900n, swapAmountIn: undefined }, { route: 100, destination: 100 }),
    ).toBe(1_800n);
    // Swap input at the minimum: 1,900 - 100 = 1,800 of 1,900; output 5,000 in proportion (4,736), less 1 %.
    expect(
      minimumOut(deposit, { payout: 'swap', grossOut: 2_000n, gasOut: 100n, amountOut: 5_000n, swapAmountIn: 1_900n }, { route: 200, destination: 100 }),
    ).toBe(4_688n);
    expect(
      minimumOut(
        { expected: 1_000n, min: undefined },
        { payout: 'transfer', grossOut: 2_000n, gasOut: 100n, amountOut: 1_900n, swapAmountIn: undefined },
        { route: 500, destination: 500 },
      ),
    ).toBe(1_805n);
  });
});
