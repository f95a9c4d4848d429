/**
 * Errors as the swap page shows them: one sentence a person can act on, never a stack trace. Wallet
 * errors are matched by their EIP-1193 code (Solana wallets use the same 4001 for a rejection), server
 * errors carry a message written for people already.
 */
import { TRPCClientError } from '@trpc/client';
import { BaseError } from 'viem';
import { FAMILY_TRAITS } from '@/components/wallet/chain-family';
import type { ChainFamily } from '@/server/chains/registry';

const USER_REJECTED = 4001;

/** An error the swap flow raises itself; its message is already meant for the user. */
export class SwapFlowError extends Error {
  override readonly name = 'SwapFlowError';
}

/** The first numeric code down the chain of causes (`cause`; the Solana wallet adapter keeps it in `error`). */
function codeOf(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    const next = current as { cause?: unknown; error?: unknown };
    current = next.cause ?? next.error;
  }
  return undefined;
}

const SOLANA_WALLET_ERRORS: Record<string, string> = {
  WalletNotReadyError: 'The wallet is not ready. Unlock it, or reload the page.',
  WalletNotConnectedError: 'Connect the wallet first.',
  WalletAccountError: 'The wallet gave no account. Unlock it and choose an account.',
  WalletConnectionError: 'The wallet did not connect.',
  WalletSignTransactionError: 'The wallet did not sign the transaction.',
  WalletSignMessageError: 'The wallet did not sign the message.',
};

export function isUserRejection(error: unknown): boolean {
  if (codeOf(error) === USER_REJECTED) return true;
  return error instanceof BaseError && error.walk((e) => (e as { name?: string }).name === 'UserRejectedRequestError') !== null;
}

/**
 * The Solana wallet adapter's errors (WalletError and its subclasses), known by their class names: the
 * adapter loads only on pages that use Solana, so this module does not import it to test `instanceof`.
 */
function isSolanaWalletError(error: unknown): error is Error {
  return error instanceof Error && /^Wallet[A-Za-z]*Error$/.test(error.name);
}

export function describeError(error: unknown): string {
  if (isUserRejection(error)) return 'You rejected the request in your wallet.';
  if (error instanceof SwapFlowError) return error.message;
  if (error instanceof TRPCClientError) return withoutFieldName(error);
  if (isSolanaWalletError(error)) {
    const general = SOLANA_WALLET_ERRORS[error.name] ?? 'The wallet refused the request.';
    return error.message ? `${general.replace(/\.$/, ':')} ${error.message.split('\n')[0]}` : general;
  }
  if (error instanceof BaseError) return error.shortMessage;
  if (error instanceof Error && error.message) return error.message.split('\n')[0]!;
  return 'Something went wrong. Try again.';
}

/**
 * A refusal's message as a page shows it: the server starts a field's error with the field's name (`amount: ...`),
 * which a REST caller needs and a form, showing it beside the field, does not.
 */
function withoutFieldName(error: Error): string {
  const field = refusedFieldOf(error);
  return field !== undefined && error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
}

/** The app error code of a failed tRPC call (`data.appCode`), to decide by code and not by message. */
export function appCodeOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { appCode?: unknown } | undefined;
  return typeof data?.appCode === 'string' ? data.appCode : undefined;
}

/** The input field a failed tRPC call refused (`data.field`). */
function refusedFieldOf(error: unknown): string | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const field = (error.data as { field?: unknown } | undefined)?.field;
  return typeof field === 'string' ? field : undefined;
}

/**
 * A refusal of a typed wallet address in one sentence: the server lists every rule the address broke (for a
 * REST caller), a person needs to know only that it is not an address there and what one looks like.
 */
export function describeWalletAddressRefusal(error: unknown, chain: { name: string; family: ChainFamily }): string {
  if (appCodeOf(error) === 'INVALID_INPUT' && refusedFieldOf(error) === 'address') {
    return `This is not a wallet address on ${chain.name}, where an address is ${FAMILY_TRAITS[chain.family].walletAddressShape}.`;
  }
  return describeError(error);
}

/**
 * A token address the chain has no token at (not found, or a contract without a token's symbol, name and
 * decimals), in plain words rather than the server's account of which call failed.
 */
export function describeTokenRefusal(error: unknown, chainName: string): string {
  const code = appCodeOf(error);
  const field = refusedFieldOf(error);
  if (code === 'NOT_FOUND' || (code === 'INVALID_INPUT' && (field === 'address' || field === 'token'))) {
    return `This address is not a token on ${chainName}.`;
  }
  return describeError(error);
}

const TRADE_FAILURES: Record<string, string> = {
  SLIPPAGE_EXCEEDED: 'The price moved more than your slippage allows, so the trade reverted. Get a new quote, or raise the slippage.',
  TRANSFER_BLOCKED: 'The token refused the transfer (it may block sells). Nothing but gas was spent.',
  INSUFFICIENT_BALANCE: 'The wallet no longer holds enough of the token you pay with.',
  INSUFFICIENT_FUNDS_FOR_GAS: 'The wallet has too little of the native coin to pay for gas.',
  APPROVAL_REQUIRED: 'The router is not allowed to spend this token: approve it and try again.',
  REVERTED: 'The trade reverted on chain. Get a new quote and try again.',
  TX_MISMATCH: 'The wallet sent a different transaction than the one quoted, so it was not tracked.',
  QUOTE_EXPIRED: 'The quote expired before the trade was sent. Get a new quote.',
};

/** The `parsedError` of a FAILED execute or track answer, in words. */
export function describeTradeFailure(parsedError: string | null | undefined): string {
  if (!parsedError) return 'The trade failed on chain.';
  return TRADE_FAILURES[parsedError] ?? `The trade failed on chain (${parsedError}).`;
}
