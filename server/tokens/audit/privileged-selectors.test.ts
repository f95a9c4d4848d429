import { toFunctionSelector, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { PRIVILEGED_SIGNATURES, privilegedFunctions, pushedSelectors } from './privileged-selectors';

const selector = (signature: string) => toFunctionSelector(signature).slice(2);
/** A dispatcher-like fragment: DUP1 PUSH4 <selector> EQ PUSH2 <dest> JUMPI. */
const dispatch = (signature: string) => `80 63 ${selector(signature)} 14 61 0102 57`.replace(/ /g, '');

describe('privileged function scan', () => {
  it('finds the listed functions the dispatcher compares against', () => {
    const code = `0x${dispatch('mint(address,uint256)')}${dispatch('transfer(address,uint256)')}${dispatch('pause()')}00` as Hex;
    expect(privilegedFunctions(code)).toEqual([
      { group: 'mint', signature: 'mint(address,uint256)' },
      { group: 'pause', signature: 'pause()' },
    ]);
  });

  it('skips push data and the trailing metadata that only look like selectors', () => {
    // PUSH32 whose data starts with 0x63 + the pause selector, then CBOR metadata (a2 ... length) holding one too.
    const pushData = `63${selector('pause()')}`.padEnd(64, '0');
    const metadata = `a2 63 ${selector('mint(address,uint256)')} 00`.replace(/ /g, '');
    const length = (metadata.length / 2).toString(16).padStart(4, '0');
    const code = `0x7f${pushData}${dispatch('owner()')}${metadata}${length}` as Hex;
    expect([...pushedSelectors(code)]).toEqual([`0x${selector('owner()')}`]);
    expect(privilegedFunctions(code)).toEqual([{ group: 'ownership', signature: 'owner()' }]);
  });

  it('documents a set whose selectors are all distinct', () => {
    const all = Object.values(PRIVILEGED_SIGNATURES).flat();
    expect(new Set(all.map(selector)).size).toBe(all.length);
  });
});
