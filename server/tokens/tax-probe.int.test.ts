import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chain-directory-setup';
import { loadConfig } from '@/server/config/env';
import { probeTaxes } from './tax-probe';

const chains = () => createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), testManifest());
const token = (chain: 'BASE' | 'PLASMA', symbol: string) => testManifest().chains[chain]!.tokens.find((entry) => entry.symbol === symbol)!.address;

describe('tax probe (a buy and a sell through the Router in one eth_call)', () => {
  it.each(['BASE', 'PLASMA'] as const)('%s: measures the tax token at 3 %% buy and 5 %% sell', async (chain) => {
    const report = await probeTaxes(chains()[chain], token(chain, 'TAX'));
    expect(report.honeypot).toBe(false);
    expect(report.buyTax).toBeCloseTo(3, 1);
    expect(report.sellTax).toBeCloseTo(5, 1);
  });

  it('finds the honeypot: bought, but never sold back', async () => {
    const report = await probeTaxes(chains().BASE, token('BASE', 'HONEY'));
    expect(report).toMatchObject({ honeypot: true, sellTax: 100, buyTax: 0 });
  });

  it('reports plain tokens and the stable as untaxed', async () => {
    for (const symbol of ['ALPHA', 'BETA', 'USDC']) {
      expect(await probeTaxes(chains().BASE, token('BASE', symbol))).toMatchObject({ honeypot: false, buyTax: 0, sellTax: 0 });
    }
  });
});
