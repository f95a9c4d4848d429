/** What the bridge form asks the quote for, built from the form once it holds a complete request. */
import type { ApprovalSize } from '@/components/quotes/approval-setting';
import type { SwapToken } from '@/components/swap/lib/tokens';
import type { ChainId } from '@/server/chains/registry';
import type { BridgeForm } from './bridge-form';
import { quotedToken } from './bridge-tokens';

export interface BridgeQuoteRequest {
  source: ChainId;
  destination: ChainId;
  /** Raw units of the token sent. */
  amount: string;
  /** The depositing wallet; without one the quote is price-only (nothing to sign). */
  trader?: string;
  recipient?: string;
  /** The source chain's token to send; absent for its native coin. */
  tokenIn?: string;
  /** The destination chain's token to receive; absent for its native coin. */
  tokenOut?: string;
  /** Basis points the recipient may receive below the quote (the quote's minimum). */
  slippage: number;
  /** The size of the approval a token deposit needs (asked only with a trader). */
  approval?: ApprovalSize;
}

export interface QuotedBridge {
  amount: bigint;
  /** The wallet that pays the deposit: the quote builds the deposit for it (none yet: a price only). */
  trader: string | undefined;
  recipient?: string;
  tokenIn: SwapToken;
  tokenOut: SwapToken;
  approval?: ApprovalSize;
}

export function bridgeQuoteRequest(form: Pick<BridgeForm, 'source' | 'destination' | 'slippageBps'>, bridge: QuotedBridge): BridgeQuoteRequest {
  return {
    source: form.source,
    destination: form.destination,
    amount: bridge.amount.toString(),
    ...(bridge.trader && { trader: bridge.trader, ...(bridge.approval && { approval: bridge.approval }) }),
    ...(bridge.recipient && { recipient: bridge.recipient }),
    // Native coins are the default on both sides: a bridge of native coins names no token.
    ...withToken('tokenIn', quotedToken(bridge.tokenIn)),
    ...withToken('tokenOut', quotedToken(bridge.tokenOut)),
    slippage: form.slippageBps,
  };
}

function withToken<Key extends 'tokenIn' | 'tokenOut'>(key: Key, address: string | undefined): Partial<Record<Key, string>> {
  return address ? ({ [key]: address } as Record<Key, string>) : {};
}
