/**
 * The solver: finds deposits on every source chain (execute records its own at once; the scan finds the
 * rest, also those sent straight from a wallet), reads again each deposit seen below its chain's depth until
 * it is final (bridge-deposits.ts), then pays each fill, or returns the deposit, from storage.
 *
 * A payment is never sent twice: it is signed, stored on the request (only if none is stored), and only the
 * stored transaction is ever sent, by whichever instance holds the request's lease; after a restart the same
 * stored transaction is sent again (a no-op if it landed). A new payment is signed only when the stored one
 * can provably never land (its nonce or blockhash was used up).
 */
import type { ChainId } from '@/server/chains/registry';
import { createWorkLoop, type WorkLoop } from '@/server/jobs/work-loop';
import type { UnusedQuoteCutoffs } from '@/server/store/bridge-repository';
import type { BridgeRequest } from '@/server/store/bridge-request';
import { filledRow } from '@/server/store/bridge-request-moves';
import type { BridgeChain, PaymentState, SignedPayment } from './bridge-chain';
import type { BridgeDeps } from './bridge-deps';
import { acceptDeposit, confirmSeenDeposit, noteSeenDeposit } from './bridge-deposits';
import { CannotFill, fillAmount, fillShortfall, limitsProblem, paidByFill, rateProblem, signFill } from './bridge-fill';
import { ChainSigning } from './chain-signing';
import { refundAmount } from './bridge-refund';

/** A round scans every chain, then works every due request; `drain` runs rounds until none is asked for. */
export interface BridgeSolver extends WorkLoop {
  /**
   * Works on one request now (a deposit this process just recorded), unless a round here or another instance
   * holds it already; resolves when that work is done or was not this call's to do, with the request as the
   * work left it. `claimed`: the request as recorded with this process's claim on it (nothing to claim).
   */
  workOn(requestId: string, claimed?: BridgeRequest): Promise<BridgeRequest | undefined>;
  /**
   * Signs a waiting request's fill ahead, while its deposit is being mined (chain-signing.ts). With
   * `depositSent`, only the rate's read goes out at once: the rest waits until the deposit is on its way (a
   * rejection drops the signature), so a deposit that has a check to pass first (an allowance) is not delayed.
   */
  signFillAhead(row: BridgeRequest, depositSent?: Promise<void>): void;
}

/**
 * A request is held while it is worked on, and the hold renewed every HEARTBEAT_MS: a crashed instance's
 * request is taken over at most LEASE_MS after its last renewal. The stored payment keeps that safe: the
 * next holder sends the same transaction, never a second one.
 */
export const LEASE_MS = 10_000;
export const HEARTBEAT_MS = 3_000;

/** How long a claim holds and how often it is renewed; tests shorten both. */
export interface LeaseTiming {
  leaseMs: number;
  heartbeatMs: number;
}
const SETTLE_WAIT_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60_000;
/**
 * Quotes nobody deposited to are kept this long after they expire (a deposit that late is refunded while the
 * quote is kept; after that it is only logged), then deleted, at most once per FORGET_EVERY_MS.
 */
export const UNUSED_QUOTE_RETENTION_MS = 7 * 24 * 3_600_000;
/**
 * Quotes asked for without an API key are kept a shorter while: anyone can ask for them (a page load hands out
 * a session), so each costs storage nobody answers for. With the deletion's period they are gone within an
 * hour of their expiry.
 */
export const KEYLESS_UNUSED_QUOTE_RETENTION_MS = 45 * 60_000;
export const FORGET_EVERY_MS = 10 * 60_000;

/** Which unused quotes are old enough to delete at `now`. */
export function unusedQuoteCutoffs(now: number): UnusedQuoteCutoffs {
  return { before: new Date(now - UNUSED_QUOTE_RETENTION_MS), keylessBefore: new Date(now - KEYLESS_UNUSED_QUOTE_RETENTION_MS) };
}

/** What the solver's rounds share. */
interface SolverContext {
  deps: BridgeDeps;
  /** One signer per chain at a time in this process, and fills signed ahead. */
  signing: ChainSigning;
  /** When unused quotes were last deleted. */
  forgotAt: number;
  /** Asks for another round (after a request moved to a state with work to do). */
  kick(): void;
  lease: LeaseTiming;
}

export function createBridgeSolver(deps: BridgeDeps, lease: LeaseTiming = { leaseMs: LEASE_MS, heartbeatMs: HEARTBEAT_MS }): BridgeSolver {
  const context: SolverContext = { deps, signing: new ChainSigning(), forgotAt: 0, kick: () => loop.kick(), lease };
  const loop = createWorkLoop('bridge solver', () => round(context), deps.logger);
  return {
    ...loop,
    async workOn(requestId, claimed) {
      try {
        const row = claimed ?? (await deps.requests.claim(requestId, lease.leaseMs));
        return row ? await work(context, row) : undefined;
      } catch (error) {
        // The rounds will find the request: a failed claim here only loses the head start.
        deps.logger.warn('bridge work could not start at once', { requestId, error: error instanceof Error ? error.message : String(error) });
        return undefined;
      }
    },
    signFillAhead(row, depositSent) {
      const chain = deps.chains[row.destinationChain as ChainId];
      if (!chain || row.state !== 'waiting') return;
      // Signed for the expected deposit: used only when the deposit brings exactly that (fillKey names the amount).
      context.signing.signAhead(fillKey(row), chain.chain, checkedFill(deps, chain, row, depositSent));
    },
  };
}

/** A fill signed ahead is for one request and one amount: a deposit that brought another amount signs again. */
const fillKey = (row: BridgeRequest) => `fill:${row.id}:${fillAmount(row)}`;

/** Final deposits are recorded, those below the depth noted; the cursor is saved once all of them are stored. */
async function scan({ deps }: SolverContext, chain: ChainId, bridgeChain: BridgeChain): Promise<void> {
  const cursor = await deps.requests.cursor(chain);
  const found = await bridgeChain.scanDeposits(cursor);
  for (const deposit of found.deposits) await acceptDeposit(deps, chain, deposit);
  for (const { deposit, depth } of found.seen ?? []) await noteSeenDeposit(deps, chain, deposit, depth);
  if (found.cursor !== cursor) await deps.requests.saveCursor(chain, found.cursor);
}

/** A payment as paymentFor leaves it: sent by this call (`justSent`), and settled already where its chain allowed. */
type SentPayment = SignedPayment & { justSent?: true; settled?: PaymentState };

/** Where a payment stands: as its sending settled it, else waited for. */
function settled(chain: BridgeChain, payment: SentPayment): Promise<PaymentState> {
  return payment.settled ? Promise.resolve(payment.settled) : chain.settlePayment(payment, SETTLE_WAIT_MS, { justSent: payment.justSent });
}

/**
 * The stored payment, or a new one (signed ahead under `signedAhead`, else by `sign`: a transfer, or a
 * prepared swap), stored and sent (unless another instance stored one first).
 */
async function paymentFor(
  context: SolverContext,
  row: BridgeRequest,
  chain: BridgeChain,
  sign: () => Promise<SignedPayment>,
  options: { refundAmount?: bigint; signedAhead?: string } = {},
): Promise<SentPayment> {
  const { deps } = context;
  const { refundAmount, signedAhead } = options;
  if (row.paymentRawTx && row.paymentTxHash) return { txHash: row.paymentTxHash, raw: row.paymentRawTx };
  const signed = await context.signing.inTurn(chain.chain, async () => {
    const payment = (signedAhead ? await context.signing.takeSignedAhead(signedAhead, chain.chain) : undefined) ?? (await sign());
    if (!(await deps.requests.storePayment(row.id, payment, refundAmount))) return undefined;
    return { ...payment, justSent: true as const, settled: await chain.sendPayment(payment) };
  });
  if (signed) return signed;
  const stored = await deps.requests.find(row.id);
  return { txHash: stored!.paymentTxHash!, raw: stored!.paymentRawTx! };
}

/**
 * Signs the fill once what the quote assumed still holds: the solver holds what it pays, the rate between
 * different coins has not moved against it past the slippage, and the exposure limits allow it (a CannotFill
 * naming the first that fails otherwise). The checks are reads, run while the payment is signed (a swap is
 * quoted as part of signing it); a failed check wins over a signing error, which it usually explains (a
 * transfer the solver cannot make cannot even be estimated).
 *
 * The rate's read (a batch the destination chain's node works on, little work here) goes out first, before
 * `after` settles; then the signing, the longest of the rest (a swap's quote works before and after its read),
 * and the store's read last: the embedded store works on this thread, so the others' requests are out by then.
 */
function checkedFill(deps: BridgeDeps, chain: BridgeChain, row: BridgeRequest, after?: Promise<void>): () => Promise<SignedPayment> {
  const sign = signFill(deps, chain, row);
  return async () => {
    const rateRead = rateProblem(deps, row);
    // Settled below with the rest; until then a failed read must not count as unhandled.
    rateRead.catch(() => undefined);
    await after;
    // A destination swap checks the holdings itself, from the balance its quote reads with the pools.
    const holdings = row.payout === 'swap' ? Promise.resolve(undefined) : fillShortfall(chain, row);
    const [signed, rate, shortfall, limits] = await Promise.allSettled([sign(), rateRead, holdings, limitsProblem(deps, row)]);
    for (const check of [shortfall, rate, limits]) {
      if (check.status === 'rejected') throw check.reason;
      if (check.value) throw check.value;
    }
    if (signed.status === 'rejected') throw signed.reason;
    return signed.value;
  };
}

/** The deposit goes back; the log has what the trader is not told (the solver's holdings against the fill's need). */
async function refuseFill(context: SolverContext, row: BridgeRequest, refusal: CannotFill): Promise<void> {
  await context.deps.requests.startRefund(row.id, refusal.message);
  context.deps.logger.warn('bridge fill refused', { requestId: row.id, chain: row.destinationChain, reason: refusal.message, ...refusal.shortfall });
  context.kick();
}

/** Pays the fill; the request as marked filled, or undefined when it moved elsewhere (refund, retry later). */
async function fill(context: SolverContext, row: BridgeRequest): Promise<BridgeRequest | undefined> {
  const { deps } = context;
  const chain = deps.chains[row.destinationChain as ChainId];
  if (!chain) {
    await deps.requests.startRefund(row.id, `Bridging to ${row.destinationChain} is no longer configured on this server.`);
    return;
  }
  let payment: SentPayment;
  try {
    payment = await paymentFor(context, row, chain, checkedFill(deps, chain, row), { signedAhead: fillKey(row) });
  } catch (error) {
    if (!(error instanceof CannotFill)) throw error;
    await refuseFill(context, row, error);
    return;
  }
  const state = await settled(chain, payment);
  if (state === 'confirmed') {
    const done = { txHash: payment.txHash, amount: await paidByFill(chain, row, payment.txHash) };
    // In turn before execute answers: a status read after the answer, here or on another instance, says success too.
    const { turnTaken, written } = deps.requests.markFilledInTurn(row.id, done);
    written.catch((error: unknown) => {
      // The request stays pending with its payment stored: once the lease ends, a round finds the payment mined and marks it.
      deps.logger.error('bridge fill not stored', { requestId: row.id, txHash: payment.txHash, error: error instanceof Error ? error.message : String(error) });
    });
    await turnTaken;
    const filled = filledRow(row, done);
    deps.counters?.filled(chain.chain);
    deps.logger.info('bridge filled', { requestId: row.id, chain: chain.chain, txHash: payment.txHash });
    return filled;
  } else if (state === 'reverted') {
    await deps.requests.startRefund(row.id, `The fill transaction ${payment.txHash} reverted on ${chain.chain}. The deposit is returned.`);
    context.kick();
  } else {
    if (state === 'dropped') await deps.requests.dropPayment(row.id, payment.txHash);
    await deps.requests.release(row.id, state === 'dropped' ? 0 : 2_000, `fill ${state}`);
  }
  return undefined;
}

async function refund(context: SolverContext, row: BridgeRequest): Promise<void> {
  const { deps } = context;
  const chain = deps.chains[row.sourceChain as ChainId];
  if (!chain || !row.depositFrom || !row.depositAmount) {
    await deps.requests.markFailed(
      row.id,
      `${row.reason ?? 'The bridge failed'} The deposit cannot be returned automatically: bridging on ${row.sourceChain} is not configured.`,
    );
    return;
  }
  let payment: SentPayment;
  if (row.paymentRawTx && row.paymentTxHash) {
    payment = { txHash: row.paymentTxHash, raw: row.paymentRawTx };
  } else {
    const token = row.depositToken ?? undefined;
    const returnable = await refundAmount(chain, row, token);
    if (typeof returnable === 'string') {
      await deps.requests.markFailed(row.id, `${row.reason ?? ''} ${returnable}`.trim());
      return;
    }
    const to = row.depositFrom;
    payment = await paymentFor(context, row, chain, () => chain.signPayment({ to, amount: returnable, requestId: row.id, token }), {
      refundAmount: returnable,
    });
  }
  const state = await settled(chain, payment);
  if (state === 'confirmed') {
    const stored = await deps.requests.find(row.id);
    const refunded = await deps.requests.markRefunded(row.id, { txHash: payment.txHash, amount: BigInt(stored?.refundAmount ?? '0') });
    if (refunded) deps.counters?.refunded(chain.chain);
    deps.logger.info('bridge deposit refunded', { requestId: row.id, chain: chain.chain, txHash: payment.txHash });
  } else if (state === 'reverted') {
    await deps.requests.dropPayment(row.id, payment.txHash);
    await deps.requests.release(row.id, 5_000, `refund ${payment.txHash} reverted`);
  } else {
    if (state === 'dropped') await deps.requests.dropPayment(row.id, payment.txHash);
    await deps.requests.release(row.id, state === 'dropped' ? 0 : 2_000, `refund ${state}`);
  }
}

/**
 * A seen deposit's request: the deposit read again, and once final (recorded and still held here) its fill or
 * refund at once. Undefined when there is nothing more to do now.
 */
async function confirmedWork(context: SolverContext, row: BridgeRequest): Promise<BridgeRequest | undefined> {
  const accepted = await confirmSeenDeposit(context.deps, row, context.lease.leaseMs);
  return accepted?.claimed ? accepted.row : undefined;
}

/** The request's due work, under its lease; the request as filled when this work filled it. */
async function work(context: SolverContext, row: BridgeRequest): Promise<BridgeRequest | undefined> {
  const heartbeat = setInterval(() => {
    void context.deps.requests.renewLease(row.id, context.lease.leaseMs).catch(() => undefined);
  }, context.lease.heartbeatMs);
  heartbeat.unref();
  try {
    const due = row.state === 'waiting' ? await confirmedWork(context, row) : row;
    if (due?.state === 'pending') {
      payingChainWorks(context.deps, due.destinationChain);
      return await fill(context, due);
    }
    if (due?.state === 'refunding') {
      payingChainWorks(context.deps, due.sourceChain);
      await refund(context, due);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delay = Math.min(1_000 * 2 ** Math.min(row.attempts, 6), MAX_RETRY_DELAY_MS);
    context.deps.logger.warn('bridge work will be retried', { requestId: row.id, state: row.state, attempts: row.attempts, error: message });
    await context.deps.requests.release(row.id, delay, message);
  } finally {
    clearInterval(heartbeat);
  }
  return undefined;
}

/** A payment on a chain whose configuration is wrong waits (retried like a failed attempt) until it is fixed. */
function payingChainWorks(deps: BridgeDeps, chain: string): void {
  const fault = deps.faults?.[chain as ChainId];
  if (fault) throw new Error(`paying on ${chain} waits until its configuration is fixed: ${fault}`);
}

async function round(context: SolverContext): Promise<void> {
  const { deps } = context;
  // Every chain at once: one slow or failing RPC delays no other chain's deposits.
  await Promise.all(
    (Object.entries(deps.chains) as [ChainId, BridgeChain][]).map(async ([chain, bridgeChain]) => {
      try {
        // A price that cannot be read now is simply not sampled.
        await Promise.all([scan(context, chain, bridgeChain), bridgeChain.samplePrice?.().catch(() => undefined)]);
      } catch (error) {
        deps.logger.warn('bridge deposit scan failed', { chain, error: error instanceof Error ? error.message : String(error) });
      }
    }),
  );
  const { leaseMs } = context.lease;
  for (let row = await deps.requests.claimDue(leaseMs); row; row = await deps.requests.claimDue(leaseMs)) await work(context, row);
  const now = (deps.now ?? Date.now)();
  if (now - context.forgotAt > FORGET_EVERY_MS) {
    context.forgotAt = now;
    const forgotten = await deps.requests.forgetUnusedQuotes(unusedQuoteCutoffs(now));
    if (forgotten > 0) deps.logger.info('unused bridge quotes deleted', { count: forgotten });
  }
}
