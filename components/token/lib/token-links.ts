/**
 * Addresses and links of the token pages: where a token's page is, how the swap page is opened to buy
 * it, and the checks both pages make on what a URL carries.
 */
import { isAddressOn } from '@/components/wallet/chain-family';
import { CHAINS, CHAIN_IDS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';

/** A chain identifier from a URL, in any case ("base", "BASE"); undefined when it names no chain. */
export function parseChain(text: string | undefined): ChainId | undefined {
  const upper = text?.trim().toUpperCase();
  return CHAIN_IDS.find((id) => id === upper);
}

/** Whether an address can be a token on that chain (the native token has no contract, so no page). */
export function isTokenAddressOn(chain: ChainId, address: string): boolean {
  return isAddressOn(chain, address) && address !== NATIVE_TOKEN_ADDRESS;
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
  return tokenOut && isAddressOn(chain, tokenOut) ? { chain, tokenOut } : { chain };
}
