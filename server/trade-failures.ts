/**
 * The closed set of `parsedError` codes a trade can fail with, each with a message a person can act on.
 * Quote and execute raise them as AppErrors (same code, mapped to HTTP by the error table); a trade that
 * was broadcast and reverted is an outcome that carries the code in `parsedError`.
 */
import { AppError, type ErrorCode } from '@/server/errors';

export const TRADE_FAILURE_MESSAGES = {
  SLIPPAGE_EXCEEDED: 'The price moved beyond your slippage tolerance before the trade ran. Get a fresh quote, or allow more slippage.',
  INSUFFICIENT_BALANCE: 'The wallet does not hold enough of the token it is selling. Lower the amount or fund the wallet.',
  INSUFFICIENT_FUNDS_FOR_GAS: 'The wallet cannot pay for gas (plus any native amount it sends). Add native token to the wallet.',
  APPROVAL_REQUIRED: 'Transaction simulation failed: an approval was needed but not provided. Sign and send the quoted approve transaction too.',
  NONCE_TOO_LOW: 'Nonce too low: the nonces from the quote were changed, or the wallet sent another transaction since. Get a fresh quote.',
  NONCE_ALREADY_USED: 'Nonce already used: this signed transaction or its nonce was already spent. Get a fresh quote.',
  QUOTE_EXPIRED: 'Quote not found - invalid requestId: the quote expired. Get a fresh quote and execute within about 30 seconds.',
  QUOTE_NOT_FOUND: 'Quote not found - invalid requestId: the quoteId was not issued by this service.',
  TX_MISMATCH: 'The signed transaction is not the one quoted (recipient, amount, data, nonce, gas or chain differ). Sign the quoted transaction unchanged.',
  INVALID_SIGNATURE: 'The transaction is not signed by the quoted trader. Sign it with the wallet given as trader.',
  TRANSFER_BLOCKED: 'The token refuses this transfer (it may be a honeypot or have trading restrictions). The trade was not sent.',
  SIMULATION_FAILED: 'Transaction simulation failed: the trade would revert on chain. It was not sent; get a fresh quote.',
  REVERTED: 'The transaction was mined but reverted on chain. No tokens moved; only gas was spent.',
  RPC_UNAVAILABLE: 'The chain RPC did not answer. Nothing was sent or the outcome is unknown; check the transaction hash before retrying.',
  TIMEOUT: 'The transaction was sent but not confirmed in time. Track it by its hash before retrying.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type TradeFailureCode = keyof typeof TRADE_FAILURE_MESSAGES;
export const TRADE_FAILURE_CODES = Object.keys(TRADE_FAILURE_MESSAGES) as TradeFailureCode[];

export function tradeFailure(code: TradeFailureCode, detail?: string, field?: string): AppError {
  const message = detail ? `${TRADE_FAILURE_MESSAGES[code]} (${detail})` : TRADE_FAILURE_MESSAGES[code];
  return new AppError(code, message, { field, tradeFailure: true });
}

export function isTradeFailureCode(code: string): code is TradeFailureCode {
  return code in TRADE_FAILURE_MESSAGES;
}
