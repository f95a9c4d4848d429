/** How a transaction is named on each family: a 32-byte 0x hash on EVM chains, a base58 signature on Solana. */
import { chainFamily } from './chain-family';
import type { ChainId } from './registry';

export function isTransactionHashOn(chain: ChainId, text: string): boolean {
  return chainFamily(chain).isTransactionHash(text);
}
