/** What the routing steps need to know about the trade being routed. */
import type { Address } from 'viem';
import type { FeeSplit } from '@/server/fees/fee-model';

export interface RouteRequest {
  side: 'BUY' | 'SELL';
  tokenIn: Address;
  tokenOut: Address;
  fees: FeeSplit;
  /** Refuse to quote from pool math alone when the trade cannot be simulated. */
  requireSimulation: boolean;
  /** The most gas the trade's limit may come to (a bridge fill, bounded by what its quote charged): costlier routes are not chosen. */
  maxTradeGas?: bigint;
}
