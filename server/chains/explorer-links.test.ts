import { describe, expect, it } from 'vitest';
import { explorerTxLink, explorerTxTemplate, transactionPagePath } from './explorer-links';

const HASH = `0x${'ab'.repeat(32)}`;

describe('explorer links', () => {
  it("go to the chain's explorer on real chains", () => {
    expect(explorerTxLink('BASE', HASH, { localWorld: false })).toBe(`https://basescan.org/tx/${HASH}`);
    expect(explorerTxLink('SOL', 'sig', { localWorld: false, appUrl: 'https://app.example' })).toBe('https://solscan.io/tx/sig');
  });

  it("go to the app's own transaction page on the local world, under the app's address when one is given", () => {
    expect(transactionPagePath('ARB', HASH)).toBe(`/tx/ARB/${HASH}`);
    expect(explorerTxLink('BASE', HASH, { localWorld: true })).toBe(`/tx/BASE/${HASH}`);
    expect(explorerTxLink('SOL', 'sig', { localWorld: true, appUrl: 'https://app.example' })).toBe('https://app.example/tx/SOL/sig');
    expect(explorerTxTemplate('ETH', { localWorld: true })).toBe('/tx/ETH/{hash}');
  });
});
