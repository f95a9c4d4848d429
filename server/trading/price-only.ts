/**
 * Price-only quotes (no trader given: a page before its wallet connects, an integrator showing a price) are
 * priced as a wallet no key exists for, holding nothing: exact pool math where the trade cannot be simulated.
 */
import { CHAINS, type ChainId } from '@/server/chains/registry';

// Lower case: a valid address in every form viem takes (a mixed-case one must carry its checksum).
const PRICE_ONLY_EVM_WALLET = '0x00000000000000000000000000000000000face1';
/** The System Program's id: a valid public key no one signs for. */
const PRICE_ONLY_SOLANA_WALLET = '11111111111111111111111111111111';

/** The wallet a price-only quote on `chain` is priced as. */
export function priceOnlyTrader(chain: ChainId): string {
  return CHAINS[chain].family === 'solana' ? PRICE_ONLY_SOLANA_WALLET : PRICE_ONLY_EVM_WALLET;
}
