/** How a transaction is named on each family: a 32-byte 0x hash on EVM chains, a base58 signature on Solana. */
import { CHAINS, type ChainFamily, type ChainId } from './registry';

const TRANSACTION_ID: Record<ChainFamily, RegExp> = {
  evm: /^0x[0-9a-fA-F]{64}$/,
  // A 64-byte ed25519 signature in base58: 87 or 88 characters, fewer with leading zero bytes.
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,90}$/,
};

export function isTransactionHashOn(chain: ChainId, text: string): boolean {
  return TRANSACTION_ID[CHAINS[chain].family].test(text);
}
