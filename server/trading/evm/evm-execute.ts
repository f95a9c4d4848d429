/**
 * EVM execute and track. Execute: check every signed transaction against its quote (hash of the unsigned
 * payload, signer, nonce still current), simulate unless told not to, broadcast in the quoted order, wait
 * for the receipt and read spent/received from the Router's Swapped event. The trade row (unique per
 * transaction hash) makes a re-submission return the first outcome without a second broadcast.
 */
import { type Address, type Hex } from 'viem';
import { getTransaction } from '@/server/chains/evm/actions/get-transaction';
import { getTransactionReceipt } from '@/server/chains/evm/actions/get-transaction-receipt';
import { sendAndWaitForReceipt } from '@/server/chains/evm/actions/send-and-wait';
import { sendRawTransaction } from '@/server/chains/evm/actions/send-raw-transaction';
import { waitForReceipt } from '@/server/chains/evm/actions/wait-for-receipt';
import type { EvmReceipt } from '@/server/chains/evm/evm-schemas';
import { callHash, type SignedTxPayload } from '@/server/chains/evm/evm-transactions';
import { TransactionRefusedError } from '@/server/chains/evm/send-refusals';
import type { RpcTransport } from '@/server/chains/json-rpc';
import { pollUntil } from '@/server/chains/poll-until';
import { findAppError } from '@/server/errors';
import type { TradeRow } from '@/server/store/trade-repository';
import type { QuoteClaims } from '../quote-id';
import type { EvmExecuteDeps, EvmExecuteRequest } from './evm-execute-types';
import { readExecuteState, type ExecuteCheckInput, type ExecuteState } from './execute-checks';
import { settleFromReceipt } from './settle-from-receipt';
import { checkSigners, matchQuotedTransactions, tradeIndex, type SignedEntry } from './signed-entries';
import { isTradeFailureCode, tradeFailure } from '@/server/trade-failures';
import { explorerUrl, outcomeOf, pendingOutcome, tradeRow, waitForSettled, type TradeOutcome } from '../trade-outcome';

const DEFAULT_RECEIPT_TIMEOUT_MS = 60_000;

/** How often execute starts over when the row it waited on went (its inserter was refused) but its own checks passed. */
const MAX_RESTARTS = 2;

export async function executeEvmTrade(deps: EvmExecuteDeps, request: EvmExecuteRequest, restarts = 0): Promise<TradeOutcome> {
  const { claims } = request;
  const signed = matchQuotedTransactions(request);
  const trade = signed.find((entry) => entry.role === 'trade')!.tx;

  const tradeAt = tradeIndex(signed);
  const before = signed.filter((entry) => entry.index < tradeAt);
  const after = signed.filter((entry) => entry.index > tradeAt);

  // The trade's row is inserted while the chain answers the checks: the row is unique per transaction hash,
  // so a submission seen before is found by the insert, and first submissions spend no read of the store.
  const [state, inserted] = await checksBesideInsert(deps, request, { signed, before, trade });
  const early = await checkBeforeSending(deps, request, state, trade, inserted);
  if (early) return early;

  const row = inserted;
  if (!row) {
    const existing = await deps.trades.findByTxHash(trade.txHash);
    // The request that inserted it was refused by its checks meanwhile: this one passed its own, so it goes on.
    if (!existing) return startOver(deps, request, restarts, trade);
    // A row left PENDING by an instance that died (or lost its RPC) between recording and sending: the
    // chain never saw the trade, and this request holds the same signed transactions, so it sends them.
    if (existing.status === 'PENDING') await resendUnseen(deps, request, before, trade);
    const settled = await awaitSettled(deps, existing);
    return settled ? outcomeOf(settled, claims) : startOver(deps, request, restarts, trade);
  }

  try {
    // SELL: the approval (after a reset, if the token needs one) is confirmed first; its failure fails the request.
    for (const entry of before) {
      const approval = await broadcastAndWait(deps, request, entry.tx);
      if (approval.status !== 'success') {
        const settled = await deps.trades.settle(row.id, { status: 'FAILED', parsedError: 'REVERTED' });
        // The answer points at the transaction that failed; the trade itself was never sent.
        return {
          ...outcomeOf(settled ?? row, claims, `The ${entry.role} transaction reverted, so the trade was not sent.`),
          txHash: entry.tx.txHash,
          explorerUrl: explorerUrl(deps.chain, entry.tx.txHash),
        };
      }
    }
    const receipt = await broadcastAndWait(deps, request, trade);
    const outcome = await settleFromReceipt(deps, row, claims, receipt, trade);
    for (const entry of after) {
      if (outcome.status !== 'SUCCESS') break;
      await deps.trades.enqueueBackgroundTx({
        chain: deps.chain.info.id,
        wallet: claims.trader,
        txHash: entry.tx.txHash,
        rawTx: entry.tx.raw,
        purpose: 'approve-after-buy',
      });
      deps.kickBackground();
    }
    return outcome;
  } catch (error) {
    const appError = findAppError(error);
    if (appError?.code === 'TIMEOUT') {
      // The trade stays PENDING: a re-submission or track picks the receipt up later.
      return { ...pendingOutcome(deps.chain, trade.txHash, claims), parsedError: 'TIMEOUT', error: appError.message };
    }
    if (appError && isTradeFailureCode(appError.code) && appError.code !== 'RPC_UNAVAILABLE') {
      // Refused at broadcast: nothing was sent, so the row goes and the error is the answer.
      await deps.trades.settle(row.id, { status: 'FAILED', parsedError: appError.code });
    }
    throw error;
  }
}

function startOver(deps: EvmExecuteDeps, request: EvmExecuteRequest, restarts: number, trade: SignedTxPayload): Promise<TradeOutcome> {
  if (restarts >= MAX_RESTARTS) {
    return Promise.resolve({
      ...pendingOutcome(deps.chain, trade.txHash, request.claims),
      parsedError: 'TIMEOUT',
      error: 'The trade is being checked by another request; track it for the outcome.',
    });
  }
  return executeEvmTrade(deps, request, restarts + 1);
}

/**
 * What execute checks before it sends (read in one batch): an outcome when there is nothing to send (the trade
 * is mined already, or a concurrent request with it sent it), undefined to go on; a failed check throws.
 */
function checkInput(request: EvmExecuteRequest, before: SignedEntry[], trade: SignedTxPayload): ExecuteCheckInput {
  return {
    claims: request.claims,
    trade,
    first: before[0]?.tx ?? trade,
    sentNow: [...before.map((entry) => entry.tx), trade],
    approveFirst: before.find((entry) => entry.role === 'approve')?.tx,
    preTrade: before.find((entry) => entry.role === 'pretrade')?.tx,
    simulation: request.simulation,
  };
}

/**
 * The checks' batch, the signers and the trade's insert, side by side: the batch (read-only) goes out first,
 * and the signers are recovered and the row inserted while the node answers. A wrong signer stores nothing;
 * a batch that fails takes back the row it came with.
 */
async function checksBesideInsert(
  deps: EvmExecuteDeps,
  request: EvmExecuteRequest,
  { signed, before, trade }: { signed: SignedEntry[]; before: SignedEntry[]; trade: SignedTxPayload },
): Promise<[ExecuteState, TradeRow | undefined]> {
  const state = readExecuteState(deps.chain, checkInput(request, before, trade));
  // One turn of the event loop lets the batch reach its socket before the recovery and the store take the thread.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    checkSigners(signed, request.claims.trader);
  } catch (error) {
    state.catch(() => undefined);
    throw error;
  }
  const inserted = await deps.trades.insertPending(tradeRow(deps.chain, request, trade.txHash));
  try {
    return [await state, inserted];
  } catch (error) {
    if (inserted) await deps.trades.discardPending(inserted.id);
    throw error;
  }
}

async function checkBeforeSending(
  deps: EvmExecuteDeps,
  request: EvmExecuteRequest,
  state: ExecuteState,
  trade: SignedTxPayload,
  inserted: TradeRow | undefined,
): Promise<TradeOutcome | undefined> {
  const { claims } = request;
  if (state.onChain) {
    // Already mined (sent by someone else, or by a previous instance before it could record it).
    const row = inserted ?? (await deps.trades.findByTxHash(trade.txHash));
    if (row) return settleFromReceipt(deps, row, claims, state.onChain, trade);
    return settleFromReceipt(deps, (await deps.trades.insertPending(tradeRow(deps.chain, request, trade.txHash)))!, claims, state.onChain, trade);
  }
  try {
    await state.check();
    return undefined;
  } catch (error) {
    // Refused: nothing is sent, and the row this request inserted goes, so a later submission is checked anew.
    if (inserted) {
      await deps.trades.discardPending(inserted.id);
      throw error;
    }
    // The same transaction submitted twice at once: the other request sent it while this one checked.
    const raced = await deps.trades.findByTxHash(trade.txHash);
    if (raced) {
      const settled = await awaitSettled(deps, raced);
      // The other request was refused too and took its row back: this refusal is the answer.
      if (settled) return outcomeOf(settled, claims);
    }
    throw error;
  }
}

/**
 * Track: a trade the wallet broadcast itself (MetaMask signs only by sending). The transaction must come
 * from the quoted trader and carry the quoted call (to, value, data); gas fields may differ.
 */
export async function trackEvmTrade(deps: EvmExecuteDeps, request: { owner: string; claims: QuoteClaims; txHash: Hex }): Promise<TradeOutcome> {
  const { claims } = request;
  const existing = await deps.trades.findByTxHash(request.txHash);
  const settled = existing && (await awaitSettled(deps, existing));
  if (settled) return outcomeOf(settled, claims);
  const tx = await seenTransaction(deps, request.txHash);
  const quoted = claims.txs.find((entry) => entry.role === 'trade');
  if (!quoted?.call || tx.from.toLowerCase() !== claims.trader.toLowerCase() || callHash(tx.to as Address, tx.value, tx.input) !== quoted.call) {
    throw tradeFailure('TX_MISMATCH', 'the transaction is not the quoted trade from the quoted trader', 'txHash');
  }
  const signedLike: SignedTxPayload = {
    txHash: request.txHash,
    unsignedHash: quoted.hash as Hex,
    chainId: deps.chain.info.chainId,
    nonce: tx.nonce,
    to: tx.to as Address,
    value: tx.value,
    data: tx.input,
    raw: '0x',
    maxCost: 0n,
  };
  const row =
    (await deps.trades.insertPending(tradeRow(deps.chain, { owner: request.owner, claims }, signedLike.txHash))) ??
    (await deps.trades.findByTxHash(request.txHash))!;
  if (row.status !== 'PENDING') return outcomeOf(row, claims);
  const receipt = await minedReceipt(deps, request.txHash);
  return settleFromReceipt(deps, row, claims, receipt, signedLike);
}

/** The private (MEV-protected) RPC the request asks for, where the chain has one. */
function privateRpc(deps: EvmExecuteDeps, request: EvmExecuteRequest): RpcTransport | undefined {
  const chain = deps.chain;
  return request.mev && chain.info.mevProtection && chain.mevRpc ? (chain.mevRpcFor?.(request.reward) ?? chain.mevRpc) : undefined;
}

/**
 * Sends and waits for the receipt: in one call where the node can (EIP-7966), otherwise send then polls; a
 * private RPC sends, the chain's own RPC is polled. TIMEOUT when the wait is over first.
 */
async function broadcastAndWait(deps: EvmExecuteDeps, request: EvmExecuteRequest, tx: SignedTxPayload): Promise<EvmReceipt> {
  const receipt = await refusalsAsFailures(() =>
    sendAndWaitForReceipt(deps.chain.rpc, tx.raw, {
      hash: tx.txHash,
      timeoutMs: deps.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS,
      sendVia: privateRpc(deps, request),
    }),
  );
  if (!receipt) throw tradeFailure('TIMEOUT', `no receipt for ${tx.txHash} yet`);
  return receipt;
}

async function broadcast(deps: EvmExecuteDeps, request: EvmExecuteRequest, tx: SignedTxPayload): Promise<void> {
  await refusalsAsFailures(() => sendRawTransaction(privateRpc(deps, request) ?? deps.chain.rpc, tx.raw));
}

/** A node's refusal of a signed transaction as the trade failure it means; an unreachable node as RPC_UNAVAILABLE. */
async function refusalsAsFailures<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof TransactionRefusedError) {
      throw tradeFailure(error.code, error.code === 'SIMULATION_FAILED' ? `the node refused the transaction: ${error.message}` : error.message);
    }
    const appError = findAppError(error);
    if (appError?.code === 'RPC_ERROR' || appError?.code === 'CHAIN_UNAVAILABLE') throw tradeFailure('RPC_UNAVAILABLE', appError.message);
    throw error;
  }
}

/** The receipt once mined; TIMEOUT when the wait is over first (the trade stays PENDING for track). */
async function minedReceipt(deps: EvmExecuteDeps, txHash: Hex): Promise<EvmReceipt> {
  const receipt = await waitForReceipt(deps.chain.rpc, txHash, { timeoutMs: deps.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS });
  if (!receipt) throw tradeFailure('TIMEOUT', `no receipt for ${txHash} yet`);
  return receipt;
}

async function seenTransaction(deps: EvmExecuteDeps, txHash: Hex) {
  const tx = await pollUntil(() => getTransaction(deps.chain.rpc, txHash), { timeoutMs: deps.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS });
  if (!tx) throw tradeFailure('TIMEOUT', `the chain does not know ${txHash}`, 'txHash');
  return tx;
}

/**
 * Sends again, in order, whichever of the quoted transactions the chain does not know. Sending a copy the
 * chain already has is harmless (same hash: "already known", or the nonce is used by that very
 * transaction); an approval that reverted stops it, as in the first attempt.
 */
async function resendUnseen(deps: EvmExecuteDeps, request: EvmExecuteRequest, before: SignedEntry[], trade: SignedTxPayload): Promise<void> {
  const known = async (tx: SignedTxPayload) => (await getTransaction(deps.chain.rpc, tx.txHash)) !== null;
  const send = async (tx: SignedTxPayload) => {
    try {
      await broadcast(deps, request, tx);
    } catch (error) {
      // Another request (or the dead instance's copy) got it mined in between: the nonce is spent by it.
      if (findAppError(error)?.code === 'NONCE_TOO_LOW' && (await known(tx))) return;
      throw error;
    }
  };
  if (await known(trade)) return;
  for (const entry of before) {
    if (!(await known(entry.tx))) await send(entry.tx);
    if ((await minedReceipt(deps, entry.tx.txHash)).status !== 'success') return;
  }
  if (!(await known(trade))) await send(trade);
}

/** A second submission of a trade in flight waits for the first one's outcome; a row a restart left PENDING is settled from the chain. */
function awaitSettled(deps: EvmExecuteDeps, row: TradeRow): Promise<TradeRow | undefined> {
  return waitForSettled(deps.trades, row, async (current) => {
    const receipt = await getTransactionReceipt(deps.chain.rpc, current.tx_hash);
    if (!receipt) return false;
    await settleFromReceipt(deps, current, undefined, receipt, undefined);
    return true;
  });
}
