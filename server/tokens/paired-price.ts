/**
 * A price for a token with no pool against the wrapped native token or the stable: its deepest pool against
 * another token whose price is known (GAMMA trades only against ALPHA), priced at that token's price. Two
 * round trips: the pools of every pair, then what they hold.
 */
import type { Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { discoveryCalls, finite, human, pairPools, poolState, STATE_CALLS, stateCalls, venuesOf } from '@/server/venues/evm/pools/pair-pools';

export interface PricedToken {
  address: string;
  decimals: number;
  priceUsd: number;
  priceNative: number;
}

export interface PairedPrice {
  priceUsd: number;
  priceNative: number;
  /** USD value of both sides of the pool it was priced in. */
  liquidityUsd: number;
}

export async function pricedThroughPairs(
  chain: ConfiguredChain,
  token: { address: string; decimals: number },
  anchors: readonly PricedToken[],
): Promise<PairedPrice | undefined> {
  const venues = venuesOf(chain);
  const tokenAddress = token.address as Address;
  const priced = anchors.filter((anchor) => anchor.priceUsd > 0 && anchor.address.toLowerCase() !== tokenAddress.toLowerCase());
  const discoveries = priced.map((anchor) => discoveryCalls(venues, tokenAddress, anchor.address as Address));
  if (discoveries.flat().length === 0) return undefined;
  const found = await chain.rpc.requestBatch(discoveries.flat());
  let start = 0;
  const refs = priced.flatMap((anchor, index) => {
    const answers = found.slice(start, (start += discoveries[index]!.length));
    return pairPools(venues, answers, tokenAddress, anchor.address as Address).map((ref) => ({ ref, anchor }));
  });
  if (refs.length === 0) return undefined;
  const held = await chain.rpc.requestBatch(refs.flatMap(({ ref }) => stateCalls(ref)));
  const markets = refs.map(({ ref, anchor }, index) => {
    const state = poolState(held.slice(index * STATE_CALLS, (index + 1) * STATE_CALLS), ref, token.decimals, anchor.decimals);
    const priceUsd = finite(state.price * anchor.priceUsd);
    return {
      priceUsd,
      priceNative: finite(state.price * anchor.priceNative),
      liquidityUsd: finite(human(state.tokenReserve, token.decimals) * priceUsd + human(state.quoteReserve, anchor.decimals) * anchor.priceUsd),
    };
  });
  const deepest = markets.filter((market) => market.priceUsd > 0).sort((a, b) => b.liquidityUsd - a.liquidityUsd)[0];
  return deepest;
}
