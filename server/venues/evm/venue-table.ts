/**
 * The EVM venues this server routes through, in the order their pools are listed and tried. A new venue is
 * its adapter file (its capabilities say what else it needs: a fee transaction, LP tokens, the lens's search),
 * its name in server/venues/venue-names.ts and one row here; a venue of a new kind (not a V2 or V3 fork) also
 * needs its branch in the contracts' venue dispatch (Router `_swapHop`, the QuoteLens' `LensVenues`).
 */
import type { EvmVenues } from '@/server/chains/chain-directory';
import { launchpadVenue } from './launchpad';
import { pancakeswapV2 } from './pancakeswap-v2';
import { pancakeswapV3 } from './pancakeswap-v3';
import { uniswapV2 } from './uniswap-v2';
import { uniswapV3 } from './uniswap-v3';
import { uniswapV4 } from './uniswap-v4';
import type { EvmVenueAdapter, VenueConfigKey, VenueDeployment } from './venue-adapter';
import type { EvmVenueId } from '@/server/venues/venue-names';

export const EVM_VENUES: readonly EvmVenueAdapter[] = [uniswapV2, uniswapV3, uniswapV4, pancakeswapV3, pancakeswapV2, launchpadVenue];

export function venueById(id: EvmVenueId): EvmVenueAdapter {
  return EVM_VENUES.find((venue) => venue.id === id)!;
}

/**
 * The venue of a hop the QuoteLens' own search found: the searched venue of that Router kind whose fee tiers
 * hold the hop's fee (Uniswap V2's 0.3 % and PancakeSwap V2's 0.25 % share the V2 kind).
 */
export function lensSearchVenue(kind: number, fee: number): EvmVenueAdapter {
  const searched = EVM_VENUES.filter((candidate) => candidate.lensSearch && candidate.routerKind === kind);
  const venue = searched.find((candidate) => candidate.feeTiers.includes(fee)) ?? searched[0];
  if (!venue) throw new Error(`unknown Router venue ${kind}`);
  return venue;
}

/** Whether a route names a launchpad curve among its venues (ids of any chain family; others are not curves). */
export function isBondingCurve(venue: string): boolean {
  return EVM_VENUES.some((candidate) => candidate.id === venue && candidate.bondingCurve);
}

/** Every venue deployed on the chain, with its deployment, in table order. */
export function deployedVenues(venues: EvmVenues): { venue: EvmVenueAdapter; deployment: VenueDeployment }[] {
  return EVM_VENUES.flatMap((venue) => {
    const deployment = venue.deployment(venues);
    return deployment ? [{ venue, deployment }] : [];
  });
}

/** Every `VENUES_<CHAIN>` key a venue reads, for the environment schema and the manifest mapping. */
export const VENUE_CONFIG_KEYS: readonly VenueConfigKey[] = EVM_VENUES.flatMap((venue) => venue.configKeys);

/** The venue keys of a chain's record from the devnet manifest's contract names (a venue not deployed is left out). */
export function venueContractsFromManifest(contracts: Readonly<Record<string, string>>): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { key, manifest } of VENUE_CONFIG_KEYS) {
    const address = contracts[manifest];
    if (address) found[key] = address;
  }
  return found;
}
