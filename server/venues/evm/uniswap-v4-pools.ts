/**
 * Uniswap V4 pools by id. A pool lives inside the PoolManager under the hash of its key (two currencies, fee,
 * tick spacing, hooks); the manager keeps the pool's state there but not its key, so the key comes from the
 * manager's `Initialize` event for the id, and what the pool's positions hold from its `ModifyLiquidity`
 * events (the manager holds every pool's tokens in one balance). The state is read with `extsload`, as
 * v4-core's StateLibrary does.
 */
import { concat, decodeEventLog, encodeAbiParameters, encodeEventTopics, encodeFunctionData, keccak256, numberToHex, type Address, type Hex } from 'viem';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { hexData, hexQuantity } from '@/server/chains/rpc-answers';
import { ethCall, word } from './rpc-words';
import type { PoolById } from './venue-adapter';

const managerAbi = [
  { type: 'function', name: 'extsload', stateMutability: 'view', inputs: [{ type: 'bytes32' }], outputs: [{ type: 'bytes32' }] },
  {
    type: 'event',
    name: 'Initialize',
    anonymous: false,
    inputs: [
      { name: 'id', type: 'bytes32', indexed: true },
      { name: 'currency0', type: 'address', indexed: true },
      { name: 'currency1', type: 'address', indexed: true },
      { name: 'fee', type: 'uint24', indexed: false },
      { name: 'tickSpacing', type: 'int24', indexed: false },
      { name: 'hooks', type: 'address', indexed: false },
      { name: 'sqrtPriceX96', type: 'uint160', indexed: false },
      { name: 'tick', type: 'int24', indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'ModifyLiquidity',
    anonymous: false,
    inputs: [
      { name: 'id', type: 'bytes32', indexed: true },
      { name: 'sender', type: 'address', indexed: true },
      { name: 'tickLower', type: 'int24', indexed: false },
      { name: 'tickUpper', type: 'int24', indexed: false },
      { name: 'liquidityDelta', type: 'int256', indexed: false },
      { name: 'salt', type: 'bytes32', indexed: false },
    ],
  },
] as const;

/** StateLibrary.POOLS_SLOT: the manager's `pools` mapping. */
const POOLS_SLOT = numberToHex(6, { size: 32 });
/** LPFeeLibrary.DYNAMIC_FEE_FLAG: a key's fee of exactly this means its hooks set the fee. */
export const DYNAMIC_FEE_FLAG = 0x800000;
const NO_HOOKS = '0x0000000000000000000000000000000000000000' as Address;
const MASK_160 = (1n << 160n) - 1n;
const MASK_24 = (1n << 24n) - 1n;
const Q96 = 2 ** 96;

/** A pool's id: keccak256 of its abi-encoded key (PoolIdLibrary). */
export function v4PoolId(key: { currency0: Address; currency1: Address; fee: number; tickSpacing: number; hooks: Address }): Hex {
  return keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }, { type: 'int24' }, { type: 'address' }],
      [key.currency0, key.currency1, key.fee, key.tickSpacing, key.hooks],
    ),
  );
}

/** The id of the hookless pool a route hop runs through: its currencies are the hop's tokens, in address order. */
export function hopPoolId(hop: { tokenIn: Address; tokenOut: Address; fee: number; tickSpacing: number }): Hex {
  const [currency0, currency1] = BigInt(hop.tokenIn) < BigInt(hop.tokenOut) ? [hop.tokenIn, hop.tokenOut] : [hop.tokenOut, hop.tokenIn];
  return v4PoolId({ currency0, currency1, fee: hop.fee, tickSpacing: hop.tickSpacing, hooks: NO_HOOKS });
}

const logsCall = (manager: Address, eventName: 'Initialize' | 'ModifyLiquidity', id: Hex): RpcCall => ({
  method: 'eth_getLogs',
  params: [{ address: manager, topics: encodeEventTopics({ abi: managerAbi, eventName, args: { id } }), fromBlock: '0x0', toBlock: 'latest' }],
});

/** Its state (slot0) first, then the events naming its key and its positions. */
export function v4PoolCalls(manager: Address, id: Hex): RpcCall[] {
  const slot0 = keccak256(concat([id, POOLS_SLOT]));
  return [
    ethCall(manager, encodeFunctionData({ abi: managerAbi, functionName: 'extsload', args: [slot0] })),
    logsCall(manager, 'Initialize', id),
    logsCall(manager, 'ModifyLiquidity', id),
  ];
}

/** An initialized pool has a price; the slot of an id no pool has reads zero. */
export function v4PoolExists(slot0: RpcBatchAnswer | undefined): boolean {
  return ((word(slot0) ?? 0n) & MASK_160) > 0n;
}

interface RawLog {
  data: Hex;
  topics: [Hex, ...Hex[]];
  blockNumber: bigint;
  blockHash: Hex;
  blockTimestamp?: bigint;
}

function logsOf(answer: RpcBatchAnswer | undefined): RawLog[] | undefined {
  if (!answer?.ok || !Array.isArray(answer.result)) return undefined;
  return (answer.result as Record<string, unknown>[]).flatMap((log) => {
    const data = hexData.safeParse(log.data);
    const blockNumber = hexQuantity.safeParse(log.blockNumber);
    const blockHash = hexData.safeParse(log.blockHash);
    const topics = Array.isArray(log.topics) ? (log.topics as Hex[]) : [];
    if (!data.success || !blockNumber.success || !blockHash.success || topics.length === 0) return [];
    const timestamp = hexQuantity.safeParse(log.blockTimestamp);
    return [
      {
        data: data.data,
        topics: topics as RawLog['topics'],
        blockNumber: blockNumber.data,
        blockHash: blockHash.data,
        blockTimestamp: timestamp.success ? timestamp.data : undefined,
      },
    ];
  });
}

/** The pool from the answers of `v4PoolCalls`; undefined when the node gave no Initialize event for it. */
export function readV4Pool(answers: readonly RpcBatchAnswer[]): PoolById | undefined {
  const [slot0Answer, initializeAnswer, positionsAnswer] = answers;
  const initialize = logsOf(initializeAnswer)?.[0];
  if (!initialize) return undefined;
  const key = decodeEventLog({ abi: managerAbi, eventName: 'Initialize', data: initialize.data, topics: initialize.topics }).args;
  const slot0 = word(slot0Answer) ?? 0n;
  const sqrtPriceX96 = slot0 & MASK_160;
  const dynamicFee = key.fee === DYNAMIC_FEE_FLAG;
  const positions = logsOf(positionsAnswer)?.map((log) => {
    const { tickLower, tickUpper, liquidityDelta } = decodeEventLog({ abi: managerAbi, eventName: 'ModifyLiquidity', data: log.data, topics: log.topics }).args;
    return { tickLower, tickUpper, liquidity: liquidityDelta };
  });
  const sqrtPrice = Number(sqrtPriceX96) / Q96;
  return {
    token0: key.currency0,
    token1: key.currency1,
    // A dynamic fee is whatever the hooks last set (slot0's lpFee); a static one is the key's.
    fee: dynamicFee ? Number((slot0 >> 208n) & MASK_24) : key.fee,
    dynamicFee,
    tickSpacing: key.tickSpacing,
    hooks: key.hooks,
    rawPrice1Per0: sqrtPrice * sqrtPrice,
    reserves: positions ? positionsHold(sqrtPriceX96, positions) : undefined,
    creation: {
      blockNumber: Number(initialize.blockNumber),
      blockHash: initialize.blockHash,
      timestamp: initialize.blockTimestamp === undefined ? undefined : Number(initialize.blockTimestamp),
    },
  };
}

const sqrtPriceAtTick = (tick: number) => Math.pow(1.0001, tick / 2);

/**
 * What positions hold at the price (raw units of each currency): each range's net liquidity (the changes made
 * to it, summed) priced as a concentrated position, L × (1/√p - 1/√upper) of currency0 above the price and
 * L × (√p - √lower) of currency1 below it. Fees not yet collected are not counted.
 */
export function positionsHold(
  sqrtPriceX96: bigint,
  changes: readonly { tickLower: number; tickUpper: number; liquidity: bigint }[],
): { amount0: bigint; amount1: bigint } {
  const ranges = new Map<string, { lower: number; upper: number; liquidity: bigint }>();
  for (const change of changes) {
    const rangeKey = `${change.tickLower}:${change.tickUpper}`;
    const range = ranges.get(rangeKey) ?? { lower: change.tickLower, upper: change.tickUpper, liquidity: 0n };
    range.liquidity += change.liquidity;
    ranges.set(rangeKey, range);
  }
  const sqrtPrice = Number(sqrtPriceX96) / Q96;
  let amount0 = 0;
  let amount1 = 0;
  for (const { lower, upper, liquidity } of ranges.values()) {
    if (liquidity <= 0n || sqrtPrice === 0) continue;
    const [sqrtLower, sqrtUpper, l] = [sqrtPriceAtTick(lower), sqrtPriceAtTick(upper), Number(liquidity)];
    if (sqrtPrice < sqrtUpper) amount0 += l * (1 / Math.max(sqrtPrice, sqrtLower) - 1 / sqrtUpper);
    if (sqrtPrice > sqrtLower) amount1 += l * (Math.min(sqrtPrice, sqrtUpper) - sqrtLower);
  }
  return { amount0: BigInt(Math.floor(amount0)), amount1: BigInt(Math.floor(amount1)) };
}
