import { describe, expect, it } from 'vitest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { BPS } from '@/server/fees/fee-model';
import type { BridgeChain } from './bridge-chain';
import { fillAmount, fillShortfall, slippageKeeping } from './bridge-fill';

const minimumAt = (quoted: bigint, slippageBps: number) => (quoted * BigInt(BPS - slippageBps)) / BigInt(BPS);

describe('slippageKeeping', () => {
  it('gives the widest slippage whose minimum on the new quote still reaches the promised one', () => {
    for (const [quoted, minimum] of [
      [1_000_000n, 950_000n],
      [999_999n, 950_000n],
      [123_456_789n, 120_000_000n],
      [10n ** 24n, 10n ** 24n - 1n],
    ] as const) {
      const slippage = slippageKeeping(quoted, minimum);
      expect(minimumAt(quoted, slippage)).toBeGreaterThanOrEqual(minimum);
      expect(minimumAt(quoted, slippage + 1)).toBeLessThan(minimum + quoted / BigInt(BPS) + 1n);
    }
  });

  it("is the quote's own slippage when nothing moved", () => {
    expect(slippageKeeping(1_000_000n, minimumAt(1_000_000n, 500))).toBe(500);
  });

  it('is 0 when the quote is at or below the minimum', () => {
    expect(slippageKeeping(100n, 100n)).toBe(0);
    expect(slippageKeeping(99n, 100n)).toBe(0);
  });
});

describe('fillShortfall', () => {
  const chainHolding = (native: bigint, tokens: bigint = 0n) =>
    ({
      chain: 'ARB',
      nativeToken: { address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', decimals: 18 },
      inventory: async () => native,
      tokenInventory: async () => tokens,
      paymentCost: async () => 21_000n * 10n ** 9n,
    }) as unknown as BridgeChain;
  const request = (overrides: Partial<BridgeRequest>) =>
    ({
      id: '0xr',
      sourceChain: 'BASE',
      destinationChain: 'ARB',
      recipient: '0xrecipient',
      amountOut: (2n * 10n ** 18n).toString(),
      tokenOut: null,
      payout: null,
      swapAmountIn: null,
      route: null,
      depositAmount: null,
      depositExpected: null,
      grossOut: null,
      gasOut: null,
      ...overrides,
    }) as unknown as BridgeRequest;

  it('says what cannot be paid and what to do, never what the solver holds; the figures are for the log', async () => {
    const short = await fillShortfall(chainHolding(1_234_567n * 10n ** 12n), request({}));
    expect(short?.message).toBe(
      'The solver could not fill on Arbitrum One: it could not pay out 2 ETH there at that moment. The deposit is returned; try a smaller amount, or try again later.',
    );
    expect(short?.message).not.toMatch(/1\.23|holds/);
    expect(short?.shortfall).toEqual({ token: 'ETH', held: (1_234_567n * 10n ** 12n).toString(), needed: (2n * 10n ** 18n + 21_000n * 10n ** 9n).toString() });
  });

  it('a destination swap the solver cannot pay for names the token it was to buy', async () => {
    const short = await fillShortfall(chainHolding(5n), request({ payout: 'swap', swapAmountIn: '1000', tokenOut: '0xbeta' }));
    expect(short?.message).toContain('could not pay for the swap to');
    expect(short?.shortfall).toEqual({ token: 'ETH', held: '5', needed: '1000' });
  });

  it('is nothing when the solver can pay', async () => {
    expect(await fillShortfall(chainHolding(3n * 10n ** 18n), request({}))).toBeUndefined();
  });
});

describe('fillAmount', () => {
  const quoted = { payout: 'transfer' as const, amountOut: '990', swapAmountIn: null, depositExpected: '1000', grossOut: '1000', gasOut: '10' };

  it('is the quoted amount when the deposit brought what the quote expected', () => {
    expect(fillAmount({ ...quoted, depositAmount: '1000' })).toBe(990n);
    expect(fillAmount({ ...quoted, payout: 'swap', swapAmountIn: '990', depositAmount: '1000' })).toBe(990n);
  });

  it('pays in proportion to what a source swap deposited, less the gas the quote charged', () => {
    expect(fillAmount({ ...quoted, depositAmount: '950' })).toBe(940n);
    expect(fillAmount({ ...quoted, depositAmount: '1100' })).toBe(1_090n);
    expect(fillAmount({ ...quoted, depositAmount: '5' })).toBe(0n);
  });

  it('pays what was quoted for requests stored before deposits were valued', () => {
    expect(fillAmount({ ...quoted, depositExpected: null, grossOut: null, gasOut: null, depositAmount: '500' })).toBe(990n);
  });
});
