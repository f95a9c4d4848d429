/**
 * Who is paid on the destination chain. Between two EVM chains the sending wallet's own address can
 * receive, so it is the default; across families (EVM and Solana) it cannot, and a recipient of the
 * destination's family must be typed.
 */
import { familyOf, sameFamily } from '@/components/wallet/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';

export type RecipientCheck =
  | { ok: true; recipient: string }
  /** `empty`: nothing typed yet (the page shows the message as a hint until an amount is entered). */
  | { ok: false; empty: boolean; message: string };

export function isCrossFamily(source: ChainId, destination: ChainId): boolean {
  return !sameFamily(source, destination);
}

/** The recipient the form starts with: the sending EVM wallet between EVM chains, nobody across families. */
export function defaultRecipient(source: ChainId, destination: ChainId, sourceWallet: string | undefined): string {
  return !isCrossFamily(source, destination) && familyOf(source).senderReceives ? (sourceWallet ?? '') : '';
}

export function checkRecipient(text: string, source: ChainId, destination: ChainId): RecipientCheck {
  const recipient = text.trim();
  const to = CHAINS[destination];
  const expected = familyOf(destination);
  if (recipient === '') {
    const message = isCrossFamily(source, destination)
      ? `A recipient is required: ${CHAINS[source].name} addresses cannot receive on ${to.name}. Enter ${expected.addressNoun} (${expected.addressFormat}).`
      : `Enter the address that receives on ${to.name}.`;
    return { ok: false, empty: true, message };
  }
  if (!expected.isAddress(recipient)) {
    return { ok: false, empty: false, message: `This is not ${expected.addressNoun}, which ${to.name} needs: ${expected.addressFormat}.` };
  }
  if (recipient === NATIVE_TOKEN_ADDRESS) {
    return { ok: false, empty: false, message: 'The zero address cannot receive: whatever is sent there is lost.' };
  }
  return { ok: true, recipient };
}
