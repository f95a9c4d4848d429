/** The tokens on the two sides of the bridge form: a picked token, or else the chain's native coin. */
import { isNative, sameToken, type SwapToken } from '@/components/swap/lib/tokens';
import { familyOf } from '@/components/wallet/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { Coin } from './bridge-amounts';

/** The tokens a side's picker offers: every listed token, or on Solana the native coin and the stable. */
export function bridgeTokenChoices<T extends Pick<SwapToken, 'address' | 'stable'>>(chain: ChainId, tokens: readonly T[]): T[] {
  if (familyOf(chain).bridgesEveryToken) return [...tokens];
  return tokens.filter((token) => isNative(token) || token.stable === true);
}

/** The chain's native coin as the token picker lists it. */
export function nativeToken(chain: ChainId): SwapToken {
  const info = CHAINS[chain];
  return { address: NATIVE_TOKEN_ADDRESS, symbol: info.nativeSymbol, name: `${info.nativeSymbol} (native)`, decimals: info.nativeDecimals };
}

/** What the quote is told of a side's token: its address, or nothing for the native coin (the default). */
export function quotedToken(token: SwapToken): string | undefined {
  return isNative(token) ? undefined : token.address;
}

/** Looks a token up in the listed tokens of the two chains, for amounts that name it by address only. */
export function knownCoins(
  source: ChainId,
  sourceTokens: readonly SwapToken[] | undefined,
  destination: ChainId,
  destinationTokens: readonly SwapToken[] | undefined,
): (chain: string, address: string) => Coin | undefined {
  return (chain, address) => {
    const list = chain === source ? sourceTokens : chain === destination ? destinationTokens : undefined;
    const token = list?.find((listed) => sameToken(listed, { address }));
    return token ? { symbol: token.symbol, decimals: token.decimals } : undefined;
  };
}
