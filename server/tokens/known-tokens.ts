/**
 * The tokens a chain's trading page offers without the user pasting an address: the native token, then
 * every token of the local chain world on that chain (wrapped native, stables, and the tax and honeypot
 * tokens too, which are there to show what the service does with them). A server on real chains has no
 * such list yet, so it offers the native token alone.
 */
import type { LocalWorld } from '@/server/devnet/local-world';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { TokenMetadata } from '@/server/chains/token-metadata';

export interface KnownToken extends TokenMetadata {
  /**
   * The chain's USD stable, which the bridge takes and pays on every chain (on Solana the only token beside
   * SOL). No other kind is told: whether a token is a honeypot or taxed is the audit's to say.
   */
  stable?: true;
}

export function nativeToken(chain: ChainId): KnownToken {
  const info = CHAINS[chain];
  return { address: NATIVE_TOKEN_ADDRESS, symbol: info.nativeSymbol, name: `${info.nativeSymbol} (native)`, decimals: info.nativeDecimals };
}

export function knownTokens(world: LocalWorld | undefined, chain: ChainId): KnownToken[] {
  const worldTokens = world?.manifest.chains[chain]?.tokens ?? [];
  return [
    nativeToken(chain),
    ...worldTokens.map(({ address, symbol, name, decimals, kind }) => ({
      address,
      symbol,
      name,
      decimals,
      ...(kind === 'stable' && { stable: true as const }),
    })),
  ];
}
