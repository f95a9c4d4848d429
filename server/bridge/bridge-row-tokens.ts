/**
 * The tokens of a stored bridge request: what was quoted (from its stored route; the native coins of a native
 * bridge, which stores none), what the deposit actually paid in, and amounts of them as people read them.
 */
import { formatAmount, nativeAmountText } from '@/server/display/amount-text';
import { NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { BridgeRow } from '@/server/store/bridge-repository';
import { nativeBridgeToken, type BridgeToken } from './bridge-chain';
import type { RouteLeg } from './bridge-route';

/** A route leg as stored (JSON): amounts are strings there. */
export type StoredRouteLeg = Omit<RouteLeg, 'amountIn' | 'amountOut' | 'chain'> & { chain: string; amountIn: string | bigint; amountOut: string | bigint };

const nativeOf = (chain: string): BridgeToken => nativeBridgeToken(chain as ChainId);

export function storedRoute(row: Pick<BridgeRow, 'route'>): StoredRouteLeg[] {
  return row.route ? (JSON.parse(row.route) as StoredRouteLeg[]) : [];
}

export function bridgeTokensOf(row: Pick<BridgeRow, 'route' | 'source_chain' | 'destination_chain'>): { tokenIn: BridgeToken; tokenOut: BridgeToken } {
  const route = storedRoute(row);
  return {
    tokenIn: route[0]?.tokenIn ?? nativeOf(row.source_chain),
    tokenOut: route.at(-1)?.tokenOut ?? nativeOf(row.destination_chain),
  };
}

/** The token a refund returns: the one deposited (the quoted one, unless the deposit paid in another). */
export function depositedToken(row: Pick<BridgeRow, 'route' | 'source_chain' | 'destination_chain' | 'deposit_token'>): BridgeToken {
  const { tokenIn } = bridgeTokensOf(row);
  const deposited = row.deposit_token ?? NATIVE_TOKEN_ADDRESS;
  if (deposited === tokenIn.address.toLowerCase()) return tokenIn;
  return deposited === NATIVE_TOKEN_ADDRESS ? nativeOf(row.source_chain) : { address: deposited, symbol: `token ${deposited}`, decimals: 0 };
}

/** "1,250.5 USDC"; the native coin as nativeAmountText writes it. */
export function tokenAmountText(raw: bigint, token: BridgeToken, chain: ChainId): string {
  return token.address === NATIVE_TOKEN_ADDRESS ? nativeAmountText(raw, chain) : `${formatAmount(raw, token.decimals)} ${token.symbol}`;
}
