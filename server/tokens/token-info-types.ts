/**
 * Parts of token info that its helpers build (curve-market.ts) as well as token-info.ts itself: a leaf, so
 * neither imports the other back.
 */

/**
 * The token's market: its most liquid pool, or the launchpad's bonding curve while the token is on it (the
 * deeper of the two); on SOL the maker's curve; type NONE with zeros when there is none.
 */
export interface TokenMainPool {
  address: string;
  /** UNISWAP_V2, UNISWAP_V3, LAUNCHPAD, MAKER or NONE. */
  type: string;
  factory: string;
  liquidityUsd: number;
  marketCapUsd: number;
  priceNative: number;
  priceUsd: number;
}

export interface LaunchpadCurve {
  address: string;
  graduated: boolean;
  /** Percent of the way to graduation. */
  progress: number;
  raisedNative: string;
  graduationNative: string;
  priceNative: number;
  pair: string;
}
