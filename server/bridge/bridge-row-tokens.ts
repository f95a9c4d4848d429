/**
 * The tokens of a stored bridge request: what was quoted (from its stored route; the native coins of a native
 * bridge, which stores none), what the deposit actually paid in, and amounts of them as people read them.
 */
import { formatAmount, nativeAmountText } from '@/server/display/amount-text';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { nativeBridgeToken, type BridgeToken } from './bridge-chain';
import type { RouteLeg } from './bridge-route-legs';

/** A route leg as stored (JSON): amounts are strings there. */
export type StoredRouteLeg = Omit<RouteLeg, 'amountIn' | 'amountOut' | 'chain'> & { chain: string; amountIn: string | bigint; amountOut: string | bigint };

const nativeOf = (chain: string): BridgeToken => nativeBridgeToken(chain as ChainId);

export function storedRoute(row: Pick<BridgeRequest, 'route'>): StoredRouteLeg[] {
  return row.route ? (JSON.parse(row.route) as StoredRouteLeg[]) : [];
}

export function bridgeTokensOf(row: Pick<BridgeRequest, 'route' | 'sourceChain' | 'destinationChain'>): { tokenIn: BridgeToken; tokenOut: BridgeToken } {
  const route = storedRoute(row);
  return {
    tokenIn: route[0]?.tokenIn ?? nativeOf(row.sourceChain),
    tokenOut: route.at(-1)?.tokenOut ?? nativeOf(row.destinationChain),
  };
}

/**
 * A token of the source chain by address, as the request's route names it (symbol and decimals): the native
 * coin for null, tokenIn, the asset a source swap deposits, or a token no quote named.
 */
export function sourceToken(row: Pick<BridgeRequest, 'route' | 'sourceChain' | 'destinationChain'>, address: string | null): BridgeToken {
  if (address === null || address === NATIVE_TOKEN_ADDRESS) return nativeOf(row.sourceChain);
  const named = storedRoute(row).flatMap((leg) => (leg.kind === 'bridge' ? [leg.tokenIn] : leg.chain === row.sourceChain ? [leg.tokenIn, leg.tokenOut] : []));
  return named.find((token) => token.address.toLowerCase() === address.toLowerCase()) ?? { address, symbol: `token ${address}`, decimals: 0 };
}

/** The token a refund returns: the one deposited. */
export function depositedToken(row: Pick<BridgeRequest, 'route' | 'sourceChain' | 'destinationChain' | 'depositToken'>): BridgeToken {
  return sourceToken(row, row.depositToken);
}

/** "1,250.5 USDC"; the native coin as nativeAmountText writes it. */
export function tokenAmountText(raw: bigint, token: BridgeToken, chain: ChainId): string {
  return token.address === NATIVE_TOKEN_ADDRESS ? nativeAmountText(raw, chain) : `${formatAmount(raw, token.decimals)} ${token.symbol}`;
}
