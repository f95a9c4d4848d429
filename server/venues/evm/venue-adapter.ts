/**
 * What one EVM venue (Uniswap V2, Uniswap V3, …) tells the rest of the server: where it lives on a chain,
 * how its pools are found and read, how a pool prices, and which Router dispatch runs a hop through it.
 * Everything else (token data, pool-info, routing, the QuoteLens request) works over the venue table
 * (`venue-table.ts`) and never asks which venue it holds.
 */
import type { Address, Hex } from 'viem';
import type { EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import type { EvmVenueId } from '@/server/venues/venue-names';
import type { PoolFamily } from './contract-enums';

/** Where a venue lives on one chain. */
export interface VenueDeployment {
  /** The contract that knows the venue's pools (V2/V3: the factory; V4: the PoolManager). */
  factory: Address;
  /** The venue's own quoter, where its pool math needs one (V3: QuoterV2). */
  quoter?: Address;
  /** The venue's own router (V2: Router02, V3: SwapRouter): named in pool-info; our Router trades. */
  router?: Address;
}

/** A key of `VENUES_<CHAIN>` (and of `EvmVenues`) this venue reads, with the devnet manifest contract it comes from. */
export interface VenueConfigKey {
  key: string;
  manifest: string;
}

/** A pool of this venue found for a pair. */
export interface VenuePool {
  address: Address;
  venue: EvmVenueId;
  /** Hundredths of a basis point (3000 = 0.3 %). */
  fee: number;
}

/** What pool-info learns from the venue's own probe calls once a pool's factory says it is this venue's. */
export interface ProbedPool {
  fee: number;
  tickSpacing: number;
  /** The answer of `spotCall` for this pool. */
  spot: RpcBatchAnswer | undefined;
}

/** A pool named by an id inside its venue's one contract (Uniswap V4's PoolManager), as its state and events describe it. */
export interface PoolById {
  token0: Address;
  token1: Address;
  /** The fee in effect now, hundredths of a basis point (a dynamic-fee pool's current one). */
  fee: number;
  /** The pool's key says its hooks set the fee, which may change at any time (V4's dynamic-fee flag). */
  dynamicFee: boolean;
  tickSpacing: number;
  /** The hooks contract of the pool's key; the zero address for a pool without hooks. */
  hooks: Address;
  /** Price of token1 in token0 (raw units ratio) now. */
  rawPrice1Per0: number;
  /** What the pool's positions hold at the current price, raw units; undefined when the node would not list them. */
  reserves: { amount0: bigint; amount1: bigint } | undefined;
  /** Where the pool was initialized (the event its key comes from); `timestamp` when the node puts it on logs. */
  creation: { blockNumber: number; blockHash: Hex; timestamp?: number };
}

/** A pool the router can route through: what the reader reports, with its venue. */
export interface RoutablePool {
  venue: EvmVenueId;
  /** V2/V3: the pool contract; V4: the PoolManager. */
  address: Address;
  /** V4: the pool id; zero otherwise. */
  id: `0x${string}`;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
}

export interface EvmVenueAdapter {
  id: EvmVenueId;
  /** Name in answers (token data's pools, pool-info errors): its row of EVM_VENUE_NAMES (server/venues/venue-names.ts). */
  name: string;
  /** The venue's index in the Router's and the QuoteLens' `Venue` enum (contracts/router/Router.sol): `routerKindOf`. */
  routerKind: number;
  /** Fee tiers its pools come in, hundredths of a basis point; a venue with one fixed fee lists that one. */
  feeTiers: readonly number[];
  /** How its pools are found and read, and priced (constant product or concentrated liquidity): `poolFamilyOf`. */
  poolFamily: PoolFamily;
  /** A route hop through it names the pool's tick spacing (V4: the Router builds the PoolKey from it); others pass 0. */
  hopNamesTickSpacing?: true;
  /**
   * Its pools are launchpad bonding curves: a trade along one first pays the launchpad a fee in a transaction of
   * its own (server/trading/evm/pre-trade.ts), the quote warns of it, exact-output trades refuse it, and a curve
   * that reads closed has graduated (its token now trades in a pool discovery has not seen yet).
   */
  bondingCurve?: true;
  /** Its pools are ERC-20 LP tokens (V2 pairs): the token audit reads how much of a pool's supply is burnt. */
  lpTokenPools?: true;
  /**
   * Whether and how the QuoteLens' own search (tax probes, and quotes given no candidate routes) prices its pools:
   * 'pair' from a V2 pair's reserves with the venue's fee, 'quoter' through the venue's QuoterV2 where its
   * deployment names one; absent, the lens's search leaves the venue out (the server's routes cover it).
   */
  lensSearch?: 'pair' | 'quoter';
  /** Tick spacing of a fee tier; 0 where the venue has no ticks. */
  tickSpacing(fee: number): number;
  /** Keys of `VENUES_<CHAIN>` it reads; the environment schema and the manifest mapping are built from these. */
  configKeys: readonly VenueConfigKey[];
  /** Its deployment on a chain, read from that chain's venue addresses; undefined where it is not deployed. */
  deployment(venues: EvmVenues): VenueDeployment | undefined;
  /**
   * Token data's spot reads of a pool the reader's discovery found. Venues whose pools are not contracts of
   * their own (V4, launchpad curves) leave these out; token data lists the others.
   */
  poolContracts?: {
    spotCall(pool: Address): RpcCall;
    /** Price of token1 in token0 (raw units ratio) from the `spotCall` answer; 0 when unreadable. */
    rawPrice1Per0(spot: RpcBatchAnswer | undefined): number;
  };
  /**
   * Spot price of a hop as a ratio out/in, from the QuoteLens' per-hop pair: V2 (reserveIn, reserveOut),
   * V3 (sqrtPriceX96, 1 when tokenIn is token0 else 0).
   */
  hopSpot(pair: readonly [bigint, bigint]): { numerator: bigint; denominator: bigint };
  /** LP fee of a pool in hundredths of a basis point. */
  lpFee(poolFee: number): number;
  /** pool-info on a pool address: venues whose pools are contracts of their own. */
  poolInfo?: {
    /** Calls pool-info makes on an unknown pool address, read by `readProbe` when the pool is this venue's. */
    probeCalls(pool: Address): RpcCall[];
    readProbe(answers: readonly RpcBatchAnswer[]): ProbedPool | undefined;
    /** The factory's creation event for the pool (indexed by its tokens, and fee where the event has it). */
    creationLogCall(deployment: VenueDeployment, pool: { token0: Address; token1: Address; fee: number }): RpcCall;
  };
  /** pool-info on a pool id: venues whose pools live inside one contract (V4) and are named by a 32-byte id. */
  poolsById?: {
    /** What the one contract holding the pools is called (V4: PoolManager), for answers that name it. */
    holder: string;
    /** Calls that read the pool with this id: its state first (enough to say whether it exists), then what describes it. */
    readCalls(deployment: VenueDeployment, id: Hex): RpcCall[];
    /** Whether a pool has the id, from the first answer of `readCalls` alone. */
    exists(state: RpcBatchAnswer | undefined): boolean;
    /** The pool from the answers of `readCalls`; undefined when the node would not give what names its key. */
    read(answers: readonly RpcBatchAnswer[]): PoolById | undefined;
    /** The id of the pool a route hop through this venue runs through, as answers name it. */
    hopPoolId(hop: { tokenIn: Address; tokenOut: Address; fee: number; tickSpacing: number }): Hex;
  };
}
