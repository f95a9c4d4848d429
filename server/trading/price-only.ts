/**
 * Price-only quotes (no trader given: a page before its wallet connects, an integrator showing a price) are
 * priced as a wallet no key exists for, holding nothing: exact pool math where the trade cannot be simulated.
 */
import { chainFamily } from '@/server/chains/chain-family';
import type { ChainId } from '@/server/chains/registry';

/** The wallet a price-only quote on `chain` is priced as. */
export function priceOnlyTrader(chain: ChainId): string {
  return chainFamily(chain).priceOnlyWallet;
}
