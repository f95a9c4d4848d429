/**
 * What the button under the bridge form does and says: one decision in one place.
 */
import type { QuoteState } from '@/components/quotes/quote-state';

export interface BridgeActionInput {
  /** The deposit is being signed or sent. */
  running: boolean;
  /** The wallet of the source chain's family is connected. */
  connected: boolean;
  /** The button's label while that wallet is not connected (the source family names its wallet). */
  connectLabel: string;
  /** EVM: the wallet is on the source chain (Solana wallets have no chain to switch). */
  onChain: boolean;
  sourceName: string;
  amountInvalid: boolean;
  hasAmount: boolean;
  /** The amount is more than the balance; the coin to name. */
  insufficient?: string;
  recipientOk: boolean;
  quote: QuoteState;
  /** The quote needs an approval of the token sent before its deposit. */
  approve?: boolean;
}

export type BridgeAction =
  { kind: 'connect'; label: string } | { kind: 'switch'; label: string } | { kind: 'bridge'; label: string } | { kind: 'none'; label: string };

export function decideBridgeAction(input: BridgeActionInput): BridgeAction {
  if (input.running) return { kind: 'none', label: 'Bridging…' };
  if (!input.connected) return { kind: 'connect', label: input.connectLabel };
  if (input.amountInvalid) return { kind: 'none', label: 'Enter a valid amount' };
  if (!input.hasAmount) return { kind: 'none', label: 'Enter an amount' };
  if (input.insufficient) return { kind: 'none', label: `Insufficient ${input.insufficient} balance` };
  if (!input.recipientOk) return { kind: 'none', label: 'Enter a recipient' };
  if (!input.onChain) return { kind: 'switch', label: `Switch to ${input.sourceName}` };
  if (input.quote === 'loading' || input.quote === 'none') return { kind: 'none', label: 'Fetching quote…' };
  if (input.quote === 'error') return { kind: 'none', label: 'Quote unavailable' };
  return { kind: 'bridge', label: input.approve ? 'Approve and bridge' : 'Bridge' };
}
