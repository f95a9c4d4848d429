import { describe, expect, it } from 'vitest';
import { bridgeFormReducer, initialBridgeForm } from './bridge-form';

describe('bridgeFormReducer', () => {
  it('starts on two different chains', () => {
    expect(initialBridgeForm()).toEqual({ source: 'BASE', destination: 'ARB', amountText: '', slippageBps: 500 });
    expect(initialBridgeForm('ARB', 'ARB')).toMatchObject({ source: 'ARB', destination: 'BASE' });
  });

  it("swaps the chains when one side picks the other side's chain", () => {
    const form = { ...initialBridgeForm(), amountText: '1' };
    expect(bridgeFormReducer(form, { type: 'source', chain: 'ARB' })).toEqual({ source: 'ARB', destination: 'BASE', amountText: '', slippageBps: 500 });
    expect(bridgeFormReducer(form, { type: 'destination', chain: 'BASE' })).toMatchObject({ source: 'ARB', destination: 'BASE' });
    expect(bridgeFormReducer(form, { type: 'source', chain: 'SOL' })).toEqual({ source: 'SOL', destination: 'ARB', amountText: '1', slippageBps: 500 });
  });

  it('keeps a typed recipient through a flip, but not the amount of the old coin', () => {
    const form = bridgeFormReducer({ ...initialBridgeForm(), amountText: '2' }, { type: 'recipient', text: '0xabc' });
    expect(bridgeFormReducer(form, { type: 'flip' })).toEqual({ source: 'ARB', destination: 'BASE', amountText: '', recipientText: '0xabc', slippageBps: 500 });
  });

  it('keeps a token to its chain: a new chain starts on its native coin, a flip moves both tokens', () => {
    const usdcBase = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6 };
    const usdcArb = { address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', symbol: 'USDC', name: 'USD Coin', decimals: 6 };
    const eth = { address: '0x0000000000000000000000000000000000000000', symbol: 'ETH', name: 'ETH (native)', decimals: 18 };
    let form = bridgeFormReducer(initialBridgeForm(), { type: 'tokenIn', token: usdcBase });
    form = bridgeFormReducer(form, { type: 'tokenOut', token: usdcArb });
    expect(form).toMatchObject({ tokenIn: usdcBase, tokenOut: usdcArb });
    expect(bridgeFormReducer(form, { type: 'flip' })).toMatchObject({ source: 'ARB', destination: 'BASE', tokenIn: usdcArb, tokenOut: usdcBase });
    expect(bridgeFormReducer(form, { type: 'source', chain: 'AVAX' })).toMatchObject({ source: 'AVAX', tokenIn: undefined, tokenOut: usdcArb });
    expect(bridgeFormReducer(form, { type: 'destination', chain: 'AVAX' })).toMatchObject({ destination: 'AVAX', tokenIn: usdcBase, tokenOut: undefined });
    expect(bridgeFormReducer(form, { type: 'source', chain: 'BASE' })).toBe(form);
    // The native coin is the default, so picking it is picking no token.
    expect(bridgeFormReducer(form, { type: 'tokenIn', token: eth }).tokenIn).toBeUndefined();
  });

  it('keeps the slippage chosen through every other edit', () => {
    let form = bridgeFormReducer(initialBridgeForm(), { type: 'slippage', bps: 150 });
    expect(form.slippageBps).toBe(150);
    for (const event of [{ type: 'flip' }, { type: 'source', chain: 'AVAX' }, { type: 'destination', chain: 'BASE' }, { type: 'amount', text: '3' }] as const) {
      form = bridgeFormReducer(form, event);
      expect(form.slippageBps, event.type).toBe(150);
    }
  });
});
