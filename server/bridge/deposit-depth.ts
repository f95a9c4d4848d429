/**
 * The depth rules of bridge deposits, without RPC: how many confirmations a deposit has, whether that makes
 * it final, when a deposit below its depth is read again, and how long the wait adds to a bridge's estimate.
 * A deposit is paid for only once final: a reorganisation on the source chain can take back a deposit that
 * was merely mined, and the solver would have paid for nothing.
 */
import { CHAINS, SOLANA_FINALIZED_DEPTH, type ChainId } from '@/server/chains/registry';
import type { DepositDepth } from './bridge-chain';

export interface DepthReading {
  depth: DepositDepth;
  final: boolean;
}

/** EVM: the deposit's own block and those on top of it up to `head` (0 when the head is below it: a reorganisation). */
export function evmConfirmations(depositBlock: bigint, head: bigint): number {
  return head < depositBlock ? 0 : Number(head - depositBlock) + 1;
}

/**
 * EVM: at depth 1 a mined deposit is final. Deeper, it is final once it has the depth and, read at that depth,
 * its block is the one the chain has at its height (`canonical`): a receipt read from a node that has not yet
 * caught up with a reorganisation can name a block the chain no longer has.
 */
export function evmDepth(read: { depositBlock: bigint; head: bigint; required: number; canonical?: boolean }): DepthReading {
  const confirmations = evmConfirmations(read.depositBlock, read.head);
  const depth = { confirmations, required: read.required };
  if (read.required <= 1) return { depth, final: confirmations >= 1 };
  return { depth, final: confirmations >= read.required && read.canonical === true };
}

/** Whether an EVM read at this depth must also check the block at the deposit's height (only a read that would be final does). */
export function needsCanonicalCheck(depositBlock: bigint, head: bigint, required: number): boolean {
  return required > 1 && evmConfirmations(depositBlock, head) >= required;
}

/**
 * SOL: Solana reports the confirmed blocks on top of the deposit's (`confirmations`) until its block is rooted,
 * then `finalized`. The deposit's own block counts, as on EVM: depth 1 is the `confirmed` commitment, and
 * SOLANA_FINALIZED_DEPTH (the default) only `finalized`. A transaction only processed has no confirmation yet.
 */
export function solanaDepth(status: { confirmed: boolean; finalized: boolean; confirmations: number | null }, required: number): DepthReading {
  if (status.finalized) return { depth: { confirmations: SOLANA_FINALIZED_DEPTH, required }, final: true };
  // Short of finalized, the count stops one below it: a depth of SOLANA_FINALIZED_DEPTH is reached by finalizing only.
  const confirmations = status.confirmed ? Math.min((status.confirmations ?? 0) + 1, SOLANA_FINALIZED_DEPTH - 1) : 0;
  return { depth: { confirmations, required }, final: confirmations >= required };
}

/** A deposit below its depth is read again about when its missing blocks should be there, within these bounds. */
const MIN_RECHECK_MS = 250;
const MAX_RECHECK_MS = 30_000;

export function recheckDelayMs(chain: ChainId, depth: DepositDepth): number {
  const missing = Math.max(1, depth.required - depth.confirmations);
  return Math.min(MAX_RECHECK_MS, Math.max(MIN_RECHECK_MS, missing * CHAINS[chain].blockTimeMs));
}

/** How often execute reads a deposit it waits on: about twice a block, within bounds. */
export function depthPollMs(chain: ChainId): number {
  return Math.min(2_000, Math.max(100, Math.round(CHAINS[chain].blockTimeMs / 2)));
}

/** The time the source chain takes to include a deposit and bury it to its depth (`confirmations` blocks). */
export function depthWaitMs(chain: ChainId, confirmations: number): number {
  return Math.max(1, confirmations) * CHAINS[chain].blockTimeMs;
}
