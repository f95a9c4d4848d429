/**
 * The bridge form's state and the one reducer that moves it. The recipient follows its default (the
 * connected EVM wallet between EVM chains) until the user types one; each side's token is its chain's
 * native coin until one is picked.
 */
import { isNative, type SwapToken } from '@/components/swap/lib/tokens';
import type { ChainId } from '@/server/chains/registry';

export interface BridgeForm {
  source: ChainId;
  destination: ChainId;
  /** Whole units of the token sent, as typed. */
  amountText: string;
  /** Undefined while the recipient follows its default. */
  recipientText?: string;
  /** A token of the source chain to send; undefined for its native coin. */
  tokenIn?: SwapToken;
  /** A token of the destination chain to receive; undefined for its native coin. */
  tokenOut?: SwapToken;
  /** The slippage tolerance the quote asks for, basis points: the minimum received is the quote less this. */
  slippageBps: number;
}

export type BridgeFormEvent =
  | { type: 'source'; chain: ChainId }
  | { type: 'destination'; chain: ChainId }
  | { type: 'flip' }
  | { type: 'amount'; text: string }
  | { type: 'recipient'; text: string }
  | { type: 'tokenIn'; token: SwapToken }
  | { type: 'tokenOut'; token: SwapToken }
  | { type: 'slippage'; bps: number };

const DEFAULT_SOURCE: ChainId = 'BASE';
const DEFAULT_DESTINATION: ChainId = 'ARB';
/**
 * Wider than the swap page's 0.5 %: a bridge may swap on both chains, and the destination swap is made only
 * once the deposit is final, seconds to minutes after the quote. The server's default is the same.
 */
export const DEFAULT_BRIDGE_SLIPPAGE_BPS = 500;

export function initialBridgeForm(source: ChainId = DEFAULT_SOURCE, destination: ChainId = DEFAULT_DESTINATION): BridgeForm {
  const other = source === DEFAULT_DESTINATION ? DEFAULT_SOURCE : DEFAULT_DESTINATION;
  return { source, destination: destination === source ? other : destination, amountText: '', slippageBps: DEFAULT_BRIDGE_SLIPPAGE_BPS };
}

export function bridgeFormReducer(form: BridgeForm, event: BridgeFormEvent): BridgeForm {
  switch (event.type) {
    case 'source':
      // Picking the other side's chain swaps the two, as people expect; a bridge needs two chains. A token
      // belongs to its chain, so a new chain starts on its native coin.
      if (event.chain === form.destination) return flip(form);
      return event.chain === form.source ? form : { ...form, source: event.chain, tokenIn: undefined };
    case 'destination':
      if (event.chain === form.source) return flip(form);
      return event.chain === form.destination ? form : { ...form, destination: event.chain, tokenOut: undefined };
    case 'flip':
      return flip(form);
    case 'amount':
      return { ...form, amountText: event.text };
    case 'recipient':
      return { ...form, recipientText: event.text };
    case 'tokenIn':
      return { ...form, tokenIn: isNative(event.token) ? undefined : event.token };
    case 'tokenOut':
      return { ...form, tokenOut: isNative(event.token) ? undefined : event.token };
    case 'slippage':
      return { ...form, slippageBps: event.bps };
  }
}

/**
 * The chains and their tokens change sides. The amount typed is in the old source's token, so it goes;
 * a recipient typed by hand stays.
 */
function flip(form: BridgeForm): BridgeForm {
  return { ...form, source: form.destination, destination: form.source, tokenIn: form.tokenOut, tokenOut: form.tokenIn, amountText: '' };
}
