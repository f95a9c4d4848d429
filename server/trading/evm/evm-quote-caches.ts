/**
 * What EVM quotes remember between requests: routing's memory (pools and their states), the launchpads'
 * fees and the balances of share-of-balance quotes. Built once per services instance by the composition
 * root and held by the EVM trading engine (server/family-services.ts).
 */
import type { RoutingCaches } from '@/server/routing/routing-caches';
import { createLaunchFees, type LaunchFees } from './pre-trade';
import { createRememberedBalances, type RememberedBalances } from './quote-amount';

export interface EvmQuoteCaches {
  /** Shared with the value estimates: a quote and a price estimate over the same pools read them once. */
  routing: RoutingCaches;
  launchFees: LaunchFees;
  balances: RememberedBalances;
}

export function createEvmQuoteCaches(routing: RoutingCaches): EvmQuoteCaches {
  return { routing, launchFees: createLaunchFees(), balances: createRememberedBalances() };
}
