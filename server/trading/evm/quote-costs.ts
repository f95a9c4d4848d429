/** Gas limits, transaction fee fields and the USD figures of a quote. */
import type { Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { LevelFees } from '@/server/chains/fee-levels';
import { round } from '@/server/routing/route-figures';
import type { UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';

/** Gas margin over the simulated use: the state the trade meets can differ a little from the quote's. */
const GAS_MARGIN_PERCENT = 30n;
export const INTRINSIC_GAS = 21_000n;

export function txFees(chain: ConfiguredChain, fees: LevelFees): UnsignedEvmTx['fees'] {
  if (chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
  return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

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

/** Calldata gas (EIP-2028): 4 per zero byte, 16 per other byte. */
export function calldataGas(data: Hex): bigint {
  let gas = 0n;
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n;
  return gas;
}

/** What a unit of gas costs in this block at the quoted fee fields: base fee plus tip, capped. */
export function effectiveGasPrice(baseFee: bigint, fees: UnsignedEvmTx['fees']): bigint {
  if (fees.type === 'legacy') return fees.gasPrice;
  const price = (baseFee > 0n ? baseFee : 0n) + fees.maxPriorityFeePerGas;
  return price < fees.maxFeePerGas ? price : fees.maxFeePerGas;
}

/** Native wei in USD, 6 decimals. */
export function weiToUsd(chain: ConfiguredChain, wei: bigint, nativeUsd: number): number {
  return round((Number(wei) / 10 ** chain.info.nativeDecimals) * nativeUsd, 6);
}
