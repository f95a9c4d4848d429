/** Transaction fee fields, calldata gas and the USD figures of a quote (its gas limit: server/routing/gas-limit.ts). */
import type { Hex } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { LevelFees } from '@/server/chains/fee-levels';
import { round } from '@/server/routing/route-figures';
import type { UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';

export function txFees(chain: ConfiguredChain, fees: LevelFees): UnsignedEvmTx['fees'] {
  if (chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
  return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
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
