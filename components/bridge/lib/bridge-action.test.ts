import { describe, expect, it } from 'vitest';
import { FAMILY_TRAITS } from '@/components/wallet/chain-family';
import { decideBridgeAction, type BridgeActionInput } from './bridge-action';

const ready: BridgeActionInput = {
  running: false,
  connected: true,
  connectLabel: 'Connect wallet',
  onChain: true,
  sourceName: 'Base',
  amountInvalid: false,
  hasAmount: true,
  recipientOk: true,
  quote: 'ready',
};

describe('decideBridgeAction', () => {
  it('bridges when everything is in place', () => {
    expect(decideBridgeAction(ready)).toEqual({ kind: 'bridge', label: 'Bridge' });
  });

  it('says so when the token must be approved before the deposit', () => {
    expect(decideBridgeAction({ ...ready, approve: true })).toEqual({ kind: 'bridge', label: 'Approve and bridge' });
    expect(decideBridgeAction({ ...ready, approve: true, quote: 'loading' }).label).toBe('Fetching quote…');
  });

  it('asks for what is missing, first things first', () => {
    expect(decideBridgeAction({ ...ready, connected: false, onChain: false })).toEqual({ kind: 'connect', label: 'Connect wallet' });
    expect(decideBridgeAction({ ...ready, connected: false, connectLabel: FAMILY_TRAITS.solana.connectLabel }).label).toBe('Connect a Solana wallet');
    expect(decideBridgeAction({ ...ready, amountInvalid: true, recipientOk: false }).label).toBe('Enter a valid amount');
    expect(decideBridgeAction({ ...ready, hasAmount: false, onChain: false }).label).toBe('Enter an amount');
    expect(decideBridgeAction({ ...ready, insufficient: 'AVAX' }).label).toBe('Insufficient AVAX balance');
    expect(decideBridgeAction({ ...ready, recipientOk: false, onChain: false }).label).toBe('Enter a recipient');
    expect(decideBridgeAction({ ...ready, onChain: false })).toEqual({ kind: 'switch', label: 'Switch to Base' });
    expect(decideBridgeAction({ ...ready, quote: 'loading' }).kind).toBe('none');
    expect(decideBridgeAction({ ...ready, quote: 'error' }).label).toBe('Quote unavailable');
    expect(decideBridgeAction({ ...ready, running: true })).toEqual({ kind: 'none', label: 'Bridging…' });
  });
});
