/**
 * What the bridge's domain functions are given: the chains it can bridge between, the stored requests, and
 * its settings (built once in the composition root, server/services.ts), and the lookups they share.
 */
import type { ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { Logger } from '@/server/observability/logger';
import type { BridgeRepository } from '@/server/store/bridge-repository';
import type { BridgeRequest } from '@/server/store/bridge-request';
import type { SwapQuote, SwapRequest } from '@/server/trading/swap-types';
import type { BridgeChain } from './bridge-chain';
import type { BridgeLimits } from './bridge-limits';

export interface BridgeDeps {
  /** Chains with an RPC, a depository, the solver's key and a USD price for the native coin; the others cannot be bridged from or to. */
  chains: Partial<Record<ChainId, BridgeChain>>;
  /** What each chain missing from `chains` lacks, as the settings that would give it (bridge-chains.ts). */
  missing?: Partial<Record<ChainId, string>>;
  /**
   * Chains whose configuration the doctor's last run found wrong, with its findings (doctor/chain-faults.ts):
   * no bridge is quoted or started from or to them, and the solver's payments there wait until it is fixed.
   */
  faults?: Partial<Record<ChainId, string>>;
  requests: BridgeRepository;
  logger: Logger;
  feeBps: number;
  quoteTtlMs: number;
  executeWaitMs: number;
  /** Where the tracker page is served (trackingUrl). */
  publicUrl: string;
  /** A transaction's link in answers (server/chains/explorer-links.ts); the chain table's explorer when absent. */
  explorerTxUrl?: (chain: ChainId, hash: string) => string;
  /** Asks the solver to look for work now (after a deposit was recorded). */
  kickSolver(): void;
  /**
   * Has the solver work on one request now, in this process, unless it is held already; `claimed` is the request
   * as recorded with this process's claim (see BridgeSolver.workOn). Resolves with the request as the work left it.
   */
  workOn(requestId: string, claimed?: BridgeRequest): Promise<BridgeRequest | undefined>;
  /**
   * Has the solver sign a waiting request's fill while its deposit is being mined; with `depositSent`, the price
   * read goes out at once and the rest once that settles (see BridgeSolver.signFillAhead).
   */
  signFillAhead?(row: BridgeRequest, depositSent?: Promise<void>): void;
  /** How long the solver's claim on a request lasts (execute claims a deposit it records for as long). */
  leaseMs: number;
  /** Told of each payment the solver saw confirmed, for the metrics (bridge_fills_total, bridge_refunds_total). */
  counters?: { filled(chain: ChainId): void; refunded(chain: ChainId): void };
  /** The project's quote engine: the depositor's source swap (a swap-and-deposit) and the solver's destination swaps. */
  swaps?: { quote(chain: ChainId, request: SwapRequest): Promise<SwapQuote> };
  /** The exposure limits and the destination swaps' gas limit (bridge-limits.ts); the defaults when left out. */
  limits?: BridgeLimits;
  /** The gas each destination token's swap measured last, by `chain:token` (bounded; bridge-payout.ts). */
  swapGas?: { get(key: string): bigint | undefined; set(key: string, gas: bigint): unknown };
  now?: () => number;
}

export function bridgeChain(deps: Pick<BridgeDeps, 'chains' | 'missing' | 'faults'>, chain: ChainId, field: string): BridgeChain {
  const found = deps.chains[chain];
  const direction = field === 'destination' ? 'to' : 'from';
  const fault = deps.faults?.[chain];
  if (fault) {
    throw new AppError('NO_ROUTE', `${field}: bridging ${direction} ${chain} is off on this server until its configuration is fixed: ${fault}.`, { field });
  }
  if (!found) {
    const lacking = deps.missing?.[chain] ?? 'no solver key, depository or USD price for its native coin';
    throw new AppError('NO_ROUTE', `${field}: bridging ${direction} ${chain} is not configured on this server: ${lacking}.`, { field });
  }
  return found;
}

export function trackingUrl(deps: Pick<BridgeDeps, 'publicUrl'>, requestId: string): string {
  return `${deps.publicUrl}/bridge/${requestId}`;
}

export async function findBridgeRequest(deps: Pick<BridgeDeps, 'requests'>, requestId: string): Promise<BridgeRequest> {
  const row = await deps.requests.find(requestId);
  if (!row) throw new AppError('QUOTE_NOT_FOUND', 'Quote not found - invalid requestId');
  return row;
}
