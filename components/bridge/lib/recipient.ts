/**
 * Who is paid on the destination chain. Between two EVM chains the sending wallet's own address can
 * receive, so it is the default; across families (EVM and Solana) it cannot, and a recipient of the
 * destination's family must be typed.
 */
import { isEvmAddress, isSolanaAddress } from '@/components/token/lib/token-links';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainFamily, type ChainId } from '@/server/chains/registry';

export type RecipientCheck =
  | { ok: true; recipient: string }
  /** `empty`: nothing typed yet (the page shows the message as a hint until an amount is entered). */
  | { ok: false; empty: boolean; message: string };

const FAMILY_ADDRESS: Record<ChainFamily, { article: string; test: (text: string) => boolean; format: string }> = {
  evm: { article: 'an EVM address', test: isEvmAddress, format: '0x followed by 40 hex digits' },
  solana: { article: 'a Solana address', test: isSolanaAddress, format: 'base58, 32 to 44 characters' },
};

export function isCrossFamily(source: ChainId, destination: ChainId): boolean {
  return CHAINS[source].family !== CHAINS[destination].family;
}

/** The recipient the form starts with: the sending EVM wallet between EVM chains, nobody across families. */
export function defaultRecipient(source: ChainId, destination: ChainId, evmWallet: string | undefined): string {
  return !isCrossFamily(source, destination) && CHAINS[source].family === 'evm' ? evmWallet ?? '' : '';
}

export function checkRecipient(text: string, source: ChainId, destination: ChainId): RecipientCheck {
  const recipient = text.trim();
  const to = CHAINS[destination];
  const expected = FAMILY_ADDRESS[to.family];
  if (recipient === '') {
    const message = isCrossFamily(source, destination)
      ? `A recipient is required: ${CHAINS[source].name} addresses cannot receive on ${to.name}. Enter ${expected.article} (${expected.format}).`
      : `Enter the address that receives on ${to.name}.`;
    return { ok: false, empty: true, message };
  }
  if (!expected.test(recipient)) {
    return { ok: false, empty: false, message: `This is not ${expected.article}, which ${to.name} needs: ${expected.format}.` };
  }
  if (recipient === NATIVE_TOKEN_ADDRESS) {
    return { ok: false, empty: false, message: 'The zero address cannot receive: whatever is sent there is lost.' };
  }
  return { ok: true, recipient };
}
