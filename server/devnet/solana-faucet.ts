import { getCreateAssociatedTokenIdempotentInstruction, getMintToCheckedInstruction } from '@solana-program/token';
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { createRpcTransport, type RpcTransport } from '@/server/chains/json-rpc';
import { decodeBase58 } from '@/server/chains/solana/address';
import { getBalance } from '@/server/chains/solana/actions/get-balance';
import { getLatestBlockhash } from '@/server/chains/solana/actions/get-latest-blockhash';
import { sendTransaction } from '@/server/chains/solana/actions/send-transaction';
import { waitForConfirmation } from '@/server/chains/solana/actions/wait-for-confirmation';
import { solanaKeyPair } from '@/server/chains/solana/key-pair';
import { tokenAccountOf } from '@/server/chains/solana/token-instructions';
import { signatureOf, wireTransaction } from '@/server/chains/solana/transactions';
import { AppError } from '@/server/errors';
import type { FaucetPlan, FaucetTransactions } from './faucet-plan';

const LAMPORTS_PER_SOL = 1_000_000_000n;
const CONFIRM_TIMEOUT_MS = 20_000;

/**
 * SOL by airdrop; each mint's tokens minted into the address's associated token account by the mint
 * authority, all in one transaction (so every token shares its signature).
 */
export async function fundSolanaAddress(entry: ManifestChain, address: string, plan: FaucetPlan): Promise<FaucetTransactions> {
  const secret = entry.treasury?.secretKey ? decodeBase58(entry.treasury.secretKey) : undefined;
  if (!secret || secret.length !== 64) throw new AppError('CHAIN_UNAVAILABLE', 'The local world has no mint authority key for SOL.');
  const authority = solanaKeyPair(secret);
  const owner = toAddress(address);
  // A user and password in the URL travel as Basic authorization (the transport sends them so).
  const rpc = createRpcTransport({ chain: 'SOL', urls: [entry.rpcUrl], timeoutMs: CONFIRM_TIMEOUT_MS });

  const native = await airdrop(rpc, owner, plan.native);
  if ((await getBalance(rpc, authority.address)) < LAMPORTS_PER_SOL) await airdrop(rpc, authority.address, 10n * LAMPORTS_PER_SOL);

  const instructions: Instruction[] = [];
  for (const token of plan.tokens) {
    const mint = toAddress(token.address);
    const account = await tokenAccountOf(mint, owner);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({ payer: createNoopSigner(authority.address), ata: account, owner, mint }),
      getMintToCheckedInstruction({ mint, token: account, mintAuthority: createNoopSigner(authority.address), amount: token.amount, decimals: token.decimals }),
    );
  }
  if (instructions.length === 0) return { native, tokens: {} };
  const latest = await getLatestBlockhash(rpc);
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (draft) => setTransactionMessageFeePayer(authority.address, draft),
    (draft) =>
      setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, draft),
    (draft) => appendTransactionMessageInstructions(instructions, draft),
  );
  const signed = await authority.sign(compileTransaction(message));
  await sendTransaction(rpc, wireTransaction(signed), { preflight: true });
  const minted = signatureOf(signed);
  await confirm(rpc, minted);
  return { native, tokens: Object.fromEntries(plan.tokens.map((token) => [token.address, minted])) };
}

async function airdrop(rpc: RpcTransport, to: string, lamports: bigint): Promise<string> {
  const signature = await rpc.request<string>('requestAirdrop', [to, Number(lamports), { commitment: 'confirmed' }]);
  await confirm(rpc, signature);
  return signature;
}

/** Polls the signature status (no websocket needed). */
async function confirm(rpc: RpcTransport, signature: string): Promise<void> {
  const landed = await waitForConfirmation(rpc, signature, { timeoutMs: CONFIRM_TIMEOUT_MS });
  if (landed.state !== 'confirmed') throw new AppError('RPC_ERROR', `A faucet transaction on SOL was not confirmed in time (${signature}).`);
  if (landed.err) throw new AppError('RPC_ERROR', `A faucet transaction failed on SOL: ${JSON.stringify(landed.err)}`);
}
