import { describe, expect, it } from 'vitest';
import { testManifest } from '@/devnet/test-world';
import { createChainDirectory } from '@/server/chains/chain-directory';
import { loadConfig } from '@/server/config/env';
import { findTokenPools } from '@/server/venues/evm/pools/token-pools';
import { priceHistory } from './price-history';

describe('price history from pool events', () => {
  it('ends at the pool\'s current price, with block times, oldest first', async () => {
    const chains = createChainDirectory(loadConfig({ DATA_DIR: 'memory://' }), testManifest());
    const alpha = testManifest().chains.BASE!.tokens.find((token) => token.symbol === 'ALPHA')!.address;
    const points = await priceHistory(chains.BASE, alpha);
    expect(points.length).toBeGreaterThan(0);
    const { mainPool } = await findTokenPools(chains.BASE, alpha);
    const last = points[points.length - 1]!;
    expect(last.priceNative).toBeCloseTo(mainPool!.priceNative, 12);
    expect(last.priceUsd).toBeCloseTo(mainPool!.priceUsd, 6);
    expect(last.time).toBeGreaterThan(1_600_000_000);
    for (let i = 1; i < points.length; i++) expect(points[i]!.block).toBeGreaterThanOrEqual(points[i - 1]!.block);
  });
});
