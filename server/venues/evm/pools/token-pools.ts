/**
 * A token's pools against the chain's wrapped native token and stable on every deployed venue, and the
 * native coin's USD price they are valued at.
 */
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { AppError } from '@/server/errors';
import { ethCall, sameAddress, word } from '../rpc-words';
import { venueById } from '../venue-table';
import { discoveryCalls, finite, human, nativeUsdPlan, pairPools, poolState, STATE_CALLS, stateCalls, venuesOf } from './pair-pools';
import type { TokenPool, TokenPools } from './pool-types';

/** USD per native coin, from the wrapped-native/stable pool with the most liquidity; 0 when there is none. Two round trips. */
export async function nativeUsd(chain: ConfiguredChain): Promise<number> {
  const plan = nativeUsdPlan(chain, venuesOf(chain));
  const state = plan.state(await chain.rpc.requestBatch(plan.discovery));
  return state.price(await chain.rpc.requestBatch(state.calls));
}

/**
 * The token's pools against the wrapped native token and the stable (every venue and fee tier), deepest
 * first, with the native USD price they were valued at. Two round trips (one batch each). The wrapped
 * native token and the stable are priced against each other: WETH at the native price, USDC near 1.
 */
export async function findTokenPools(chain: ConfiguredChain, token: string): Promise<TokenPools> {
  const venues = venuesOf(chain);
  const tokenAddress = token as Address;
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const quotes = [
    { address: wrapped, decimals: chain.info.nativeDecimals },
    { address: stable, decimals: venues.stable.decimals },
  ].filter((quote) => !sameAddress(quote.address, tokenAddress));
  const knownDecimals = sameAddress(tokenAddress, wrapped) ? chain.info.nativeDecimals : sameAddress(tokenAddress, stable) ? venues.stable.decimals : undefined;

  const native = nativeUsdPlan(chain, venues);
  const decimalsCall = ethCall(tokenAddress, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }));
  const discoveries = quotes.map((quote) => discoveryCalls(venues, tokenAddress, quote.address));
  const first = await chain.rpc.requestBatch([...native.discovery, decimalsCall, ...discoveries.flat()]);
  const nativeState = native.state(first.slice(0, native.discovery.length));
  const decimalsAt = native.discovery.length;
  const decimalsWord = word(first[decimalsAt]);
  const tokenDecimals = knownDecimals ?? (decimalsWord !== undefined && decimalsWord <= 255n ? Number(decimalsWord) : undefined);
  if (tokenDecimals === undefined) {
    throw new AppError('NOT_FOUND', `no ERC-20 token at ${token} on ${chain.info.id}: it does not answer decimals().`);
  }
  let start = decimalsAt + 1;
  const refs = quotes.flatMap((quote, index) => {
    const answers = first.slice(start, (start += discoveries[index]!.length));
    return pairPools(venues, answers, tokenAddress, quote.address).map((ref) => ({ ref, quoteDecimals: quote.decimals }));
  });

  const second = await chain.rpc.requestBatch([...nativeState.calls, ...refs.flatMap(({ ref }) => stateCalls(ref))]);
  const usdPerNative = nativeState.price(second.slice(0, nativeState.calls.length));
  const offset = nativeState.calls.length;
  const pools = refs.map(({ ref, quoteDecimals }, index): TokenPool => {
    const state = poolState(second.slice(offset + index * STATE_CALLS, offset + (index + 1) * STATE_CALLS), ref, tokenDecimals, quoteDecimals);
    const quoteUsd = sameAddress(ref.quote, stable) ? 1 : usdPerNative;
    const quoteNative = sameAddress(ref.quote, stable) ? (usdPerNative > 0 ? 1 / usdPerNative : 0) : 1;
    const priceUsd = state.price * quoteUsd;
    return {
      address: ref.address,
      venue: ref.venue,
      factoryName: venueById(ref.venue).name,
      fee: ref.fee,
      quoteToken: ref.quote,
      tokenReserve: state.tokenReserve,
      quoteReserve: state.quoteReserve,
      liquidityUsd: finite(human(state.tokenReserve, tokenDecimals) * priceUsd + human(state.quoteReserve, quoteDecimals) * quoteUsd),
      priceNative: sameAddress(tokenAddress, wrapped) ? 1 : finite(state.price * quoteNative),
      priceUsd: finite(priceUsd),
    };
  });
  pools.sort((a, b) => b.liquidityUsd - a.liquidityUsd);
  return { pools, mainPool: pools[0], nativeUsd: usdPerNative };
}
