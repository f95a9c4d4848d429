/**
 * What every operation of the Solana bridge works with: its context (the chain, the solver's key, the
 * depository), the tokens it takes and pays, and the transactions it builds against a fresh blockhash.
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { getLatestBlockhash } from '@/server/chains/solana/actions/get-latest-blockhash';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { nativeBridgeToken, type BridgeToken } from '../bridge-chain';
import { MEMO_PROGRAM_ID } from './memo-program';

/** What every operation of the Solana bridge works with. */
export interface SolanaBridgeContext {
  chain: ConfiguredChain;
  rpc: RpcTransport;
  solver: Keypair;
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

export async function withBlockhash(context: SolanaBridgeContext, payer: PublicKey, instructions: TransactionInstruction[]): Promise<VersionedTransaction> {
  return new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer,
      recentBlockhash: (await getLatestBlockhash(context.rpc)).blockhash,
      instructions,
    }).compileToV0Message(),
  );
}

export function transferWithMemo(
  context: SolanaBridgeContext,
  input: { from: PublicKey; to: PublicKey; amount: bigint; requestId: string },
): Promise<VersionedTransaction> {
  return withBlockhash(context, input.from, [
    SystemProgram.transfer({ fromPubkey: input.from, toPubkey: input.to, lamports: input.amount }),
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(input.requestId, 'utf8') }),
  ]);
}
