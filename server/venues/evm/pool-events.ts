/**
 * The venues' own events that change what a pool prices, read into one small set of updates that a copy of
 * pool state kept in memory applies: new reserves (V2's `Sync`), a new price, active liquidity and tick after a
 * swap (V3's, PancakeSwap V3's and V4's `Swap`), liquidity added or removed over a tick range (V3's `Mint` and
 * `Burn`, V4's `ModifyLiquidity`), a new V4 pool (`Initialize`), and the launchpad curve's trades and
 * graduation. Other events of these contracts (collects, flashes, fee settings, donations) change no price.
 */
import { decodeEventLog, parseAbi, toEventSelector, type Abi, type Address, type Hex } from 'viem';

export type PoolUpdate =
  | { kind: 'reserves'; reserve0: bigint; reserve1: bigint }
  | { kind: 'swap'; sqrtPriceX96: bigint; liquidity: bigint; tick: number }
  | { kind: 'liquidity'; tickLower: number; tickUpper: number; delta: bigint }
  | { kind: 'initialize'; currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address; sqrtPriceX96: bigint; tick: number }
  | { kind: 'curve-trade'; token: Address; buy: boolean; amountIn: bigint; amountOut: bigint }
  | { kind: 'curve-closed'; token: Address };

/** Where an update belongs: the contract that logged it, and for V4 (one contract, many pools) the pool id. */
export interface PoolEvent {
  address: Address;
  id?: Hex;
  update: PoolUpdate;
}

const pairEvents = parseAbi(['event Sync(uint112 reserve0, uint112 reserve1)']);
const concentratedEvents = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
]);
/** PancakeSwap V3's swap adds the protocol's fees to Uniswap V3's: another signature, the same meaning. */
const pancakeSwapEvent = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
]);
const managerEvents = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
  'event ModifyLiquidity(bytes32 indexed id, address indexed sender, int24 tickLower, int24 tickUpper, int256 liquidityDelta, bytes32 salt)',
  'event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)',
]);
const curveEvents = parseAbi([
  'event Buy(address indexed token, address indexed trader, uint256 amountIn, uint256 amountOut)',
  'event Sell(address indexed token, address indexed trader, uint256 amountIn, uint256 amountOut)',
  'event Graduated(address indexed token, address pair, uint256 nativeAmount, uint256 tokenAmount)',
]);

const ALL_EVENTS: Abi = [...pairEvents, ...concentratedEvents, ...pancakeSwapEvent, ...managerEvents, ...curveEvents];

/** The first topics of every event above: the one filter a chain's upkeep reads its logs with. */
export const POOL_EVENT_TOPICS: readonly Hex[] = ALL_EVENTS.flatMap((item) => (item.type === 'event' ? [toEventSelector(item)] : []));

interface RawLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
}

/** A log of one of the events above as the update it makes; undefined for any other log. */
export function poolEventOf(log: RawLog): PoolEvent | undefined {
  let decoded;
  try {
    decoded = decodeEventLog({ abi: ALL_EVENTS, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true });
  } catch {
    return undefined;
  }
  const address = log.address.toLowerCase() as Address;
  // Every event above names its arguments: they decode to an object.
  const args = decoded.args as unknown as Record<string, unknown>;
  const update = updateOf(decoded.eventName ?? '', args);
  if (!update) return undefined;
  const id = typeof args.id === 'string' ? (args.id as Hex) : undefined;
  return id === undefined ? { address, update } : { address, id, update };
}

function updateOf(eventName: string, args: Record<string, unknown>): PoolUpdate | undefined {
  const big = (name: string) => args[name] as bigint;
  const small = (name: string) => Number(args[name]);
  switch (eventName) {
    case 'Sync':
      return { kind: 'reserves', reserve0: big('reserve0'), reserve1: big('reserve1') };
    case 'Swap':
      return { kind: 'swap', sqrtPriceX96: big('sqrtPriceX96'), liquidity: big('liquidity'), tick: small('tick') };
    case 'Mint':
      return { kind: 'liquidity', tickLower: small('tickLower'), tickUpper: small('tickUpper'), delta: big('amount') };
    case 'Burn':
      return { kind: 'liquidity', tickLower: small('tickLower'), tickUpper: small('tickUpper'), delta: -big('amount') };
    case 'ModifyLiquidity':
      return { kind: 'liquidity', tickLower: small('tickLower'), tickUpper: small('tickUpper'), delta: big('liquidityDelta') };
    case 'Initialize':
      return {
        kind: 'initialize',
        currency0: args.currency0 as Address,
        currency1: args.currency1 as Address,
        fee: small('fee'),
        tickSpacing: small('tickSpacing'),
        hooks: args.hooks as Address,
        sqrtPriceX96: big('sqrtPriceX96'),
        tick: small('tick'),
      };
    case 'Buy':
    case 'Sell':
      return { kind: 'curve-trade', token: args.token as Address, buy: eventName === 'Buy', amountIn: big('amountIn'), amountOut: big('amountOut') };
    case 'Graduated':
      return { kind: 'curve-closed', token: args.token as Address };
    default:
      return undefined;
  }
}
