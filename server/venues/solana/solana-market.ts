/**
 * The Solana market the server trades and prices on: the route source (the local maker or Jupiter), the
 * mints, the fee collector, and the USD price of SOL read from them. Quotes (server/trading/solana/) and
 * token data, values and bridges all read it.
 */
import type { Address } from '@solana/kit';
import type { SolanaKeyPair } from '@/server/chains/solana/key-pair';
import { CHAINS } from '@/server/chains/registry';
import { findAppError, type ErrorCode } from '@/server/errors';
import { SOL_SENTINEL, WRAPPED_SOL_MINT, type SolanaRouteSource } from './route-source';
import type { SolanaMints } from './solana-mints';

export interface SolanaTrading {
  source: SolanaRouteSource;
  mints: SolanaMints;
  feeCollector: Address;
  /** The maker's key, when the maker venue runs here (local world): it co-signs after its last look. */
  maker?: SolanaKeyPair;
  /** The chain's main stable, for USD values. */
  stable?: { address: string; decimals: number };
}

const SOL_DECIMALS = CHAINS.SOL.nativeDecimals;

/** The mint a token is traded as: SOL itself as wrapped SOL. */
export const mintOf = (token: string): string => (token === SOL_SENTINEL ? WRAPPED_SOL_MINT : token);

/** What a venue answers when it could not be asked (unreachable, failing, or limiting this server). */
const UNREACHABLE_CODES: ReadonlySet<ErrorCode> = new Set(['CHAIN_UNAVAILABLE', 'RPC_ERROR', 'RATE_LIMITED']);

/**
 * USD per SOL from the route source pricing 1 SOL into the chain's stable: 0 when no stable is known or the venue
 * gives no price. A venue that cannot be asked throws its own error, so a caller names it, not a missing market.
 */
export async function solUsdPrice(deps: { trading: SolanaTrading }): Promise<number> {
  const stable = deps.trading.stable;
  if (!stable) return 0;
  try {
    const { source } = deps.trading;
    const leg = { inputMint: WRAPPED_SOL_MINT, outputMint: stable.address, amountIn: 10n ** BigInt(SOL_DECIMALS), slippageBps: 100 };
    const amountOut = source.price ? await source.price(leg) : (await source.quote({ ...leg, user: deps.trading.feeCollector })).amountOut;
    return Number(amountOut) / 10 ** stable.decimals;
  } catch (error) {
    const code = findAppError(error)?.code;
    if (code && UNREACHABLE_CODES.has(code)) throw error;
    return 0;
  }
}
