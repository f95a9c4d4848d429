import { describe, expect, it } from 'vitest';
import { decideSwapAction, type SwapActionInput } from './swap-action';

const ready: SwapActionInput = {
  running: false,
  connected: true,
  onChain: true,
  chainName: 'Base',
  hasTokens: true,
  amountInvalid: false,
  hasAmount: true,
  quote: 'ready',
  impact: 'none',
  confirmed: false,
};

describe('decideSwapAction', () => {
  it('swaps when everything is in place', () => {
    expect(decideSwapAction(ready)).toEqual({ kind: 'swap', label: 'Swap' });
  });

  it('says both steps when an approval comes first', () => {
    expect(decideSwapAction({ ...ready, approvalFirst: true })).toEqual({ kind: 'swap', label: 'Approve and swap' });
    expect(decideSwapAction({ ...ready, approvalFirst: true, impact: 'high' }).label).toBe('Approve and swap anyway');
  });

  it('asks for what is missing, first things first', () => {
    expect(decideSwapAction({ ...ready, connected: false, onChain: false })).toEqual({ kind: 'connect', label: 'Connect wallet' });
    expect(decideSwapAction({ ...ready, hasAmount: false, onChain: false }).label).toBe('Enter an amount');
    expect(decideSwapAction({ ...ready, amountInvalid: true }).label).toBe('Enter a valid amount');
    expect(decideSwapAction({ ...ready, insufficient: 'ETH' }).label).toBe('Insufficient ETH balance');
    expect(decideSwapAction({ ...ready, onChain: false })).toEqual({ kind: 'switch', label: 'Switch to Base' });
    expect(decideSwapAction({ ...ready, quote: 'loading' }).kind).toBe('none');
    expect(decideSwapAction({ ...ready, quote: 'error' }).label).toBe('Quote unavailable');
    expect(decideSwapAction({ ...ready, running: true }).label).toBe('Swapping…');
  });

  it('needs the typed word above 10 % price impact and says "anyway" from 5 %', () => {
    expect(decideSwapAction({ ...ready, impact: 'blocking' })).toEqual({ kind: 'none', label: 'Type "confirm" to swap' });
    expect(decideSwapAction({ ...ready, impact: 'blocking', confirmed: true })).toEqual({ kind: 'swap', label: 'Swap anyway' });
    expect(decideSwapAction({ ...ready, impact: 'high' }).label).toBe('Swap anyway');
    expect(decideSwapAction({ ...ready, honeypot: true })).toEqual({ kind: 'none', label: 'Type "confirm" to swap' });
    expect(decideSwapAction({ ...ready, honeypot: true, confirmed: true })).toEqual({ kind: 'swap', label: 'Swap anyway' });
    expect(decideSwapAction({ ...ready, impact: 'warning' }).label).toBe('Swap');
  });
});
