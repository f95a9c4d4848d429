/** Reading venue contract addresses out of a chain's venue record (`VENUES_<CHAIN>` or the devnet manifest). */
import { isAddress, type Address } from 'viem';
import type { EvmVenues } from '@/server/chains/chain-directory';

/** The address under `key`, as configured; undefined when absent or not an address. */
export function contractAt(venues: EvmVenues, key: string): Address | undefined {
  const value = venues[key];
  return typeof value === 'string' && isAddress(value, { strict: false }) ? value : undefined;
}
