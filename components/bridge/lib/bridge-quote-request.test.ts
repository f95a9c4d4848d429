import { describe, expect, it } from 'vitest';
import { bridgeFormReducer, initialBridgeForm } from './bridge-form';
import { bridgeQuoteRequest } from './bridge-quote-request';
import { nativeToken } from './bridge-tokens';

const TRADER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDC_BASE = { address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', symbol: 'USDC', name: 'USD Coin', decimals: 6 };

describe('bridgeQuoteRequest', () => {
  it('asks for the default 5 % slippage and names no token for native coins', () => {
    const request = bridgeQuoteRequest(initialBridgeForm(), {
      amount: 10n ** 18n,
      trader: TRADER,
      recipient: TRADER,
      tokenIn: nativeToken('BASE'),
      tokenOut: nativeToken('ARB'),
    });
    expect(request).toEqual({ source: 'BASE', destination: 'ARB', amount: '1000000000000000000', trader: TRADER, recipient: TRADER, slippage: 500 });
  });

  it('passes the slippage the settings chose, and the tokens picked', () => {
    const form = bridgeFormReducer(initialBridgeForm(), { type: 'slippage', bps: 125 });
    const request = bridgeQuoteRequest(form, { amount: 250_000_000n, trader: TRADER, tokenIn: USDC_BASE, tokenOut: nativeToken('ARB') });
    expect(request).toMatchObject({ amount: '250000000', tokenIn: USDC_BASE.address, slippage: 125 });
    expect(request).not.toHaveProperty('tokenOut');
  });
});

describe('bridgeQuoteRequest before a wallet connects', () => {
  it('asks for a price only: no trader, and no recipient until one is known', () => {
    const request = bridgeQuoteRequest(initialBridgeForm(), {
      amount: 10n ** 18n,
      trader: undefined,
      tokenIn: nativeToken('BASE'),
      tokenOut: nativeToken('ARB'),
    });
    expect(request).toEqual({ source: 'BASE', destination: 'ARB', amount: '1000000000000000000', slippage: 500 });
  });
});
