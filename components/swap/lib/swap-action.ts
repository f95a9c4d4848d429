/**
 * What the big button under the form does and says, from the form's state: one decision in one place.
 */
import type { QuoteState } from '@/components/quotes/quote-state';
import { CONFIRM_WORD, type PriceImpactLevel } from './price-impact';

export interface SwapActionInput {
  running: boolean;
  connected: boolean;
  /** The wallet is on the form's chain. */
  onChain: boolean;
  chainName: string;
  hasTokens: boolean;
  /** Something was typed that is not an amount of this token. */
  amountInvalid: boolean;
  hasAmount: boolean;
  /** The amount is more than the balance (when the balance is known); the symbol to name. */
  insufficient?: string;
  quote: QuoteState;
  impact: PriceImpactLevel;
  /** The quote warns of a honeypot: like a price impact above 10 %, swapping needs the typed word. */
  honeypot?: boolean;
  /** The confirmation word was typed (needed above 10 % price impact, and for a honeypot). */
  confirmed: boolean;
  /** The quote asks for an approval before the trade: the button says both steps. */
  approvalFirst?: boolean;
}

export type SwapAction =
  { kind: 'connect'; label: string } | { kind: 'switch'; label: string } | { kind: 'swap'; label: string } | { kind: 'none'; label: string };

export function decideSwapAction(input: SwapActionInput): SwapAction {
  if (input.running) return { kind: 'none', label: 'Swapping…' };
  if (!input.connected) return { kind: 'connect', label: 'Connect wallet' };
  if (!input.hasTokens) return { kind: 'none', label: 'Select a token' };
  if (input.amountInvalid) return { kind: 'none', label: 'Enter a valid amount' };
  if (!input.hasAmount) return { kind: 'none', label: 'Enter an amount' };
  if (input.insufficient) return { kind: 'none', label: `Insufficient ${input.insufficient} balance` };
  if (!input.onChain) return { kind: 'switch', label: `Switch to ${input.chainName}` };
  if (input.quote === 'loading' || input.quote === 'none') return { kind: 'none', label: 'Fetching quote…' };
  if (input.quote === 'error') return { kind: 'none', label: 'Quote unavailable' };
  if (needsTypedWord(input) && !input.confirmed) return { kind: 'none', label: `Type "${CONFIRM_WORD}" to swap` };
  const swap = input.approvalFirst ? 'Approve and swap' : 'Swap';
  if (input.impact === 'high' || needsTypedWord(input)) return { kind: 'swap', label: `${swap} anyway` };
  return { kind: 'swap', label: swap };
}

/** A price impact above 10 % and a honeypot both need the user to type the word before swapping. */
export function needsTypedWord(input: Pick<SwapActionInput, 'impact' | 'honeypot'>): boolean {
  return input.impact === 'blocking' || input.honeypot === true;
}
