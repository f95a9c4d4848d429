import { createAssociatedTokenAccountIdempotentInstruction, createMintToCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, Transaction } from '@solana/web3.js';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { requestTarget } from '@/server/chains/json-rpc';
import { decodeBase58 } from '@/server/chains/solana/address';
import { AppError } from '@/server/errors';
import type { FaucetPlan, FaucetTransactions } from './faucet-plan';

/**
 * SOL by airdrop; each mint's tokens minted into the address's associated token account by the mint
 * authority, all in one transaction (so every token shares its signature).
 */
export async function fundSolanaAddress(entry: ManifestChain, address: string, plan: FaucetPlan): Promise<FaucetTransactions> {
  const secret = entry.treasury?.secretKey ? decodeBase58(entry.treasury.secretKey) : undefined;
  if (!secret || secret.length !== 64) throw new AppError('CHAIN_UNAVAILABLE', 'The local world has no mint authority key for SOL.');
  const authority = Keypair.fromSecretKey(secret);
  const owner = new PublicKey(address);
  // A user and password in the URL travel as Basic authorization, as the chain's own transport sends them (the
  // websocket client, ws, sends a URL's user and password so itself).
  const node = requestTarget(entry.rpcUrl);
  const connection = new Connection(node.url, { commitment: 'confirmed', wsEndpoint: entry.wsUrl, httpHeaders: node.headers });

  const native = await connection.requestAirdrop(owner, Number(plan.native));
  await confirm(connection, native);
  if ((await connection.getBalance(authority.publicKey)) < LAMPORTS_PER_SOL) {
    await confirm(connection, await connection.requestAirdrop(authority.publicKey, 10 * LAMPORTS_PER_SOL));
  }

  const transaction = new Transaction();
  for (const token of plan.tokens) {
    const mint = new PublicKey(token.address);
    const account = getAssociatedTokenAddressSync(mint, owner, true);
    transaction.add(
      createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, account, owner, mint),
      createMintToCheckedInstruction(mint, account, authority.publicKey, token.amount, token.decimals),
    );
  }
  if (transaction.instructions.length === 0) return { native, tokens: {} };
  const { blockhash } = await connection.getLatestBlockhash();
  transaction.recentBlockhash = blockhash;
  transaction.feePayer = authority.publicKey;
  transaction.sign(authority);
  const minted = await connection.sendRawTransaction(transaction.serialize());
  await confirm(connection, minted);
  return { native, tokens: Object.fromEntries(plan.tokens.map((token) => [token.address, minted])) };
}

/** Polls the signature status: works with or without a websocket endpoint. */
async function confirm(connection: Connection, signature: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { value } = await connection.getSignatureStatuses([signature]);
    const status = value[0];
    if (status?.err) throw new AppError('RPC_ERROR', `A faucet transaction failed on SOL: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new AppError('RPC_ERROR', `A faucet transaction on SOL was not confirmed in time (${signature}).`);
}
