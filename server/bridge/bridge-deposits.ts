/**
 * Deposits reaching their requests. A final deposit (it has the source chain's confirmation depth and was
 * read there in the canonical chain, see deposit-depth.ts) is recorded on its request: `pending` to be filled,
 * or `refunding`. One below the depth is only noted on the waiting request (`confirming`, which reads
 * `pending`) and read again until it is final, or forgotten when a reorganisation takes it out of the chain:
 * nothing is ever paid, fill or refund, for a deposit that is not final.
 */
import { nativeAmountText } from '@/server/display/amount-text';
import type { ChainId } from '@/server/chains/registry';
import type { BridgeRequest } from '@/server/store/bridge-request';
import type { DepositDecision } from '@/server/store/bridge-request-moves';
import { normalizeChainText } from '@/server/store/normalize-chain-text';
import { sleep } from '@/server/chains/poll-until';
import type { BridgeChain, DepositDepth, DepositRecheck, FoundDeposit } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { sourceToken, tokenAmountText } from './bridge-row-tokens';
import { depthPollMs, recheckDelayMs } from './deposit-depth';

export interface AcceptOptions {
  /** Wakes the solver to work on the request (execute works on it itself). */
  kick: boolean;
  /** Claims the request for this long in the same write that records the deposit (execute fills it at once). */
  claimMs?: number;
  /** The request as the caller just read it (saves reading it again). */
  known?: BridgeRequest;
}

/** The request once its deposit is recorded; `claimed` when this call also took its lease. */
export interface AcceptedDeposit {
  row: BridgeRequest;
  claimed: boolean;
}

/** The request a deposit names: the one the caller knows when it is that one, else read. */
async function requestOf(deps: BridgeDeps, deposit: FoundDeposit, known: BridgeRequest | undefined): Promise<BridgeRequest | undefined> {
  return known?.id.toLowerCase() === deposit.requestId.toLowerCase() ? known : deps.requests.find(deposit.requestId);
}

/**
 * A deposit is filled only if it pays in the quoted bridge asset, the amount expected (exactly, or with a source
 * swap anything from the swap's minimum up: the fill pays for what arrived), and was made before the quote
 * expired; otherwise it is returned.
 */
function decide(row: BridgeRequest, deposit: FoundDeposit, sourceChain: ChainId): DepositDecision {
  // Requests quoted before deposits were bridge assets only expect tokenIn itself, exactly.
  const expectedToken = row.depositExpected === null ? row.tokenIn : row.depositAsset;
  const expectedAmount = BigInt(row.depositExpected ?? row.amountIn);
  const depositToken = deposit.token ? normalizeChainText(deposit.token) : null;
  const asQuoted = sourceToken(row, expectedToken);
  if (depositToken !== expectedToken) {
    return {
      state: 'refunding',
      reason: `The deposit paid in ${deposit.token ?? 'the native coin'}, not the quoted ${asQuoted.symbol}: it is returned, not filled.`,
    };
  }
  const minimum = row.depositMin === null ? undefined : BigInt(row.depositMin);
  if (minimum === undefined ? deposit.amount !== expectedAmount : deposit.amount < minimum) {
    const quoted =
      minimum === undefined
        ? `the quoted ${tokenAmountText(expectedAmount, asQuoted, sourceChain)}`
        : `at least the quoted ${tokenAmountText(minimum, asQuoted, sourceChain)}`;
    return {
      state: 'refunding',
      reason: `The deposit was ${tokenAmountText(deposit.amount, asQuoted, sourceChain)}, not ${quoted}: it is returned, not filled at another amount.`,
    };
  }
  // The block's time, not the time it reached its depth: waiting for confirmations is the solver's, not the trader's.
  if (deposit.confirmedAtMs > row.expiresAt.getTime()) {
    return {
      state: 'refunding',
      reason: `The deposit confirmed at ${new Date(deposit.confirmedAtMs).toISOString()}, after the quote expired at ${row.expiresAt.toISOString()}: it is returned rather than filled at a stale rate.`,
    };
  }
  return { state: 'pending' };
}

/** Paid twice (a wallet that sent the deposit again): the first is filled, this one goes back. */
async function returnSecondDeposit(deps: BridgeDeps, sourceChain: ChainId, row: BridgeRequest, deposit: FoundDeposit): Promise<void> {
  const amount = deposit.token ? `${deposit.amount} raw units of ${deposit.token}` : nativeAmountText(deposit.amount, sourceChain);
  const extra = await deps.requests.recordExtraDeposit(
    row,
    recordedOf(deposit),
    `A second deposit of ${amount} for request ${row.id}, which was already paid by ${row.depositTxHash}: it is returned.`,
  );
  if (extra) {
    deps.logger.warn('second deposit for a bridge request is refunded', { chain: sourceChain, txHash: deposit.txHash, requestId: row.id });
    deps.kickSolver();
  }
}

const recordedOf = (deposit: FoundDeposit) => ({
  txHash: deposit.txHash,
  from: deposit.from,
  amount: deposit.amount,
  confirmedAt: new Date(deposit.confirmedAtMs),
  token: deposit.token,
});

/**
 * Records a final deposit on its request: `pending` when it may be filled, `refunding` when it may not (see
 * `decide`); a second deposit for a request already paid is returned as a request of its own.
 */
export async function acceptDeposit(
  deps: BridgeDeps,
  sourceChain: ChainId,
  deposit: FoundDeposit,
  options: AcceptOptions = { kick: true },
): Promise<AcceptedDeposit | undefined> {
  const row = await requestOf(deps, deposit, options.known);
  if (!row) {
    deps.logger.warn('bridge deposit for an unknown request', { chain: sourceChain, txHash: deposit.txHash, requestId: deposit.requestId });
    return undefined;
  }
  if (row.sourceChain !== sourceChain) {
    deps.logger.warn('bridge deposit on the wrong chain', { chain: sourceChain, expected: row.sourceChain, txHash: deposit.txHash, requestId: row.id });
    return undefined;
  }
  if (row.depositTxHash !== null) {
    if (row.depositTxHash !== normalizeChainText(deposit.txHash)) await returnSecondDeposit(deps, sourceChain, row, deposit);
    return { row, claimed: false };
  }
  const moved = await deps.requests.recordDeposit(row.id, recordedOf(deposit), decide(row, deposit, sourceChain), options.claimMs);
  if (moved) {
    if (options.kick) deps.kickSolver();
    return { row: moved, claimed: options.claimMs !== undefined };
  }
  // Another path recorded a deposit first: this one is either that same deposit or a second one to return.
  return acceptDeposit(deps, sourceChain, deposit, { ...options, known: undefined });
}

/**
 * Notes a deposit seen below its depth on its waiting request, so its status reads `pending` with the
 * confirmations so far, and the solver reads it again about when it should have its depth. A request that
 * is not waiting (a second deposit, say), or notes another deposit already, is left as it is: such a deposit
 * is dealt with once final. The request as it now stands, when there is one.
 */
export async function noteSeenDeposit(
  deps: BridgeDeps,
  sourceChain: ChainId,
  deposit: FoundDeposit,
  depth: DepositDepth,
  known?: BridgeRequest,
): Promise<BridgeRequest | undefined> {
  const row = await requestOf(deps, deposit, known);
  if (!row || row.sourceChain !== sourceChain || row.state !== 'waiting') return row;
  const txHash = normalizeChainText(deposit.txHash);
  if (row.seenDepositTxHash !== null && row.seenDepositTxHash !== txHash) return row;
  if (row.seenDepositTxHash === txHash && row.seenDepositConfirmations === depth.confirmations && row.seenDepositRequired === depth.required) return row;
  const noted = await deps.requests.noteSeenDeposit(
    row.id,
    {
      txHash: deposit.txHash,
      confirmations: depth.confirmations,
      required: depth.required,
      madeAt: new Date(deposit.confirmedAtMs),
    },
    recheckDelayMs(sourceChain, depth),
  );
  if (noted && row.seenDepositTxHash === null) {
    deps.logger.info('bridge deposit seen, waiting for its confirmations', { chain: sourceChain, txHash: deposit.txHash, requestId: row.id, ...depth });
  }
  return noted ?? row;
}

/** A seen deposit a reorganisation took out of the chain: never paid for; the request waits for a deposit again. */
export async function forgetRemovedDeposit(deps: BridgeDeps, row: BridgeRequest, txHash: string): Promise<void> {
  const forgotten = await deps.requests.forgetSeenDeposit(row.id, txHash);
  if (forgotten) {
    deps.logger.warn('bridge deposit left the chain before it was final; the request waits for a deposit again', {
      chain: row.sourceChain,
      txHash,
      requestId: row.id,
    });
  }
}

/**
 * Execute's wait for its own deposit's depth: read again about twice a block until it is final or gone, or
 * `deadline` passes (undefined then: the solver reads it on). Progress is noted on the request as it comes.
 */
export async function awaitDepositDepth(
  deps: BridgeDeps,
  chain: BridgeChain,
  row: BridgeRequest,
  seen: { deposit: FoundDeposit; depth: DepositDepth },
  deadline: number,
): Promise<DepositRecheck | undefined> {
  let known = row;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await sleep(Math.min(depthPollMs(chain.chain), left));
    const again = await chain.recheckDeposit(seen.deposit.txHash);
    if (again.state !== 'below') return again;
    known = (await noteSeenDeposit(deps, chain.chain, seen.deposit, again.depth, known)) ?? known;
  }
}

/** A seen deposit on a chain this server no longer bridges cannot be read: looked at again this much later. */
const UNREADABLE_RETRY_MS = 60_000;

/**
 * The solver's look at a seen deposit once due, holding the request's lease: recorded when final (and claimed
 * again in the same write, for the solver to go on at once), forgotten when gone; otherwise its progress is
 * noted and it is looked at again about when its depth should be there. The request as recorded, when final.
 */
export async function confirmSeenDeposit(deps: BridgeDeps, row: BridgeRequest, claimMs: number): Promise<AcceptedDeposit | undefined> {
  const txHash = row.seenDepositTxHash;
  if (!txHash) return undefined;
  const chain = deps.chains[row.sourceChain as ChainId];
  if (!chain) {
    await deps.requests.release(row.id, UNREADABLE_RETRY_MS, `bridging from ${row.sourceChain} is not configured`);
    return undefined;
  }
  const again = await chain.recheckDeposit(txHash);
  if (again.state === 'gone') {
    await forgetRemovedDeposit(deps, row, txHash);
    return undefined;
  }
  if (again.state === 'final') return acceptDeposit(deps, chain.chain, again.deposit, { kick: false, claimMs, known: row });
  const delay = recheckDelayMs(chain.chain, again.depth);
  if (again.depth.confirmations !== row.seenDepositConfirmations && row.seenDepositAt) {
    await deps.requests.noteSeenDeposit(row.id, { txHash, ...again.depth, madeAt: row.seenDepositAt }, delay);
  }
  await deps.requests.release(row.id, delay);
  return undefined;
}
