/**
 * What every operation of the EVM bridge chain works with, and the solver's fees: shared by the native
 * operations (evm-bridge-chain.ts) and the token ones (evm-bridge-tokens.ts).
 */
import type { Address } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
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
  gasEstimates: Map<string, { gas: Promise<bigint>; at: number }>;
  /** Token symbols and decimals once read (they never change). */
  tokens: Map<string, Promise<BridgeToken>>;
}

export async function txFees(context: EvmBridgeContext): Promise<UnsignedEvmTx['fees']> {
  const levels = await context.fees.read(context.chain.info.id);
  const fees = levels.MEDIUM;
  if (context.chain.info.legacyTransactions) return { type: 'legacy', gasPrice: fees.gasPrice };
  return { type: 'eip1559', maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
}

export const highestFee = (fees: UnsignedEvmTx['fees']) => (fees.type === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice);
