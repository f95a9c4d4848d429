/**
 * A trade's gas limit from the gas its route simulated to use: route choice weighs it against the caller's
 * gas cap, and the quote writes it into the transaction (server/trading/evm/quote-transactions.ts).
 */

/** Gas margin over the simulated use: the state the trade meets can differ a little from the quote's. */
const GAS_MARGIN_PERCENT = 30n;
export const INTRINSIC_GAS = 21_000n;

export function withMargin(gas: bigint): bigint {
  return gas + (gas * GAS_MARGIN_PERCENT) / 100n;
}

/**
 * Gas the simulation cannot see: inside the lens the pools and tokens are already warm (EIP-2929), and the
 * call runs in the latest block's time, so a V2 pair's first trade in a new block (price accumulators
 * written, 0 to non-zero on a young pair: ~44k) is missing. Unused gas is not charged.
 */
export const TRADE_GAS_HEADROOM = 60_000n;

/** A trade's gas limit from what its route simulated to use (and its calldata, once encoded). */
export function tradeGasLimit(gasUsed: bigint, calldata: bigint = 0n): bigint {
  return withMargin(gasUsed + INTRINSIC_GAS + calldata) + TRADE_GAS_HEADROOM;
}
