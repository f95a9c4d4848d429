/**
 * The Solana venue port: a route source prices one swap leg and gives the instructions that perform it.
 * The quote builder (server/trading/solana) wraps them with the compute budget, the fee transfers and the
 * user's token accounts into one v0 transaction. Two sources: the local world's maker (its own inventory
 * on a constant-product curve; it co-signs at execute) and Jupiter (selected by JUPITER_API_URL).
 */
import type { Address, Instruction } from '@solana/kit';

/** The native SOL sentinel of the interface (the EVM zero address) and the wrapped SOL mint. */
export const SOL_SENTINEL = '0x0000000000000000000000000000000000000000';
export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

export interface SolanaSwapLeg {
  /** Mint address, or WRAPPED_SOL_MINT for native SOL. */
  inputMint: string;
  outputMint: string;
  /** Raw units that reach the venue (input-side fees already taken). */
  amountIn: bigint;
  slippageBps: number;
  /** The user's wallet: fee payer and signer. */
  user: Address;
  /** The most accounts the venue's route may use (Jupiter's `maxAccounts`), leaving room for the builder's own. */
  maxAccounts?: number;
}

export interface SolanaRoute {
  venue: 'MAKER' | 'JUPITER';
  /** Raw units of the output the venue delivers to the user (before output-side fees). */
  amountOut: bigint;
  /** The least the venue's instructions deliver (equal to amountOut for the maker's fixed-output transfers). */
  minAmountOut: bigint;
  priceImpactPercent: number;
  /** Instructions in order; setup (token accounts, wrapping) first, cleanup (unwrapping) last. */
  instructions: Instruction[];
  /** Address lookup tables the instructions use (Jupiter); empty for the maker. */
  addressLookupTables: string[];
  /** Who else must sign before sending: the maker co-signs at execute after its last look. */
  cosigner?: 'maker';
}

export interface SolanaRouteSource {
  readonly venue: SolanaRoute['venue'];
  quote(leg: SolanaSwapLeg): Promise<SolanaRoute>;
  /**
   * The venue's output for a leg, without the instructions that perform it: for USD values (SOL's price),
   * where one request is enough and an answer a few seconds old will do. Absent: `quote` is used.
   */
  price?(leg: Omit<SolanaSwapLeg, 'user'>): Promise<bigint>;
  /**
   * The least input (raw units reaching the venue) whose route's `minAmountOut` is at least `minAmountOut`,
   * or undefined when the venue cannot deliver it; absent where the venue has no inverse (exact output is
   * then not offered).
   */
  amountInFor?: (leg: Pick<SolanaSwapLeg, 'inputMint' | 'outputMint'>, minAmountOut: bigint) => Promise<bigint | undefined>;
}
