/**
 * The solver's exposure limits, in USD: a cap on one bridge (BRIDGE_MAX_USD) and on what it owes on one
 * destination chain at once (BRIDGE_MAX_OUTSTANDING_USD_<CHAIN>: deposits in, fills not yet confirmed). Both
 * are checked at quote time (422 LIMIT_EXCEEDED) and again when the fill is made (the deposit is returned).
 * Neither answer says what the solver holds or owes: only the cap on one bridge, which is policy, is named.
 */
import { CHAINS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import type { BridgeRepository } from '@/server/store/bridge-repository';

export interface BridgeLimits {
  maxUsd: number;
  maxOutstandingUsd: Partial<Record<ChainId, number>>;
  /** The most gas a destination swap may need (BRIDGE_MAX_DESTINATION_GAS). */
  maxDestinationGas: bigint;
}

/** Used where no configuration gave limits (tests building the bridge by hand). */
export const DEFAULT_BRIDGE_LIMITS: BridgeLimits = { maxUsd: 100_000, maxOutstandingUsd: {}, maxDestinationGas: 1_000_000n };
const DEFAULT_OUTSTANDING_USD = 500_000;

/** What the checks read: the limits (BridgeDeps' own field), and what is owed on the open requests. */
export interface LimitDeps {
  limits?: BridgeLimits;
  requests: Pick<BridgeRepository, 'outstandingUsd'>;
}

const dollars = (usd: number) => `$${Math.round(usd).toLocaleString('en-US')}`;

/** Why a bridge worth `usd` to `destination` is beyond the limits now (with the other open requests), or undefined. */
export async function limitProblem(deps: LimitDeps, destination: ChainId, usd: number, except?: string): Promise<string | undefined> {
  const limits = deps.limits ?? DEFAULT_BRIDGE_LIMITS;
  if (usd > limits.maxUsd) {
    return `This bridge is worth about ${dollars(usd)}; the largest bridge this server takes is ${dollars(limits.maxUsd)}. Bridge less, or split it into several bridges.`;
  }
  const cap = limits.maxOutstandingUsd[destination] ?? DEFAULT_OUTSTANDING_USD;
  const owed = await deps.requests.outstandingUsd(destination, except);
  if (owed + usd > cap) {
    return `Bridges to ${CHAINS[destination].name} are at their limit right now: this one cannot be taken until earlier ones are paid. Try a smaller amount, or try again in a few minutes.`;
  }
  return undefined;
}

/** The quote's check: LIMIT_EXCEEDED (field `amount`) when the bridge is beyond a limit. */
export async function checkQuoteLimits(deps: LimitDeps, destination: ChainId, usd: number): Promise<void> {
  const problem = await limitProblem(deps, destination, usd);
  if (problem) throw new AppError('LIMIT_EXCEEDED', `amount: ${problem}`, { field: 'amount' });
}
