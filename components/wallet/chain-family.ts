/**
 * Everything the pages do or say differently on an EVM chain and on Solana, in one table: what an address
 * looks like, how the wallet is named, what a transaction's parts are called, what a token page shows. The
 * pages ask `familyOf(chain)` instead of comparing families, so a family is added here and nowhere else.
 * Pure (no React), so server-rendered pages read it too.
 */
import { formatPercent } from '@/server/display/number-text';
import { CHAINS, isEvmChain, type ChainFamily, type ChainId, type EvmChainId } from '@/server/chains/registry';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Base58 (no 0, O, I, l) of a 32-byte key: 32 to 44 characters. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function isEvmAddress(text: string): boolean {
  return EVM_ADDRESS.test(text);
}

export function isSolanaAddress(text: string): boolean {
  return SOLANA_ADDRESS.test(text);
}

export interface FamilyTraits {
  /** A whole address of the family, as a person pastes it. */
  isAddress(text: string): boolean;
  /** How a sentence names an address of the family ("not an EVM address"). */
  addressNoun: string;
  /** What an address of the family looks like, for a recipient typed wrong. */
  addressFormat: string;
  /** What a wallet address looks like, for one the server refused. */
  walletAddressShape: string;
  /** The hint for a pasted token address that is not whole yet, if the family has one. */
  unfinishedTokenAddressHint(text: string): string | undefined;
  /** The token picker's line when nothing matches (`address`: the search is a whole address). */
  noTokenMatches(address: boolean): string;
  recipientPlaceholder: string;
  faucetPlaceholder: string;
  /** How the pages name the wallet the family needs ("connect a Solana wallet"). */
  walletNoun: string;
  /** The bridge button while the source chain's wallet is not connected. */
  connectLabel: string;
  /** The wallet is on one chain of the family at a time, and is switched between them (EVM). */
  walletHasChain: boolean;
  /** Between two chains of the family, the sending wallet's own address receives by default. */
  senderReceives: boolean;
  /** The wallet broadcasts what it signs (EVM); otherwise it signs only and the server sends (Solana). */
  walletSends: boolean;
  /** The bridge takes and pays any listed token, not only the native coin and the stable. */
  bridgesEveryToken: boolean;
  /** The chain the header's token search moves an address of the family to. */
  searchChain: ChainId;
  /** What a quote's gas limit counts. */
  costUnit: string;
  /** A transaction page's names for the block and the account that sent it. */
  blockLabel: string;
  senderLabel: string;
  /** What a token address and a transaction hash look like, for a page opened with a wrong one. */
  tokenAddressShape: string;
  transactionHashShape: string;
  /** How a market's size is named, and what the name means when it needs saying. */
  liquidityLabel: string;
  liquidityNote?: string;
  /** A token page's second card: the contract's taxes and supply, or the mint's own facts. */
  tokenFacts: 'contract' | 'mint';
}

const DEPTH = formatPercent(2);

export const FAMILY_TRAITS: Readonly<Record<ChainFamily, FamilyTraits>> = {
  evm: {
    isAddress: isEvmAddress,
    addressNoun: 'an EVM address',
    addressFormat: '0x followed by 40 hex digits',
    walletAddressShape: '0x followed by 40 hex digits',
    unfinishedTokenAddressHint: (text) => (text.startsWith('0x') && !isEvmAddress(text) ? 'A token address is 0x followed by 40 hex digits.' : undefined),
    noTokenMatches: () => 'No token matches. Paste its address to add it.',
    recipientPlaceholder: '0x…',
    faucetPlaceholder: '0x… address',
    walletNoun: 'a wallet',
    connectLabel: 'Connect wallet',
    walletHasChain: true,
    senderReceives: true,
    walletSends: true,
    bridgesEveryToken: true,
    searchChain: 'BASE',
    costUnit: 'gas',
    blockLabel: 'Block',
    senderLabel: 'From',
    tokenAddressShape: '0x and 40 hex digits; the zero address is the native coin, which has no page',
    transactionHashShape: '0x and 64 hex digits',
    liquidityLabel: 'Liquidity',
    tokenFacts: 'contract',
  },
  solana: {
    isAddress: isSolanaAddress,
    addressNoun: 'a Solana address',
    addressFormat: 'base58, 32 to 44 characters',
    walletAddressShape: '32 to 44 letters and digits',
    unfinishedTokenAddressHint: () => undefined,
    noTokenMatches: (address) => (address ? 'This mint is not listed: only the listed Solana tokens can be traded here for now.' : 'No token matches.'),
    recipientPlaceholder: 'Solana address',
    faucetPlaceholder: 'Solana address',
    walletNoun: 'a Solana wallet',
    connectLabel: 'Connect a Solana wallet',
    walletHasChain: false,
    senderReceives: false,
    walletSends: false,
    // The server refuses other mints.
    bridgesEveryToken: false,
    searchChain: 'SOL',
    costUnit: 'compute units',
    blockLabel: 'Slot',
    senderLabel: 'Fee payer',
    tokenAddressShape: 'a base58 mint address',
    transactionHashShape: 'a base58 transaction signature',
    liquidityLabel: `Depth (±${DEPTH})`,
    liquidityNote: `Depth: what the market maker's curve for this token takes and pays before its price moves ${DEPTH} either way.`,
    tokenFacts: 'mint',
  },
};

const FAMILIES = Object.keys(FAMILY_TRAITS) as ChainFamily[];

export function familyOf(chain: ChainId): FamilyTraits {
  return FAMILY_TRAITS[CHAINS[chain].family];
}

/** The family an address belongs to, if the text is an address at all (no text is an address of two). */
export function addressFamily(text: string): ChainFamily | undefined {
  return FAMILIES.find((family) => FAMILY_TRAITS[family].isAddress(text));
}

export function sameFamily(one: ChainId, other: ChainId): boolean {
  return familyOf(one) === familyOf(other);
}

/** Whether an address can be an account or token on that chain. */
export function isAddressOn(chain: ChainId, text: string): boolean {
  return familyOf(chain).isAddress(text);
}

/**
 * Work that is done one way per family (sending with the EVM or the Solana wallet, calls the server takes
 * for EVM chains only): the caller gives one handler per family, the EVM one gets the chain typed as EVM.
 */
export function onFamily<T>(chain: ChainId, handlers: { evm: (chain: EvmChainId) => T; solana: (chain: Exclude<ChainId, EvmChainId>) => T }): T {
  return isEvmChain(chain) ? handlers.evm(chain) : handlers.solana(chain);
}
