import * as viemChains from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { CHAIN_IDS, CHAINS, EVM_CHAIN_IDS, explorerTxUrl } from './registry';

const known = (Object.values(viemChains) as unknown[]).filter(
  (chain): chain is viemChains.Chain => typeof chain === 'object' && chain !== null && 'id' in chain,
);

describe('chain table', () => {
  it('lists the 15 identifiers of the interface, 14 of them EVM', () => {
    expect(CHAIN_IDS).toHaveLength(15);
    expect(EVM_CHAIN_IDS).toHaveLength(14);
    expect(CHAINS.SOL).toMatchObject({ family: 'solana', chainId: 792703809, nativeDecimals: 9 });
  });

  // Cross-checked against viem's chain definitions, which track each chain's own documentation.
  it.each(EVM_CHAIN_IDS.filter((id) => id !== 'STORY'))('%s matches the public chain id and native symbol', (id) => {
    const info = CHAINS[id];
    const match = known.find((chain) => chain.id === info.chainId && !chain.testnet);
    expect(match, `no public chain with id ${info.chainId}`).toBeDefined();
    expect(match!.nativeCurrency.symbol).toBe(info.nativeSymbol);
    expect(match!.nativeCurrency.decimals).toBe(18);
  });

  it('STORY keeps its public chain id', () => {
    expect(known.some((chain) => chain.id === CHAINS.STORY.chainId)).toBe(true);
  });

  it('builds explorer links', () => {
    expect(explorerTxUrl('BASE', '0xabc')).toBe('https://basescan.org/tx/0xabc');
    expect(explorerTxUrl('SOL', 'sig')).toBe('https://solscan.io/tx/sig');
  });
});
