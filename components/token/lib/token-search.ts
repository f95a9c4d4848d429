/**
 * What the header's token search means by what was typed: an address (its chain is the one chosen in the
 * box, moved to Solana for a base58 address and to an EVM chain for a 0x one) or a symbol of the chain's
 * known tokens. Pure, so the rules are tested without a page.
 */
import { addressFamily, FAMILY_TRAITS, isAddressOn } from '@/components/wallet/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';

export const DEFAULT_SEARCH_CHAIN: ChainId = 'BASE';

export interface KnownToken {
  address: string;
  symbol: string;
}

export type SearchOutcome =
  | { kind: 'token'; chain: ChainId; address: string }
  /** A symbol: the chain's token list is needed to find it. */
  | { kind: 'symbol'; chain: ChainId; symbol: string }
  | { kind: 'problem'; message: string };

/**
 * The chain an input belongs on: an address that cannot be on the chosen chain goes to `fallback` (the swap
 * form's chain) if it can be there, else to its family's search chain (a base58 address to Solana, a 0x one
 * to Base). Anything else keeps the chosen chain.
 */
export function chainForInput(text: string, chosen: ChainId, fallback: ChainId = DEFAULT_SEARCH_CHAIN): ChainId {
  const address = text.trim();
  const family = addressFamily(address);
  if (!family || isAddressOn(chosen, address)) return chosen;
  return isAddressOn(fallback, address) ? fallback : FAMILY_TRAITS[family].searchChain;
}

export function readSearch(text: string, chain: ChainId): SearchOutcome {
  const trimmed = text.trim();
  if (!trimmed) return { kind: 'problem', message: 'Type a token address or symbol.' };
  const family = addressFamily(trimmed);
  if (family) {
    if (!isAddressOn(chain, trimmed)) {
      return { kind: 'problem', message: `That is ${FAMILY_TRAITS[family].addressNoun}: choose a chain it can be on.` };
    }
    if (trimmed === NATIVE_TOKEN_ADDRESS)
      return { kind: 'problem', message: `The zero address is ${CHAINS[chain].nativeSymbol}, the native coin: it has no token page.` };
    return { kind: 'token', chain, address: trimmed };
  }
  if (/^0x/i.test(trimmed)) return { kind: 'problem', message: 'An EVM address is 0x and 40 hex digits.' };
  if (!/^[\w.$-]{1,20}$/.test(trimmed)) return { kind: 'problem', message: 'Type a token address or symbol.' };
  return { kind: 'symbol', chain, symbol: trimmed };
}

/** A symbol among the chain's tokens, without case; the native coin has no token page. */
export function findBySymbol(symbol: string, chain: ChainId, tokens: readonly KnownToken[]): SearchOutcome {
  const wanted = symbol.toUpperCase();
  const matches = tokens.filter((token) => token.symbol.toUpperCase() === wanted);
  const token = matches.find((match) => match.address !== NATIVE_TOKEN_ADDRESS);
  if (token) return { kind: 'token', chain, address: token.address };
  const name = CHAINS[chain].name;
  if (matches.length) return { kind: 'problem', message: `${matches[0]!.symbol} is the native coin of ${name}: it has no token page.` };
  return { kind: 'problem', message: `No known token called ${symbol} on ${name}. Paste its address instead.` };
}

/** Known symbols to suggest while typing (the native coin left out). */
export function suggestions(tokens: readonly KnownToken[]): string[] {
  return [...new Set(tokens.filter((token) => token.address !== NATIVE_TOKEN_ADDRESS).map((token) => token.symbol))];
}
