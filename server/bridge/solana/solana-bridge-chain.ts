/**
 * The bridge on Solana. A deposit is one transaction paid by the trader: a System transfer of the quoted
 * lamports to the depository (the solver's own address) and an SPL Memo carrying the requestId. Finding
 * deposits reads the depository's signature history; the solver's own fills and refunds appear there too
 * (they debit the same address) and are told apart by the direction of the transfer. Fills and refunds are
 * transfers from the solver with the requestId as memo, signed against a fresh blockhash, so a stored payment
 * that did not land before its blockhash expired can provably never land.
 */
import { Keypair, PublicKey, SystemProgram, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { z } from 'zod';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { sleep } from '@/server/chains/poll-until';
import { batchAnswer, requestChecked, rpcRefused } from '@/server/chains/rpc-answers';
import { decodeBase58, isSolanaAddress } from '@/server/chains/solana/address';
import { getBalance } from '@/server/chains/solana/actions/get-balance';
import { getLatestBlockhash } from '@/server/chains/solana/actions/get-latest-blockhash';
import { getMinimumBalanceForRentExemption } from '@/server/chains/solana/actions/get-minimum-balance-for-rent-exemption';
import { getSignatureStatus } from '@/server/chains/solana/actions/get-signature-status';
import { isBlockhashValid } from '@/server/chains/solana/actions/is-blockhash-valid';
import { sendTransaction, TransactionRefusedError } from '@/server/chains/solana/actions/send-transaction';
import { waitForConfirmation } from '@/server/chains/solana/actions/wait-for-confirmation';
import { LAMPORTS_PER_SIGNATURE } from '@/server/chains/solana/programs';
import { classifySolanaError } from '@/server/chains/solana/solana-errors';
import { CHAINS, NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { tradeFailure } from '@/server/trade-failures';
import { readSolanaTokenBalance } from '@/server/chains/solana/solana-token-balance';
import {
  nativeBridgeToken,
  type BridgeAsset,
  type BridgeChain,
  type BridgeToken,
  type DepositRecheck,
  type DepositState,
  type FoundDeposit,
  type PaymentState,
  type ScannedDeposits,
  type SignedPayment,
} from '../bridge-chain';
import { solanaDepth } from '../deposit-depth';
import type { SampledRange } from '../sampled-price-range';
import { MEMO_PROGRAM_ID } from './memo-program';
import { splPaymentInstructions, tokenAccountOf } from './solana-token-deposits';
import { depositOf, depositProblems, landedTransactionSchema, signatureOf, signatureProblem } from './solana-deposits';

/** Lamports the solver keeps beyond its rent-exempt minimum, for the fees of the payments it signs. */
export const SOLVER_FEE_RESERVE = 1_000_000n;
/** getSignaturesForAddress answers at most this many per call; older ones are paged with `before`. */
const SIGNATURE_PAGE = 1_000;
/** Transactions read per scan: a long backlog is worked through oldest first over several scans. */
const MAX_SCANNED_TRANSACTIONS = 200;
const TRANSACTIONS_PER_BATCH = 10;
const POLL_MS = 200;

const signaturesSchema = z.array(z.object({ signature: z.string(), err: z.unknown().nullable() }));

export interface SolanaBridgeChainDeps {
  chain: ConfiguredChain;
  solverSecretKey: string;
  depository: string;
  nativeUsd: () => Promise<number>;
  /** The chain's USD stable: besides SOL, the one token the solver takes and pays on SOL (none: SOL only). */
  stable?: BridgeToken;
  /** Confirmations a deposit needs (SOLANA_FINALIZED_DEPTH: finalized); the chain table's when left out. */
  confirmations?: number;
  /** The assets the solver takes and pays on SOL (SOL itself and the stable, unless BRIDGE_ASSETS_SOL narrows them). */
  assets?: BridgeAsset[];
  /** SOL's USD range, from samples of its spot price (sampled-price-range.ts); the spot price alone when not given. */
  priceRange?: SampledRange;
}

/** What every operation below works with. */
interface SolanaBridgeContext {
  chain: ConfiguredChain;
  rpc: RpcTransport;
  solver: Keypair;
  depository: string;
  stable: BridgeToken | undefined;
  confirmations: number;
}

/** A token account's size: its rent is what paying a wallet without one costs on top of the fee. */
const TOKEN_ACCOUNT_SIZE = 165;

export function createSolanaBridgeChain(deps: SolanaBridgeChainDeps): BridgeChain {
  const secret = decodeBase58(deps.solverSecretKey);
  if (secret?.length !== 64) throw new AppError('INTERNAL', 'The SOL solver key is not the base58 text of a 64-byte secret key.');
  if (!isSolanaAddress(deps.depository)) throw new AppError('INTERNAL', `The SOL depository ${deps.depository} is not a Solana address.`);
  const context: SolanaBridgeContext = {
    chain: deps.chain,
    rpc: deps.chain.rpc,
    solver: Keypair.fromSecretKey(secret),
    depository: deps.depository,
    stable: deps.stable,
    confirmations: deps.confirmations ?? CHAINS.SOL.depositConfirmations,
  };
  return {
    chain: 'SOL',
    confirmations: context.confirmations,
    depository: context.depository,
    solver: context.solver.publicKey.toBase58(),
    nativeUsd: deps.nativeUsd,
    // SOL's price comes from the route source (the local maker, or Jupiter's aggregate): no on-chain history
    // to read, so the range is the spot prices sampled over a recent window.
    nativeUsdRange: deps.priceRange?.range ?? spotOnly(deps.nativeUsd),
    samplePrice: deps.priceRange?.sample,
    // No blocks to compare: read (sampled) again.
    nativeUsdRangeNow: () => (deps.priceRange?.range ?? spotOnly(deps.nativeUsd))(),
    assets: deps.assets ?? defaultAssets(deps.stable),
    router: undefined,
    buildSwapDeposit: () => {
      throw new AppError('INVALID_INPUT', 'tokenIn: on SOL the bridge takes its assets only; swap the token into SOL or the stable first.', {
        field: 'tokenIn',
      });
    },
    inventory: (held) => inventory(context, held),
    ...NO_APPROVALS_OR_SWAPS,
    nativeToken: SOL,
    stable: deps.stable && { address: deps.stable.address, decimals: deps.stable.decimals },
    describeToken: async (address, field) => describeToken(context, address, field),
    tokenInventory: async (token) =>
      token === NATIVE_TOKEN_ADDRESS
        ? inventory(context)
        : (await readSolanaTokenBalance(context.chain, context.solver.publicKey.toBase58(), token, undefined)).balance,
    paymentCost: (to, amount, token) => (token && token !== NATIVE_TOKEN_ADDRESS ? tokenPaymentCost(context, to, token) : paymentCost(context, to, amount)),
    buildDeposit: (input) => buildDeposit(context, input),
    buildTokenDeposit: (input) => buildTokenDeposit(context, input),
    checkSignedDeposit: (signed, expected) => checkSignedDeposit(context, signed, expected),
    // Sent, then confirmed by settlePayment: a blockhash's validity bounds it, not a block.
    sendPayment: async (payment) => {
      await send(context, payment.raw, { expiredIsRefusal: true });
      return undefined;
    },
    broadcast: async (signed) => {
      await send(context, signed, { expiredIsRefusal: true });
    },
    waitForDeposit: async (signature, timeoutMs, signed) => {
      if (signed) await send(context, signed, { expiredIsRefusal: true });
      return waitForDeposit(context, signature, timeoutMs);
    },
    recheckDeposit: (signature) => recheckDeposit(context, signature),
    scanDeposits: (cursor) => scanDeposits(context, cursor),
    signPayment: (input) => signPayment(context, input),
    settlePayment: (payment, timeoutMs, options) => settlePayment(context, payment, timeoutMs, options?.justSent ?? false),
  };
}

const SOL = nativeBridgeToken('SOL');

/** The spot price as a range of one point. */
const spotOnly = (nativeUsd: () => Promise<number>) => async () => {
  const spot = await nativeUsd();
  return { spot, low: spot, high: spot };
};

function defaultAssets(stable: BridgeToken | undefined): BridgeAsset[] {
  return [
    { address: NATIVE_TOKEN_ADDRESS, decimals: SOL.decimals, kind: 'native' },
    ...(stable ? [{ address: stable.address, decimals: stable.decimals, kind: 'stable' as const }] : []),
  ];
}

/** SOL and the stable are taken and paid from inventory; no other SPL token (no swap on SOL for the solver yet). */
function describeToken(context: SolanaBridgeContext, address: string, field: string): BridgeToken {
  if (address === NATIVE_TOKEN_ADDRESS) return SOL;
  if (context.stable && address === context.stable.address) return context.stable;
  throw new AppError(
    'INVALID_INPUT',
    `${field}: on SOL the bridge takes and pays SOL${context.stable ? ` and ${context.stable.symbol} (${context.stable.address})` : ''} only, not ${address}.`,
    { field },
  );
}

const noApproval = () => new AppError('TX_MISMATCH', 'approve: Solana deposits need no approval. Leave approve out.', { field: 'approve' });
/** Only the EVM chains swap for the solver (a destination swap, the sale of a deposit): describeToken never lets one reach here. */
const noSolverSwap = () => new AppError('INVALID_INPUT', 'tokenOut: the solver does not swap on SOL.', { field: 'tokenOut' });

const NO_APPROVALS_OR_SWAPS: Pick<BridgeChain, 'gasPrice' | 'checkSignedApproval' | 'allowanceCovers' | 'sendApproval' | 'signPrepared' | 'receivedBy'> = {
  // Solana charges per signature (paymentCost), not per unit of gas.
  gasPrice: async () => 0n,
  checkSignedApproval: async () => {
    throw noApproval();
  },
  allowanceCovers: async () => true,
  sendApproval: async () => {
    throw noApproval();
  },
  signPrepared: async () => {
    throw noSolverSwap();
  },
  receivedBy: async () => {
    throw noSolverSwap();
  },
};

async function withBlockhash(context: SolanaBridgeContext, payer: PublicKey, instructions: TransactionInstruction[]): Promise<VersionedTransaction> {
  return new VersionedTransaction(
    new TransactionMessage({
      payerKey: payer,
      recentBlockhash: (await getLatestBlockhash(context.rpc)).blockhash,
      instructions,
    }).compileToV0Message(),
  );
}

async function buildTokenDeposit(context: SolanaBridgeContext, input: { trader: string; amount: bigint; requestId: string; token: string }) {
  const { decimals } = describeToken(context, input.token, 'tokenIn');
  const trader = new PublicKey(input.trader);
  const transaction = await withBlockhash(
    context,
    trader,
    splPaymentInstructions({
      payer: trader,
      from: trader,
      to: context.solver.publicKey,
      mint: input.token,
      decimals,
      amount: input.amount,
      memo: input.requestId,
    }),
  );
  return { deposit: Buffer.from(transaction.serialize()).toString('base64') };
}

/** The signature, and the rent of the recipient's token account when it has none yet (the solver opens it). */
async function tokenPaymentCost(context: SolanaBridgeContext, to: string, token: string): Promise<bigint> {
  const [held, rent] = await Promise.all([
    getBalance(context.rpc, tokenAccountOf(token, to)),
    getMinimumBalanceForRentExemption(context.rpc, TOKEN_ACCOUNT_SIZE),
  ]);
  return LAMPORTS_PER_SIGNATURE + (held === 0n ? rent : 0n);
}

function transferWithMemo(
  context: SolanaBridgeContext,
  input: { from: PublicKey; to: PublicKey; amount: bigint; requestId: string },
): Promise<VersionedTransaction> {
  return withBlockhash(context, input.from, [
    SystemProgram.transfer({ fromPubkey: input.from, toPubkey: input.to, lamports: input.amount }),
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(input.requestId, 'utf8') }),
  ]);
}

const transactionRequest = (signature: string) => ({
  method: 'getTransaction',
  params: [signature, { encoding: 'base64', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }],
});

/**
 * Sends a signed transaction with preflight; one the chain already processed is not an error. A blockhash the
 * chain no longer knows is a refusal for a new deposit, and for a stored payment the sign that it never landed.
 */
async function send(context: SolanaBridgeContext, raw: string, options: { expiredIsRefusal: boolean }): Promise<'sent' | 'expired'> {
  try {
    await sendTransaction(context.rpc, raw, { preflight: true });
    return 'sent';
  } catch (error) {
    if (!(error instanceof TransactionRefusedError)) throw error;
    const refusal = error.transactionError;
    if (refusal === 'BlockhashNotFound' && !options.expiredIsRefusal) return 'expired';
    if (refusal === undefined) throw rpcRefused('SOL', 'sendTransaction', error.rpcError);
    const failure = classifySolanaError(refusal, VersionedTransaction.deserialize(Buffer.from(raw, 'base64')).message);
    throw tradeFailure(failure.code, failure.reason, 'trade');
  }
}

/** Signatures newer than `until` (all of them when undefined), newest first, paged back with `before`. */
async function signaturesSince(context: SolanaBridgeContext, until: string | undefined) {
  const found: z.infer<typeof signaturesSchema> = [];
  for (;;) {
    const before = found.at(-1)?.signature;
    const page = await requestChecked(
      context.rpc,
      'getSignaturesForAddress',
      [
        context.depository,
        {
          limit: SIGNATURE_PAGE,
          commitment: 'finalized',
          ...(until ? { until } : {}),
          ...(before ? { before } : {}),
        },
      ],
      signaturesSchema,
    );
    found.push(...page);
    if (page.length < SIGNATURE_PAGE) return found;
  }
}

async function inventory(context: SolanaBridgeContext, held?: bigint): Promise<bigint> {
  const [balance, rent] = await Promise.all([
    held ?? getBalance(context.rpc, context.solver.publicKey.toBase58()),
    getMinimumBalanceForRentExemption(context.rpc, 0),
  ]);
  const spendable = balance - rent - SOLVER_FEE_RESERVE;
  return spendable > 0n ? spendable : 0n;
}

async function paymentCost(context: SolanaBridgeContext, to: string, amount: bigint): Promise<bigint> {
  const [balance, rent] = await Promise.all([getBalance(context.rpc, to), getMinimumBalanceForRentExemption(context.rpc, 0)]);
  // The chain refuses a transfer that would leave a new account below the rent-exempt minimum.
  if (balance === 0n && amount < rent) {
    throw new AppError(
      'INVALID_INPUT',
      `amount: ${to} has no SOL account yet, and ${amount} lamports would not make it rent-exempt (${rent} lamports at least). Send at least that much, or fund the account first.`,
      { field: 'amount' },
    );
  }
  return LAMPORTS_PER_SIGNATURE;
}

async function buildDeposit(
  context: SolanaBridgeContext,
  { trader, amount, requestId }: { trader: string; amount: bigint; requestId: string },
): Promise<string> {
  const transaction = await transferWithMemo(context, { from: new PublicKey(trader), to: new PublicKey(context.depository), amount, requestId });
  return Buffer.from(transaction.serialize()).toString('base64');
}

async function checkSignedDeposit(
  context: SolanaBridgeContext,
  signed: string,
  expected: { trader: string; amount: bigint; requestId: string; token?: string },
): Promise<{ txHash: string }> {
  let transaction: VersionedTransaction;
  try {
    transaction = VersionedTransaction.deserialize(Buffer.from(signed, 'base64'));
  } catch {
    throw new AppError('INVALID_SIGNATURE', 'trade: not a serialized Solana transaction. Sign the quoted deposit unchanged and send it as base64.', {
      field: 'trade',
    });
  }
  const problems = depositProblems(transaction, expected, context.depository);
  if (problems.length > 0) {
    throw new AppError('TX_MISMATCH', `trade: the deposit does not match the quote: ${problems.join('; ')}. Sign the quoted deposit unchanged.`, {
      field: 'trade',
    });
  }
  const problem = await signatureProblem(transaction);
  if (problem) throw new AppError('INVALID_SIGNATURE', `trade: ${problem}`, { field: 'trade' });
  return { txHash: signatureOf(transaction) };
}

/** The landed deposit, read at `confirmed` (a node may report the status a moment before it serves the transaction). */
async function landedDeposit(context: SolanaBridgeContext, signature: string): Promise<FoundDeposit | 'unread' | undefined> {
  const { params } = transactionRequest(signature);
  const transaction = await requestChecked(context.rpc, 'getTransaction', params, landedTransactionSchema);
  return transaction ? depositOf(signature, transaction, context.depository) : 'unread';
}

async function waitForDeposit(context: SolanaBridgeContext, signature: string, timeoutMs: number): Promise<DepositState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const landed = await waitForConfirmation(context.rpc, signature, { timeoutMs: deadline - Date.now() });
    if (landed.state !== 'confirmed') return { state: 'pending' };
    if (landed.err !== null) return { state: 'reverted' };
    const deposit = await landedDeposit(context, signature);
    if (deposit !== 'unread') {
      if (!deposit) return { state: 'reverted' };
      // Its depth as the status just read tells it: on a node that finalizes at once, final without another read.
      return { state: 'confirmed', deposit, ...solanaDepth(landed.status, context.confirmations) };
    }
    if (Date.now() > deadline) return { state: 'pending' };
    await sleep(POLL_MS);
  }
}

/** Its status again (with the history, so a finalized one is always found), and at depth the transaction itself. */
async function recheckDeposit(context: SolanaBridgeContext, signature: string): Promise<DepositRecheck> {
  const status = await getSignatureStatus(context.rpc, signature);
  // Unknown to the cluster now, or failed: the fork that had it was abandoned (or it never paid).
  if (!status || status.err !== null) return { state: 'gone' };
  const { depth, final } = solanaDepth(status, context.confirmations);
  if (!final) return { state: 'below', depth };
  const deposit = await landedDeposit(context, signature);
  if (deposit === 'unread') return { state: 'below', depth };
  return deposit ? { state: 'final', deposit, depth } : { state: 'gone' };
}

/**
 * Finalized history only: a cursor on a fork that was abandoned would never be found again as `until`, and a
 * finalized deposit is final at any depth, so the scan reports no deposit as merely seen.
 */
async function scanDeposits(context: SolanaBridgeContext, cursor: string | undefined): Promise<ScannedDeposits> {
  if (cursor === undefined) {
    const [newest] = await requestChecked(
      context.rpc,
      'getSignaturesForAddress',
      [context.depository, { limit: 1, commitment: 'finalized' }],
      signaturesSchema,
    );
    return { deposits: [], cursor: newest?.signature ?? '' };
  }
  // An empty cursor: the depository had no history when scanning began, so all of it is new.
  const newer = (await signaturesSince(context, cursor || undefined)).reverse().slice(0, MAX_SCANNED_TRANSACTIONS);
  const deposits: FoundDeposit[] = [];
  let reached = cursor;
  for (let start = 0; start < newer.length; start += TRANSACTIONS_PER_BATCH) {
    const chunk = newer.slice(start, start + TRANSACTIONS_PER_BATCH);
    const succeeded = chunk.filter((entry) => entry.err === null);
    const answers = await context.rpc.requestBatch(succeeded.map((entry) => transactionRequest(entry.signature)));
    const landed = new Map(succeeded.map((entry, index) => [entry.signature, batchAnswer('SOL', 'getTransaction', landedTransactionSchema, answers[index])]));
    for (const entry of chunk) {
      if (entry.err === null) {
        const transaction = landed.get(entry.signature);
        // Not served yet: stop before it, so the next scan reads it rather than skipping it.
        if (!transaction) return { deposits, cursor: reached };
        const deposit = depositOf(entry.signature, transaction, context.depository);
        if (deposit) deposits.push(deposit);
      }
      reached = entry.signature;
    }
  }
  return { deposits, cursor: reached };
}

async function signPayment(
  context: SolanaBridgeContext,
  { to, amount, requestId, token }: { to: string; amount: bigint; requestId: string; token?: string },
): Promise<SignedPayment> {
  const solver = context.solver.publicKey;
  const transaction =
    token && token !== NATIVE_TOKEN_ADDRESS
      ? await withBlockhash(
          context,
          solver,
          splPaymentInstructions({
            payer: solver,
            from: solver,
            to: new PublicKey(to),
            mint: token,
            decimals: describeToken(context, token, 'token').decimals,
            amount,
            memo: requestId,
          }),
        )
      : await transferWithMemo(context, { from: solver, to: new PublicKey(to), amount, requestId });
  transaction.sign([context.solver]);
  return { txHash: signatureOf(transaction), raw: Buffer.from(transaction.serialize()).toString('base64') };
}

async function settlePayment(context: SolanaBridgeContext, payment: SignedPayment, timeoutMs: number, justSent: boolean): Promise<PaymentState> {
  const { rpc } = context;
  if (!justSent) {
    const known = await getSignatureStatus(rpc, payment.txHash);
    if (known?.confirmed) return known.err !== null ? 'reverted' : 'confirmed';
    if (!known) await send(context, payment.raw, { expiredIsRefusal: false });
  }
  const blockhash = VersionedTransaction.deserialize(Buffer.from(payment.raw, 'base64')).message.recentBlockhash;
  const landed = await waitForConfirmation(rpc, payment.txHash, {
    timeoutMs,
    // Only a transaction the chain never saw, whose blockhash is past, can never land.
    expired: async (seen) => !seen && !(await isBlockhashValid(rpc, blockhash)) && !(await getSignatureStatus(rpc, payment.txHash)),
  });
  if (landed.state === 'confirmed') return landed.err !== null ? 'reverted' : 'confirmed';
  return landed.state === 'expired' ? 'dropped' : 'pending';
}
