/**
 * Addresses and links of the token pages: where a token's page is, how the swap page is opened to buy
 * it, and the checks both pages make on what a URL carries.
 */
import { CHAINS, CHAIN_IDS, NATIVE_TOKEN_ADDRESS, type ChainFamily, type ChainId } from '@/server/chains/registry';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** Base58 (no 0, O, I, l) of a 32-byte key: 32 to 44 characters. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function isEvmAddress(text: string): boolean {
  return EVM_ADDRESS.test(text);
}

export function isSolanaAddress(text: string): boolean {
  return SOLANA_ADDRESS.test(text);
}

/** The address family a text belongs to, if it is an address at all. */
export function addressFamily(text: string): ChainFamily | undefined {
  if (isEvmAddress(text)) return 'evm';
  if (isSolanaAddress(text)) return 'solana';
  return undefined;
}

/** A chain identifier from a URL, in any case ("base", "BASE"); undefined when it names no chain. */
export function parseChain(text: string | undefined): ChainId | undefined {
  const upper = text?.trim().toUpperCase();
  return CHAIN_IDS.find((id) => id === upper);
}

/** Whether an address can be a token on that chain (the native token has no contract, so no page). */
export function isTokenAddressOn(chain: ChainId, address: string): boolean {
  return addressFamily(address) === CHAINS[chain].family && address !== NATIVE_TOKEN_ADDRESS;
}

export function tokenPageHref(chain: ChainId, address: string): string {
  return `/token/${chain}/${address}`;
}

/** The swap page opened on the chain with the token as the one to receive. */
export function tradeHref(chain: ChainId, address: string): string {
  return `/?${new URLSearchParams({ chain, tokenOut: address }).toString()}`;
}

export function explorerAddressUrl(chain: ChainId, address: string): string {
  return CHAINS[chain].explorerAddressUrl.replace('{address}', address);
}

/**
 * What a link to the swap page asks for (`?chain=BASE&tokenOut=0x…`). A tokenOut that cannot be on the
 * chain is dropped rather than shown as an error: the page then opens with its usual pair.
 */
export function readSwapLink(params: Record<string, string | string[] | undefined>): { chain?: ChainId; tokenOut?: string } {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const chain = parseChain(first(params.chain));
  const tokenOut = first(params.tokenOut)?.trim();
  if (!chain) return {};
  return tokenOut && addressFamily(tokenOut) === CHAINS[chain].family ? { chain, tokenOut } : { chain };
}
