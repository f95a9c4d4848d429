import { describe, expect, it } from 'vitest';
import type { DevnetManifest } from '@/server/chains/devnet-manifest';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { knownTokens } from './known-tokens';

const usdc = { symbol: 'USDC', name: 'USD Coin (devnet)', address: '0x1111111111111111111111111111111111111111', decimals: 6, kind: 'stable' as const };
const wbnb = { symbol: 'WBNB', name: 'Wrapped BNB', address: '0x2222222222222222222222222222222222222222', decimals: 18, kind: 'native-wrapped' as const };
const honey = { symbol: 'HONEY', name: 'Honeypot Token', address: '0x3333333333333333333333333333333333333333', decimals: 18, kind: 'honeypot' as const };

const world = {
  manifest: {
    version: '1',
    createdAt: '2025-01-01T00:00:00.000Z',
    chains: {
      BSC: {
        chainId: 56,
        rpcUrl: 'http://127.0.0.1:1',
        routerAddress: '',
        wrappedNative: wbnb.address,
        contracts: {},
        tokens: [wbnb, usdc, honey],
        pools: [],
        accounts: [],
      },
    },
  } satisfies DevnetManifest,
};

describe('knownTokens', () => {
  it('lists the native token first, then every world token of the chain without the kind, the stable marked as such', () => {
    const tokens = knownTokens(world, 'BSC');
    expect(tokens[0]).toEqual({ address: NATIVE_TOKEN_ADDRESS, symbol: 'BNB', name: 'BNB (native)', decimals: 18 });
    expect(tokens.slice(1).map((token) => token.symbol)).toEqual(['WBNB', 'USDC', 'HONEY']);
    expect(tokens[2]).toEqual({ address: usdc.address, symbol: 'USDC', name: 'USD Coin (devnet)', decimals: 6, stable: true });
    expect(tokens[3]).toEqual({ address: honey.address, symbol: 'HONEY', name: honey.name, decimals: honey.decimals });
  });

  it('offers only the native token where the world has no such chain, or there is no world', () => {
    expect(knownTokens(world, 'BASE')).toEqual([{ address: NATIVE_TOKEN_ADDRESS, symbol: 'ETH', name: 'ETH (native)', decimals: 18 }]);
    expect(knownTokens(undefined, 'SOL')).toEqual([{ address: NATIVE_TOKEN_ADDRESS, symbol: 'SOL', name: 'SOL (native)', decimals: 9 }]);
  });
});
