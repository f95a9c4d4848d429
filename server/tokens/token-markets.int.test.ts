/**
 * The token list on the local world (BASE): tokens without a pool against the wrapped native token or the
 * stable still get a price, launch tokens from their curve and GAMMA through its ALPHA pools.
 */
import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { TOKENS } from '@/devnet/evm/world-spec';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { tokenMarkets } from './token-markets';

const client = useRestClient();

describe('token markets', () => {
  it('prices launch tokens by their curve and GAMMA through ALPHA, as the swap form prices them', async () => {
    const services = await client.services();
    const markets = await tokenMarkets({ chains: services.chains, families: services.families, localWorld: services.localWorld }, 'BASE');
    const market = (symbol: string) => markets.find((entry) => entry.symbol === symbol)!;
    for (const symbol of ['LAUNCH', 'GRAD', 'GAMMA']) {
      expect(market(symbol).priceUsd, symbol).toBeGreaterThan(0);
      expect(market(symbol).liquidityUsd, symbol).toBeGreaterThan(0);
    }
    const gamma = TOKENS.find((entry) => entry.symbol === 'GAMMA')!;
    expect(Math.abs(market('GAMMA').priceUsd / gamma.priceUsd - 1)).toBeLessThan(0.05);
    expect(markets.map((entry) => entry.symbol)).toEqual(testManifest().chains.BASE!.tokens.map((entry) => entry.symbol));
  });
});
