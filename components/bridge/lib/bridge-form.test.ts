import { describe, expect, it } from 'vitest';
import { bridgeFormReducer, initialBridgeForm } from './bridge-form';

describe('bridgeFormReducer', () => {
  it('starts on two different chains', () => {
    expect(initialBridgeForm()).toEqual({ source: 'BASE', destination: 'ARB', amountText: '' });
    expect(initialBridgeForm('ARB', 'ARB')).toMatchObject({ source: 'ARB', destination: 'BASE' });
  });

  it('swaps the chains when one side picks the other side\'s chain', () => {
    const form = { ...initialBridgeForm(), amountText: '1' };
    expect(bridgeFormReducer(form, { type: 'source', chain: 'ARB' })).toEqual({ source: 'ARB', destination: 'BASE', amountText: '' });
    expect(bridgeFormReducer(form, { type: 'destination', chain: 'BASE' })).toMatchObject({ source: 'ARB', destination: 'BASE' });
    expect(bridgeFormReducer(form, { type: 'source', chain: 'SOL' })).toEqual({ source: 'SOL', destination: 'ARB', amountText: '1' });
  });

  it('keeps a typed recipient through a flip, but not the amount of the old coin', () => {
    const form = bridgeFormReducer({ ...initialBridgeForm(), amountText: '2' }, { type: 'recipient', text: '0xabc' });
    expect(bridgeFormReducer(form, { type: 'flip' })).toEqual({ source: 'ARB', destination: 'BASE', amountText: '', recipientText: '0xabc' });
  });
});
