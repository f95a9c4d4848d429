/**
 * The bridge form's state and the one reducer that moves it. The recipient follows its default (the
 * connected EVM wallet between EVM chains) until the user types one.
 */
import type { ChainId } from '@/server/chains/registry';

export interface BridgeForm {
  source: ChainId;
  destination: ChainId;
  /** Whole native units of the source chain, as typed. */
  amountText: string;
  /** Undefined while the recipient follows its default. */
  recipientText?: string;
}

export type BridgeFormEvent =
  | { type: 'source'; chain: ChainId }
  | { type: 'destination'; chain: ChainId }
  | { type: 'flip' }
  | { type: 'amount'; text: string }
  | { type: 'recipient'; text: string };

const DEFAULT_SOURCE: ChainId = 'BASE';
const DEFAULT_DESTINATION: ChainId = 'ARB';

export function initialBridgeForm(source: ChainId = DEFAULT_SOURCE, destination: ChainId = DEFAULT_DESTINATION): BridgeForm {
  return { source, destination: destination === source ? (source === DEFAULT_DESTINATION ? DEFAULT_SOURCE : DEFAULT_DESTINATION) : destination, amountText: '' };
}

export function bridgeFormReducer(form: BridgeForm, event: BridgeFormEvent): BridgeForm {
  switch (event.type) {
    case 'source':
      // Picking the other side's chain swaps the two, as people expect; a bridge needs two chains.
      return event.chain === form.destination ? flip(form) : { ...form, source: event.chain };
    case 'destination':
      return event.chain === form.source ? flip(form) : { ...form, destination: event.chain };
    case 'flip':
      return flip(form);
    case 'amount':
      return { ...form, amountText: event.text };
    case 'recipient':
      return { ...form, recipientText: event.text };
  }
}

/** The amount typed is in the old source's coin, so it goes; a recipient typed by hand stays. */
function flip(form: BridgeForm): BridgeForm {
  return { ...form, source: form.destination, destination: form.source, amountText: '' };
}
