/** The venues a chain trades on here, or why it cannot trade (CHAIN_UNAVAILABLE): quotes and value estimates ask first. */
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { AppError } from '@/server/errors';

export function tradingVenues(chain: ConfiguredChain): EvmVenues {
  if (!chain.available) {
    throw new AppError('CHAIN_UNAVAILABLE', `${chain.info.id} is not available on this server: no RPC is configured for it.`);
  }
  if (chain.tradingOff) {
    throw new AppError('CHAIN_UNAVAILABLE', `Trading is not set up on ${chain.info.id} on this server: ${chain.tradingOff}.`);
  }
  if (!chain.venues || !chain.routerAddress) {
    throw new AppError('CHAIN_UNAVAILABLE', `Trading is not set up on ${chain.info.id} on this server: no Router or venues are configured for it.`);
  }
  return chain.venues;
}
