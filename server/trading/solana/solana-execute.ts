/**
 * Solana execute: the signed transaction must carry exactly the quoted message and the trader's valid
 * signature; the maker (when the route is its own) takes a last look at its inventory and co-signs; the
 * transaction is simulated unless told not to, sent, and confirmed within its blockhash's life. Spent and
 * received come from the trader's balances before and after. One trade row per signature makes a
 * re-submission return the first answer.
 */
import { createPublicKey, verify } from 'node:crypto';
import { getAddressEncoder, type Transaction } from '@solana/kit';
import { formatUnits } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { requestChecked } from '@/server/chains/rpc-answers';
import { getBlockHeight } from '@/server/chains/solana/actions/get-block-height';
import { getSignatureStatus } from '@/server/chains/solana/actions/get-signature-status';
import { sendTransaction, TransactionRefusedError } from '@/server/chains/solana/actions/send-transaction';
import { waitForConfirmation } from '@/server/chains/solana/actions/wait-for-confirmation';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { readTransaction, signatureOf, wireTransaction, type CompiledMessage } from '@/server/chains/solana/transactions';
import { findAppError } from '@/server/errors';
import type { Logger } from '@/server/observability/logger';
import type { BalanceReader } from '@/server/balances/balance-reader';
import type { TradeRepository, TradeRow } from '@/server/store/trade-repository';
import { makerAmountOut } from '@/server/venues/solana/maker';
import { SOL_SENTINEL, WRAPPED_SOL_MINT } from '@/server/venues/solana/route-source';
import type { QuoteClaims } from '../quote-id';
import { tradeFailure } from '@/server/trade-failures';
import { outcomeOf, pendingOutcome, tradeRow, waitForSettled, type TradeOutcome } from '../trade-outcome';
import type { SolanaTrading } from '@/server/venues/solana/solana-market';
import { messageHash } from './solana-quote';

export interface SolanaExecuteDeps {
  chain: ConfiguredChain;
  trading: SolanaTrading;
  balances: BalanceReader;
  trades: TradeRepository;
  logger: Logger;
  confirmTimeoutMs?: number;
}

export interface SolanaExecuteRequest {
  owner: string;
  claims: QuoteClaims;
  /** base64 of the signed VersionedTransaction. */
  trade: string;
  simulation: boolean;
}

const DEFAULT_CONFIRM_TIMEOUT_MS = 60_000;
// SPKI prefix of a raw Ed25519 public key, so node:crypto can verify Solana signatures.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const simulationSchema = z.object({ value: z.object({ err: z.unknown().nullable() }) });
const tokenBalance = z.object({ accountIndex: z.number(), mint: z.string(), owner: z.string().optional(), uiTokenAmount: z.object({ amount: z.string() }) });
const transactionSchema = z
  .object({
    meta: z
      .object({
        fee: z.number(),
        err: z.unknown().nullable(),
        preBalances: z.array(z.number()),
        postBalances: z.array(z.number()),
        preTokenBalances: z.array(tokenBalance).nullable().optional(),
        postTokenBalances: z.array(tokenBalance).nullable().optional(),
      })
      .nullable(),
  })
  .nullable();

export async function executeSolanaTrade(deps: SolanaExecuteDeps, request: SolanaExecuteRequest): Promise<TradeOutcome> {
  const { claims } = request;
  const { transaction: signed, message } = readSignedTransaction(request.trade, claims);
  let transaction = signed;
  // The transaction id is its first signature: the trader's, as fee payer.
  const signature = signatureOf(transaction);

  const existing = await deps.trades.findByTxHash(signature);
  if (existing) return outcomeOf(await awaitSettled(deps, existing, claims), claims);

  let raw: string;
  try {
    await lastLook(deps, claims);
    // The maker co-signs only where the message names it as a signer (its own route).
    if (deps.trading.maker && deps.trading.maker.address in transaction.signatures) transaction = await deps.trading.maker.sign(transaction);
    await checkInputBalance(deps, claims);
    raw = wireTransaction(transaction);
    if (request.simulation) await preflight(deps, raw, message);
  } catch (error) {
    // The same transaction submitted twice at once: the other request sent it while this one checked.
    const raced = await deps.trades.findByTxHash(signature);
    if (raced) return outcomeOf(await awaitSettled(deps, raced, claims), claims);
    throw error;
  }

  const row = await deps.trades.insertPending(tradeRow(deps.chain, request, signature));
  if (!row) return outcomeOf(await awaitSettled(deps, (await deps.trades.findByTxHash(signature))!, claims), claims);
  try {
    // Simulated already (unless the request said not to): sent once, as is.
    await sendTransaction(deps.chain.rpc, raw, { preflight: false });
  } catch (error) {
    const failure = error instanceof TransactionRefusedError ? classifySolanaError(error.transactionError ?? error.message, message) : undefined;
    await deps.trades.settle(row.id, { status: 'FAILED', parsedError: failure?.code ?? 'RPC_UNAVAILABLE' });
    throw failure ? tradeFailure(failure.code, failure.reason) : error;
  }
  try {
    return await confirm(deps, row, claims);
  } catch (error) {
    if (findAppError(error)?.code === 'TIMEOUT') {
      return { ...pendingOutcome(deps.chain, signature, claims), parsedError: 'TIMEOUT', error: tradeFailure('TIMEOUT').message };
    }
    throw error;
  }
}

/** The signed transaction must be the quoted message, signed by the trader (its fee payer). */
function readSignedTransaction(base64: string, claims: QuoteClaims): { transaction: Transaction; message: CompiledMessage } {
  let read: ReturnType<typeof readTransaction>;
  try {
    read = readTransaction(base64);
  } catch {
    throw tradeFailure('INVALID_SIGNATURE', 'trade is not a serialized Solana transaction', 'trade');
  }
  const { transaction, message } = read;
  const bytes = Uint8Array.from(transaction.messageBytes);
  if (messageHash(bytes) !== claims.txs.find((entry) => entry.role === 'trade')?.hash) {
    throw tradeFailure('TX_MISMATCH', 'the transaction message differs from the quoted one', 'trade');
  }
  const payer = message.staticAccounts[0];
  if (!payer || payer !== claims.trader || !(payer in transaction.signatures)) {
    throw tradeFailure('TX_MISMATCH', 'the fee payer is not the quoted trader', 'trade');
  }
  // An all-zero signature reads as null: the slot is there, unsigned.
  const userSignature = transaction.signatures[payer];
  if (!userSignature) throw tradeFailure('INVALID_SIGNATURE', 'the trader has not signed the transaction', 'trade');
  const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Uint8Array.from(getAddressEncoder().encode(payer))]), format: 'der', type: 'spki' });
  if (!verify(null, bytes, key, Uint8Array.from(userSignature))) {
    throw tradeFailure('INVALID_SIGNATURE', "the signature does not verify against the trader's key", 'trade');
  }
  return { transaction, message };
}

/** The maker honours its quote while its inventory has not moved beyond the quote's slippage. */
async function lastLook(deps: SolanaExecuteDeps, claims: QuoteClaims): Promise<void> {
  const quoted = claims.solana;
  if (!quoted || quoted.venue !== 'MAKER' || !deps.trading.maker || !('inventory' in deps.trading.source)) return;
  const source = deps.trading.source as { inventory(leg: { inputMint: string; outputMint: string }): Promise<{ reserveIn: bigint; reserveOut: bigint }> };
  const mint = (token: string) => (token === SOL_SENTINEL ? WRAPPED_SOL_MINT : token);
  const now = makerAmountOut(BigInt(quoted.venueAmountIn), await source.inventory({ inputMint: mint(claims.tokenIn), outputMint: mint(claims.tokenOut) }));
  const floor = (BigInt(quoted.venueAmountOut) * BigInt(10_000 - quoted.slippageBps)) / 10_000n;
  if (now < floor) {
    throw tradeFailure('SLIPPAGE_EXCEEDED', `the maker's price moved: ${quoted.venueAmountOut} quoted, ${now} now`);
  }
}

async function checkInputBalance(deps: SolanaExecuteDeps, claims: QuoteClaims): Promise<void> {
  const token = claims.tokenIn === SOL_SENTINEL ? undefined : claims.tokenIn;
  const { balance } = await deps.balances.read('SOL', claims.trader, token);
  if (balance < BigInt(claims.amountIn)) {
    throw tradeFailure(
      'INSUFFICIENT_BALANCE',
      `the wallet holds ${formatUnits(balance, claims.decimalsIn)}, the trade spends ${formatUnits(BigInt(claims.amountIn), claims.decimalsIn)}`,
      'trade',
    );
  }
}

async function preflight(deps: SolanaExecuteDeps, raw: string, message: CompiledMessage): Promise<void> {
  const { value } = await requestChecked(
    deps.chain.rpc,
    'simulateTransaction',
    [raw, { encoding: 'base64', sigVerify: true, commitment: 'confirmed' }],
    simulationSchema,
  );
  if (value.err) {
    const failure = classifySolanaError(value.err, message);
    throw tradeFailure(failure.code, failure.reason);
  }
}

async function confirmedStatus(deps: SolanaExecuteDeps, signature: string) {
  const status = await getSignatureStatus(deps.chain.rpc, signature);
  return status?.confirmed ? status : undefined;
}

/** Confirmed within the blockhash's life, or FAILED once the chain is past it without the transaction. */
async function confirm(deps: SolanaExecuteDeps, row: TradeRow, claims: QuoteClaims): Promise<TradeOutcome> {
  const { rpc } = deps.chain;
  const lastValid = claims.solana?.lastValidBlockHeight;
  const landed = await waitForConfirmation(rpc, row.tx_hash, {
    timeoutMs: deps.confirmTimeoutMs ?? DEFAULT_CONFIRM_TIMEOUT_MS,
    expired: async () => lastValid !== undefined && (await getBlockHeight(rpc)) > lastValid && !(await confirmedStatus(deps, row.tx_hash)),
  });
  if (landed.state === 'confirmed') return settle(deps, row, claims, landed.err);
  if (landed.state === 'expired') {
    const settled = await deps.trades.settle(row.id, { status: 'FAILED', parsedError: 'QUOTE_EXPIRED' });
    return outcomeOf(settled ?? row, claims, 'The blockhash expired before the transaction landed; nothing was spent. Get a fresh quote.');
  }
  throw tradeFailure('TIMEOUT', `no confirmation for ${row.tx_hash} yet`);
}

async function settle(deps: SolanaExecuteDeps, row: TradeRow, claims: QuoteClaims | undefined, err: unknown): Promise<TradeOutcome> {
  const outcomeClaims = claims ?? { trader: row.wallet, tokenIn: row.token_in, tokenOut: row.token_out, chain: row.chain };
  if (err) {
    const failure = classifySolanaError(err);
    const settled = await deps.trades.settle(row.id, { status: 'FAILED', parsedError: failure.code === 'SIMULATION_FAILED' ? 'REVERTED' : failure.code });
    return outcomeOf(settled ?? (await deps.trades.findByTxHash(row.tx_hash))!, outcomeClaims);
  }
  const moved = await balanceChanges(deps, row, claims);
  const settled = await deps.trades.settle(row.id, { status: 'SUCCESS', ...moved });
  return outcomeOf(settled ?? (await deps.trades.findByTxHash(row.tx_hash))!, outcomeClaims);
}

/** Spent and received from the trader's balances before and after (SOL net of the network fee). */
async function balanceChanges(deps: SolanaExecuteDeps, row: TradeRow, claims: QuoteClaims | undefined) {
  const tx = await requestChecked(
    deps.chain.rpc,
    'getTransaction',
    [row.tx_hash, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }],
    transactionSchema,
  );
  const meta = tx?.meta;
  if (!meta) return {};
  const trader = row.wallet;
  const decimalsIn = claims?.decimalsIn ?? 9;
  const decimalsOut = claims?.decimalsOut ?? 9;
  const change = (token: string): bigint => {
    if (token === SOL_SENTINEL) {
      // The trader is the fee payer, account 0.
      return BigInt(meta.postBalances[0]! - meta.preBalances[0]! + meta.fee);
    }
    const sum = (list: z.infer<typeof tokenBalance>[] | null | undefined) =>
      (list ?? []).filter((entry) => entry.mint === token && entry.owner === trader).reduce((total, entry) => total + BigInt(entry.uiTokenAmount.amount), 0n);
    return sum(meta.postTokenBalances) - sum(meta.preTokenBalances);
  };
  const spent = -change(row.token_in);
  const received = change(row.token_out);
  return { amountOut: received.toString(), spent: formatUnits(spent, decimalsIn), received: formatUnits(received, decimalsOut) };
}

/** Solana trade rows are never taken back (they are inserted after the checks), so the row is there to the end. */
async function awaitSettled(deps: SolanaExecuteDeps, row: TradeRow, claims: QuoteClaims): Promise<TradeRow> {
  const settled = await waitForSettled(deps.trades, row, async (current) => {
    const status = await confirmedStatus(deps, current.tx_hash);
    if (!status) return false;
    await settle(deps, current, claims, status.err);
    return true;
  });
  return settled ?? row;
}
