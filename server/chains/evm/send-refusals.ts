/**
 * Why a node refused eth_sendRawTransaction. Its error text is the only signal there is; the phrases are
 * geth's (and anvil's), which most clients share.
 */
import type { ErrorCode } from '@/server/errors';

export type SendRefusalCode = Extract<ErrorCode, 'NONCE_TOO_LOW' | 'INSUFFICIENT_FUNDS_FOR_GAS' | 'NONCE_ALREADY_USED' | 'SIMULATION_FAILED'>;

/** `known`: the node already holds (or mined) this very transaction, so sending it did no harm. */
export function classifySendRefusal(message: string): 'known' | SendRefusalCode {
  const text = message.toLowerCase();
  if (text.includes('already known') || text.includes('already imported')) return 'known';
  if (text.includes('nonce too low')) return 'NONCE_TOO_LOW';
  if (text.includes('insufficient funds')) return 'INSUFFICIENT_FUNDS_FOR_GAS';
  if (text.includes('replacement') || text.includes('underpriced')) return 'NONCE_ALREADY_USED';
  return 'SIMULATION_FAILED';
}

/** The node refused a signed transaction; `code` says why, the message is the node's own. */
export class TransactionRefusedError extends Error {
  override readonly name = 'TransactionRefusedError';
  constructor(
    readonly code: SendRefusalCode,
    message: string,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}
