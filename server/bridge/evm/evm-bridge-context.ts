/**
 * What every operation of the EVM bridge chain works with, and the solver's fees: shared by the native
 * operations (evm-bridge-chain.ts) and the token ones (evm-bridge-tokens.ts).
 */
import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { BoundedCache } from '@/server/cache/bounded-cache';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { EvmReceipt } from '@/server/chains/evm/evm-schemas';
import type { UnsignedEvmTx } from '@/server/chains/evm/evm-transactions';
import type { PriorityFeeReader } from '@/server/fees/priority-fees';
import type { BridgeToken } from '../bridge-chain';

export interface EvmBridgeContext {
  chain: ConfiguredChain;
  solver: PrivateKeyAccount;
  /** Lowercase, as logs and comparisons want it. */
  depository: Address;
  fees: PriorityFeeReader;
  /** Confirmations a deposit needs before it is filled (1: mined). */
  confirmations: number;
  /** The cursor the last scan returned and the head it read: the same again means no new block to read (evm-deposits.ts). */
  lastScan?: { cursor: string; head: bigint };
  /** Recent gas estimates per call (see evm-bridge-chain.ts, paymentGas). */
  gasEstimates: BoundedCache<string, Promise<bigint>>;
  /** Token symbols and decimals once read (they never change), for the tokens most recently asked about. */
  tokens: BoundedCache<string, Promise<BridgeToken>>;
  /**
   * Receipts of the payments last seen confirmed, by hash: a destination swap's fill reads what it delivered
   * (receivedBy) right after it confirms, from the receipt its wait already read rather than asking again.
   */
  settled: Map<string, EvmReceipt>;
}

/** Receipts kept in `settled` at most (a transfer's or refund's is never taken: the oldest make way). */
const SETTLED_KEPT = 32;

export function keepSettled(context: EvmBridgeContext, txHash: string, receipt: EvmReceipt): void {
  if (context.settled.size >= SETTLED_KEPT) context.settled.delete(context.settled.keys().next().value!);
  context.settled.set(txHash.toLowerCase(), receipt);
}

/** A receipt kept by keepSettled, forgotten as it is taken. */
export function takeSettled(context: EvmBridgeContext, txHash: string): EvmReceipt | undefined {
  const receipt = context.settled.get(txHash.toLowerCase());
  context.settled.delete(txHash.toLowerCase());
  return receipt;
}

export async function txFees(context: EvmBridgeContext): Promise<UnsignedEvmTx['fees']> {
  const levels = await context.fees.read(context.chain.info.id);
  const fees = levels.MEDIUM;
  if (context.chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
  return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

export const highestFee = (fees: UnsignedEvmTx['fees']) => (fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice);
