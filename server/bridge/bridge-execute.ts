/**
 * Bridge execute: the signed deposit is checked against its request, broadcast and mined, and once final (at
 * the source chain's depth; at depth 1 as soon as it is mined, with no further read) recorded at once (the
 * scan would find it too), and then the fill is awaited up to a bound. Below the depth, execute notes the
 * deposit on the request and reads it again until it is final, within the same bound. Track does the same for
 * a deposit a wallet broadcast itself, without waiting for the depth (the solver reads it on).
 */
import type { ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { normalizeChainText } from '@/server/store/normalize-chain-text';
import { sleep } from '@/server/chains/poll-until';
import type { BridgeChain } from './bridge-chain';
import { bridgeChain, findBridgeRequest, type BridgeDeps } from './bridge-deps';
import { isFinalBridgeState } from '@/server/store/bridge-state';
import { acceptDeposit, awaitDepositDepth, forgetRemovedDeposit, noteSeenDeposit, type AcceptedDeposit } from './bridge-deposits';

/** How long execute waits for the deposit's own confirmation before reporting it unconfirmed. */
const DEPOSIT_WAIT_MS = 30_000;
/** A fill worked elsewhere (another round or instance) is looked for this often, from the first up to the most. */
const FIRST_FILL_POLL_MS = 5;
const MAX_FILL_POLL_MS = 50;

export interface BridgeDepositRequest {
  requestId: string;
  sourceChain: ChainId;
  /** The signed deposit: EVM, a serialized transaction (hex); SOL, a base64 transaction. */
  signedDeposit: string;
  /** The signed approval of the depository a token deposit's quote gave (sent and confirmed first). */
  signedApproval?: string;
}

/**
 * Where execute left a request: its deposit confirmed (and the request as it stood once filled, when the wait
 * ran out, or while its deposit still gathers confirmations), not mined yet, reverted, or removed by a
 * reorganisation before it was final (in both last cases the request still waits for a deposit).
 */
export type BridgeExecution =
  { deposit: 'confirmed'; request: BridgeRequest } | { deposit: 'unconfirmed' | 'reverted' | 'removed'; request: BridgeRequest; txHash: string };

/** Where a deposit stands for the call: recorded on its request (final), still confirming, or no deposit (yet). */
type DepositProgress =
  | { state: 'recorded'; accepted: AcceptedDeposit; waitUntil: number }
  | { state: 'confirming'; row: BridgeRequest }
  | { state: 'unconfirmed' | 'reverted' | 'removed' };

function checkSourceChain(row: BridgeRequest, sourceChain: ChainId): void {
  if (row.sourceChain !== sourceChain) {
    throw new AppError('INVALID_INPUT', `sourceChain: the request deposits on ${row.sourceChain}, not ${sourceChain}.`, { field: 'sourceChain' });
  }
}

function checkNotDepositedElsewhere(row: BridgeRequest, txHash: string): void {
  if (row.depositTxHash !== null && row.depositTxHash !== normalizeChainText(txHash)) {
    throw new AppError('INVALID_INPUT', `requestId: this request was already paid by deposit ${row.depositTxHash}. Ask for a new quote to bridge again.`, {
      field: 'requestId',
    });
  }
}

interface ConfirmOptions {
  kick: boolean;
  /** Sent first (execute); absent when the wallet sent it (track). */
  signed?: string;
  /** The request is also claimed for that long in the write that records the deposit, for this process to fill at once. */
  claimMs?: number;
  /** Wait (within the execute wait) for a deposit below the depth to become final; otherwise it is only noted. */
  awaitDepth?: boolean;
}

/**
 * Waits for the deposit to be mined (sending `signed` first, when given) and records it once final. At depth 1
 * it is final as mined: recorded at once, as fast as before depths existed. Deeper, it is noted on the request
 * and, with `awaitDepth`, read again until final; a deposit a reorganisation removed meanwhile is forgotten.
 * `waitUntil`: the wait's end, shared with the fill's (counted from the deposit being mined).
 */
async function confirmDeposit(deps: BridgeDeps, chain: BridgeChain, row: BridgeRequest, txHash: string, options: ConfirmOptions): Promise<DepositProgress> {
  const waitUntil = () => Date.now() + deps.executeWaitMs;
  if (row.depositTxHash !== null) return { state: 'recorded', accepted: { row, claimed: false }, waitUntil: waitUntil() };
  const result = await chain.waitForDeposit(txHash, DEPOSIT_WAIT_MS, options.signed);
  if (result.state !== 'confirmed') return { state: result.state === 'reverted' ? 'reverted' : 'unconfirmed' };
  if (result.deposit.requestId.toLowerCase() !== row.id.toLowerCase()) {
    throw new AppError('TX_MISMATCH', `txHash: that transaction deposits for request ${result.deposit.requestId}, not ${row.id}.`, { field: 'txHash' });
  }
  const until = waitUntil();
  let deposit = result.deposit;
  if (!result.final) {
    const seen = (await noteSeenDeposit(deps, chain.chain, deposit, result.depth, row)) ?? row;
    const again = options.awaitDepth ? await awaitDepositDepth(deps, chain, seen, result, until) : undefined;
    if (again?.state === 'gone') {
      await forgetRemovedDeposit(deps, seen, txHash);
      return { state: 'removed' };
    }
    if (again?.state !== 'final') return { state: 'confirming', row: (await deps.requests.find(row.id)) ?? seen };
    deposit = again.deposit;
  }
  // Execute does not kick the solver: it fills the request itself at once (waitForFill).
  const accepted = await acceptDeposit(deps, chain.chain, deposit, { kick: options.kick, claimMs: options.claimMs, known: row });
  return accepted ? { state: 'recorded', accepted, waitUntil: until } : { state: 'unconfirmed' };
}

/**
 * Fills the request here and now (the solver's own work, under its lease; it goes on past the wait if it
 * must), then reads where it stands; while another round or instance holds it, looks again until it is final
 * or the wait is over.
 */
async function waitForFill(deps: BridgeDeps, { row, claimed }: AcceptedDeposit, deadline: number): Promise<BridgeRequest> {
  if (isFinalBridgeState(row.state)) return row;
  // Worked here, the request's final row comes back from the work itself; otherwise it is read.
  const worked = await Promise.race([deps.workOn(row.id, claimed ? row : undefined), sleep(Math.max(0, deadline - Date.now()))]);
  if (worked && isFinalBridgeState(worked.state)) return worked;
  let current = (await deps.requests.find(row.id)) ?? row;
  for (let poll = FIRST_FILL_POLL_MS; !isFinalBridgeState(current.state) && Date.now() < deadline; poll = Math.min(poll * 2, MAX_FILL_POLL_MS)) {
    await sleep(poll);
    current = (await deps.requests.find(row.id)) ?? current;
  }
  return current;
}

/**
 * A token deposit needs an allowance: the depository's for a plain deposit, the Router's for a swap-and-deposit;
 * the signed approval when one is given (checked here), else an allowance already on chain. A native deposit
 * needs none (an approval given with it is ignored).
 */
async function checkApproval(chain: BridgeChain, row: BridgeRequest, signedApproval: string | undefined): Promise<string | undefined> {
  if (row.tokenIn === null || row.depositTxHash !== null) return undefined;
  const spender = row.depositCallHash ? chain.router : undefined;
  const expected = { trader: row.trader, token: row.tokenIn, amount: BigInt(row.amountIn), spender };
  if (signedApproval) {
    await chain.checkSignedApproval(signedApproval, expected);
    return signedApproval;
  }
  // The quote read the allowance moments ago and found it enough (it gave no approval to sign): not read again.
  // Revoked since, the deposit reverts on chain, and nothing is deposited or filled.
  if (row.approvalQuoted === false) return undefined;
  if (!(await chain.allowanceCovers(expected))) {
    throw new AppError(
      'INVALID_INPUT',
      `approve: the ${spender ? 'Router' : 'depository'} may not take this token from the trader yet. Sign the approve transaction the quote gave and send it as approve.`,
      { field: 'approve' },
    );
  }
  return undefined;
}

/**
 * The fill's payment is signed while the deposit is mined, so its reads of the destination chain are done by
 * the time the fill is due. A token deposit waits on its allowance first (read, or its approval mined): the
 * fill's price read goes out meanwhile (only the destination chain's node works on it), the rest once the
 * deposit is on its way. A native deposit has nothing to wait on, so everything starts after it (its requests
 * would otherwise go out first). `sent` once the deposit went out; `dropped` when it never will.
 */
function startFillAhead(deps: BridgeDeps, row: BridgeRequest): { sent(): void; dropped(): void } {
  if (row.tokenIn === null) return { sent: () => deps.signFillAhead?.(row), dropped: () => undefined };
  let sent = () => {};
  let dropped = () => {};
  const depositSent = new Promise<void>((resolve, reject) => {
    sent = resolve;
    dropped = () => reject(new Error('the deposit was not sent'));
  });
  depositSent.catch(() => undefined);
  deps.signFillAhead?.(row, depositSent);
  return { sent, dropped };
}

/** Sends the approval a token deposit's quote gave, or checks the allowance it needs is there. */
async function approveFirst(chain: BridgeChain, row: BridgeRequest, signedApproval: string | undefined, ahead: { dropped(): void }): Promise<void> {
  try {
    const approval = await checkApproval(chain, row, signedApproval);
    if (approval) await chain.sendApproval(approval, DEPOSIT_WAIT_MS);
  } catch (error) {
    ahead.dropped();
    throw error;
  }
}

export async function executeBridge(deps: BridgeDeps, input: BridgeDepositRequest): Promise<BridgeExecution> {
  const row = await findBridgeRequest(deps, input.requestId);
  checkSourceChain(row, input.sourceChain);
  const chain = bridgeChain(deps, input.sourceChain, 'sourceChain');
  const { txHash } = await chain.checkSignedDeposit(input.signedDeposit, {
    trader: row.trader,
    amount: BigInt(row.amountIn),
    requestId: row.id,
    token: row.tokenIn ?? undefined,
    callHash: row.depositCallHash ?? undefined,
  });
  checkNotDepositedElsewhere(row, txHash);
  const sendNow = row.depositTxHash === null ? input.signedDeposit : undefined;
  let ahead: ReturnType<typeof startFillAhead> | undefined;
  if (sendNow) {
    if ((deps.now ?? Date.now)() > row.expiresAt.getTime()) {
      throw new AppError('QUOTE_EXPIRED', `The bridge quote expired at ${row.expiresAt.toISOString()}; nothing was sent. Ask for a new quote.`);
    }
    ahead = startFillAhead(deps, row);
    await approveFirst(chain, row, input.signedApproval, ahead);
  }
  const confirming = confirmDeposit(deps, chain, row, txHash, { kick: false, signed: sendNow, claimMs: deps.leaseMs, awaitDepth: true });
  ahead?.sent();
  const progress = await confirming;
  switch (progress.state) {
    case 'recorded':
      return { deposit: 'confirmed', request: await waitForFill(deps, progress.accepted, progress.waitUntil) };
    case 'confirming':
      return { deposit: 'confirmed', request: progress.row };
    default:
      return { deposit: progress.state, request: row, txHash };
  }
}

/** A deposit the wallet broadcast itself (MetaMask signs only by sending): recorded as soon as it confirms. */
export async function trackBridgeDeposit(deps: BridgeDeps, input: { requestId: string; sourceChain: ChainId; txHash: string }): Promise<BridgeRequest> {
  const row = await findBridgeRequest(deps, input.requestId);
  checkSourceChain(row, input.sourceChain);
  checkNotDepositedElsewhere(row, input.txHash);
  const chain = bridgeChain(deps, input.sourceChain, 'sourceChain');
  const progress = await confirmDeposit(deps, chain, row, input.txHash, { kick: true });
  if (progress.state === 'reverted' || progress.state === 'removed') {
    throw new AppError(
      'INVALID_INPUT',
      `txHash: ${input.txHash} is not a confirmed deposit for this request on ${row.sourceChain} (it reverted or paid elsewhere).`,
      { field: 'txHash' },
    );
  }
  if (progress.state === 'recorded') return progress.accepted.row;
  return progress.state === 'confirming' ? progress.row : row;
}
