/**
 * What every operation of the Solana bridge works with: its context (the chain, the solver's key, the
 * depository), the tokens it takes and pays, and the transactions it builds against a fresh blockhash.
 */
import type { Address, Instruction, Transaction } from '@solana/kit';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { getLatestBlockhash } from '@/server/chains/solana/actions/get-latest-blockhash';
import type { SolanaKeyPair } from '@/server/chains/solana/key-pair';
import { solTransfer } from '@/server/chains/solana/token-instructions';
import { compileV0Transaction } from '@/server/chains/solana/transactions';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { nativeBridgeToken, type BridgeToken } from '../bridge-chain';
import { memoInstruction } from './memo-program';

/** What every operation of the Solana bridge works with. */
export interface SolanaBridgeContext {
  chain: ConfiguredChain;
  rpc: RpcTransport;
  solver: SolanaKeyPair;
  depository: string;
  stable: BridgeToken | undefined;
  confirmations: number;
}

export const SOL = nativeBridgeToken('SOL');

/** SOL and the stable are taken and paid from inventory; no other SPL token (no swap on SOL for the solver yet). */
export function describeToken(context: SolanaBridgeContext, address: string, field: string): BridgeToken {
  if (address === NATIVE_TOKEN_ADDRESS) return SOL;
  if (context.stable && address === context.stable.address) return context.stable;
  throw new AppError(
    'INVALID_INPUT',
    `${field}: on SOL the bridge takes and pays SOL${context.stable ? ` and ${context.stable.symbol} (${context.stable.address})` : ''} only, not ${address}.`,
    { field },
  );
}

/** A v0 transaction of `instructions` paid by `payer`, against a fresh blockhash; unsigned. */
export async function withBlockhash(context: SolanaBridgeContext, payer: Address, instructions: readonly Instruction[]): Promise<Transaction> {
  const { blockhash, lastValidBlockHeight } = await getLatestBlockhash(context.rpc);
  return compileV0Transaction({ feePayer: payer, blockhash, lastValidBlockHeight, instructions });
}

export function transferWithMemo(context: SolanaBridgeContext, input: { from: Address; to: Address; amount: bigint; requestId: string }): Promise<Transaction> {
  return withBlockhash(context, input.from, [solTransfer(input.from, input.to, input.amount), memoInstruction(input.requestId)]);
}
