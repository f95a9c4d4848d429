/**
 * The one place token data learns about pools: a token's Uniswap V2/V3 pools against the chain's wrapped
 * native token and stable, the native coin's USD price, and everything pool-info tells about one pool.
 *
 * Reads go out as JSON-RPC batches (one HTTP request each), in as few sequential steps as the data
 * allows: pool addresses first, then what those pools hold. A pool's creation block never changes, so it
 * is remembered per chain for the life of the process.
 *
 * Units: reserves are raw token units (bigint); prices are numbers in whole tokens (priceNative = native
 * per token, priceUsd = USD per token); liquidity is USD; fees are hundredths of a basis point (V3's unit:
 * 3000 = 0.3 %), V2's fixed 0.3 % written as 3000 so both venues compare.
 */
import { decodeFunctionResult, encodeEventTopics, encodeFunctionData, erc20Abi, hexToString, type Address, type Hex } from 'viem';
import type { ChainDirectory, ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer, RpcCall } from '@/server/chains/json-rpc';
import { batchAnswer, hexData, hexQuantity } from '@/server/chains/rpc-answers';
import { EVM_CHAIN_IDS, type ChainId } from '@/server/chains/registry';
import { AppError } from '@/server/errors';
import { V3_FEE_TIERS, type EvmVenueId } from './venues';

export type PoolFactoryName = 'Uniswap V2' | 'Uniswap V3';

export interface TokenPool {
  address: string;
  venue: EvmVenueId;
  factoryName: PoolFactoryName;
  /** Hundredths of a basis point (3000 = 0.3 %); V2 pools are 3000. */
  fee: number;
  /** The other side of the pool: the wrapped native token or the stable. */
  quoteToken: string;
  /** Raw balances the pool contract holds. */
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** USD value of both balances. */
  liquidityUsd: number;
  /** Token price in native units, from this pool alone (V2 reserves, V3 sqrtPriceX96), decimals applied. */
  priceNative: number;
  /** 0 when the chain has no wrapped-native/stable pool to price the native coin. */
  priceUsd: number;
}

export interface TokenPools {
  /** Sorted by liquidityUsd, deepest first. */
  pools: TokenPool[];
  /** The deepest pool, the token's main market; undefined when it has none. */
  mainPool: TokenPool | undefined;
  /** USD per native coin; 0 when the chain has no wrapped-native/stable pool. */
  nativeUsd: number;
}

export interface PoolToken {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Raw units, decimal string. */
  totalSupply: string;
}

/** The 2.5 poolInfo fields; units as in the module comment. */
export interface PoolInfo {
  address: string;
  type: EvmVenueId;
  factory: string;
  /** Uniswap V2/V3 pools have no hooks. */
  hooks: string;
  router: string;
  /** V3: QuoterV2; V2 has none. */
  quoter: string;
  /** Uniswap V2/V3 pools have no owner (the factory owner only sets protocol fees): always ''. */
  owner: string;
  to: string;
  chain: ChainId;
  fee: number;
  /** Percent (0.3 = 0.3 %), the LP fee alone; token taxes are not included. */
  realFee: number;
  /** V3 tick spacing; 0 for V2. */
  tickSpacing: number;
  /** The block and unix seconds of the factory's PairCreated/PoolCreated event for this pool. */
  blockNumber: number;
  createdAt: number;
  /** USD value of both balances the pool holds. */
  liquidity: number;
  /** USD: the token side's totalSupply × its price. */
  marketCap: number;
  /** Token side price in native units. */
  priceNative: number;
  /** Token side price in USD (0 when the native coin has no USD price on the chain). */
  priceUsd: number;
  token: PoolToken;
  quote: PoolToken;
}

const V2_FEE = 3000;

const factoryAbi = [
  { type: 'function', name: 'getPair', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'getPool', stateMutability: 'view', inputs: [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], outputs: [{ type: 'address' }] },
  {
    type: 'event', name: 'PairCreated', anonymous: false,
    inputs: [{ name: 'token0', type: 'address', indexed: true }, { name: 'token1', type: 'address', indexed: true }, { name: 'pair', type: 'address', indexed: false }, { name: 'index', type: 'uint256', indexed: false }],
  },
  {
    type: 'event', name: 'PoolCreated', anonymous: false,
    inputs: [
      { name: 'token0', type: 'address', indexed: true }, { name: 'token1', type: 'address', indexed: true }, { name: 'fee', type: 'uint24', indexed: true },
      { name: 'tickSpacing', type: 'int24', indexed: false }, { name: 'pool', type: 'address', indexed: false },
    ],
  },
] as const;

const poolAbi = [
  { type: 'function', name: 'factory', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'token0', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'token1', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
  { type: 'function', name: 'fee', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint24' }] },
  { type: 'function', name: 'tickSpacing', stateMutability: 'view', inputs: [], outputs: [{ type: 'int24' }] },
  { type: 'function', name: 'getReserves', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }] },
  {
    type: 'function', name: 'slot0', stateMutability: 'view', inputs: [],
    outputs: [{ type: 'uint160' }, { type: 'int24' }, { type: 'uint16' }, { type: 'uint16' }, { type: 'uint16' }, { type: 'uint8' }, { type: 'bool' }],
  },
] as const;

const ZERO_WORD_ADDRESS = /^0x0{40}$/;

// ---------------------------------------------------------------- batch plumbing

function ethCall(to: string, data: Hex): RpcCall {
  return { method: 'eth_call', params: [{ to, data }, 'latest'] };
}

/** Return data of an eth_call answer; undefined for a revert or an empty reply. */
function returned(answer: RpcBatchAnswer | undefined): Hex | undefined {
  if (!answer?.ok) return undefined;
  const parsed = hexData.safeParse(answer.result);
  return parsed.success && parsed.data !== '0x' ? parsed.data : undefined;
}

function word(answer: RpcBatchAnswer | undefined, index = 0): bigint | undefined {
  const data = returned(answer);
  const start = 2 + index * 64;
  return data && data.length >= start + 64 ? BigInt(`0x${data.slice(start, start + 64)}`) : undefined;
}

function addressWord(answer: RpcBatchAnswer | undefined): Address | undefined {
  const value = word(answer);
  if (value === undefined || value >= 1n << 160n) return undefined;
  const address = `0x${value.toString(16).padStart(40, '0')}` as Address;
  return ZERO_WORD_ADDRESS.test(address) ? undefined : address;
}

/** An ERC-20 name or symbol: a string, or bytes32 on old tokens (MKR style); '' when neither. */
function text(answer: RpcBatchAnswer | undefined): string {
  const data = returned(answer);
  if (!data) return '';
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', data });
  } catch {
    return data.length === 66 ? hexToString(data, { size: 32 }).replace(/\0+$/, '') : '';
  }
}

/** A signed 24-bit word (tick spacing). */
function int24(answer: RpcBatchAnswer | undefined): number | undefined {
  const value = word(answer);
  if (value === undefined) return undefined;
  return Number(BigInt.asIntN(24, value));
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Uniswap orders a pair's tokens by address. */
const isToken0 = (token: string, other: string) => BigInt(token) < BigInt(other);

const human = (raw: bigint, decimals: number) => Number(raw) / 10 ** decimals;

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

// ---------------------------------------------------------------- pool discovery and pricing

interface PoolRef {
  address: Address;
  venue: EvmVenueId;
  fee: number;
  token: Address;
  quote: Address;
}

/** getPair / getPool for (token, quote) on V2 and every V3 fee tier, in the order poolRefs reads them. */
function discoveryCalls(venues: EvmVenues, token: Address, quote: Address): RpcCall[] {
  return [
    ethCall(venues.uniswapV2Factory, encodeFunctionData({ abi: factoryAbi, functionName: 'getPair', args: [token, quote] })),
    ...V3_FEE_TIERS.map((fee) => ethCall(venues.uniswapV3Factory, encodeFunctionData({ abi: factoryAbi, functionName: 'getPool', args: [token, quote, fee] }))),
  ];
}

function poolRefs(answers: readonly RpcBatchAnswer[], token: Address, quote: Address): PoolRef[] {
  const venues: { venue: EvmVenueId; fee: number }[] = [{ venue: 'UNISWAP_V2', fee: V2_FEE }, ...V3_FEE_TIERS.map((fee) => ({ venue: 'UNISWAP_V3' as const, fee }))];
  return venues.flatMap(({ venue, fee }, index) => {
    const address = addressWord(answers[index]);
    return address ? [{ address, venue, fee, token, quote }] : [];
  });
}

/** What a pool holds of each side and its spot price: three calls per pool. */
function stateCalls(pool: PoolRef): RpcCall[] {
  return [
    ethCall(pool.token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })),
    ethCall(pool.quote, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool.address] })),
    ethCall(pool.address, encodeFunctionData({ abi: poolAbi, functionName: pool.venue === 'UNISWAP_V2' ? 'getReserves' : 'slot0' })),
  ];
}

interface PoolState {
  tokenReserve: bigint;
  quoteReserve: bigint;
  /** Quote per token in whole units; 0 for an empty or unreadable pool. */
  price: number;
}

/** Quote per token in whole units from V2 reserves or V3 sqrtPriceX96; 0 for an empty or unreadable pool. */
function spotPrice(pool: PoolRef, spot: RpcBatchAnswer | undefined, tokenDecimals: number, quoteDecimals: number): number {
  const tokenFirst = isToken0(pool.token, pool.quote);
  const [decimals0, decimals1] = tokenFirst ? [tokenDecimals, quoteDecimals] : [quoteDecimals, tokenDecimals];
  let price1Per0: number; // whole token1 per whole token0
  if (pool.venue === 'UNISWAP_V2') {
    const reserve0 = word(spot, 0) ?? 0n;
    const reserve1 = word(spot, 1) ?? 0n;
    price1Per0 = reserve0 === 0n ? 0 : (Number(reserve1) / Number(reserve0)) * 10 ** (decimals0 - decimals1);
  } else {
    const sqrtPriceX96 = word(spot, 0) ?? 0n;
    price1Per0 = (Number(sqrtPriceX96) / 2 ** 96) ** 2 * 10 ** (decimals0 - decimals1);
  }
  return finite(tokenFirst ? price1Per0 : price1Per0 === 0 ? 0 : 1 / price1Per0);
}

/** Reads the three answers of stateCalls. */
function poolState(answers: readonly RpcBatchAnswer[], pool: PoolRef, tokenDecimals: number, quoteDecimals: number): PoolState {
  return {
    tokenReserve: word(answers[0]) ?? 0n,
    quoteReserve: word(answers[1]) ?? 0n,
    price: spotPrice(pool, answers[2], tokenDecimals, quoteDecimals),
  };
}

/** USD per native coin from the deepest wrapped-native/stable pool, in two steps that can ride other batches. */
interface NativeUsdPlan {
  discovery: RpcCall[];
  state(discovered: readonly RpcBatchAnswer[]): { calls: RpcCall[]; price(answers: readonly RpcBatchAnswer[]): number };
}

function nativeUsdPlan(chain: ConfiguredChain, venues: EvmVenues): NativeUsdPlan {
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const nativeDecimals = chain.info.nativeDecimals;
  return {
    discovery: discoveryCalls(venues, wrapped, stable),
    state(discovered) {
      const pools = poolRefs(discovered, wrapped, stable);
      return {
        calls: pools.flatMap(stateCalls),
        price(answers) {
          let best = { usd: -1, price: 0 };
          pools.forEach((pool, index) => {
            const state = poolState(answers.slice(index * 3, index * 3 + 3), pool, nativeDecimals, venues.stable.decimals);
            const usd = human(state.quoteReserve, venues.stable.decimals) * 2;
            if (state.price > 0 && usd > best.usd) best = { usd, price: state.price };
          });
          return best.price;
        },
      };
    },
  };
}

function venuesOf(chain: ConfiguredChain): EvmVenues {
  if (chain.info.family !== 'evm') {
    throw new AppError('INVALID_INPUT', `chain: pool data is EVM only; ${chain.info.id} is not an EVM chain.`, { field: 'chain' });
  }
  if (!chain.available || !chain.venues) {
    throw new AppError('CHAIN_UNAVAILABLE', `${chain.info.id} has no Uniswap venues configured on this server.`);
  }
  return chain.venues;
}

/** USD per native coin, from the wrapped-native/stable pool with the most liquidity; 0 when there is none. Two round trips. */
export async function nativeUsd(chain: ConfiguredChain): Promise<number> {
  const plan = nativeUsdPlan(chain, venuesOf(chain));
  const state = plan.state(await chain.rpc.requestBatch(plan.discovery));
  return state.price(await chain.rpc.requestBatch(state.calls));
}

/**
 * The token's pools against the wrapped native token and the stable (V2 and every V3 fee tier), deepest
 * first, with the native USD price they were valued at. Two round trips (one batch each). The wrapped
 * native token and the stable are priced against each other: WETH at the native price, USDC near 1.
 */
export async function findTokenPools(chain: ConfiguredChain, token: string): Promise<TokenPools> {
  const venues = venuesOf(chain);
  const tokenAddress = token.toLowerCase() as Address;
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  const quotes = [
    { address: wrapped, decimals: chain.info.nativeDecimals },
    { address: stable, decimals: venues.stable.decimals },
  ].filter((quote) => !same(quote.address, tokenAddress));
  const knownDecimals = same(tokenAddress, wrapped) ? chain.info.nativeDecimals : same(tokenAddress, stable) ? venues.stable.decimals : undefined;

  const native = nativeUsdPlan(chain, venues);
  const decimalsCall = ethCall(tokenAddress, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' }));
  const first = await chain.rpc.requestBatch([
    ...native.discovery,
    decimalsCall,
    ...quotes.flatMap((quote) => discoveryCalls(venues, tokenAddress, quote.address)),
  ]);
  const nativeState = native.state(first.slice(0, native.discovery.length));
  const decimalsAt = native.discovery.length;
  const decimalsWord = word(first[decimalsAt]);
  const tokenDecimals = knownDecimals ?? (decimalsWord !== undefined && decimalsWord <= 255n ? Number(decimalsWord) : undefined);
  if (tokenDecimals === undefined) {
    throw new AppError('NOT_FOUND', `no ERC-20 token at ${token} on ${chain.info.id}: it does not answer decimals().`);
  }
  const perQuote = 1 + V3_FEE_TIERS.length;
  const refs = quotes.flatMap((quote, index) => {
    const start = decimalsAt + 1 + index * perQuote;
    return poolRefs(first.slice(start, start + perQuote), tokenAddress, quote.address).map((ref) => ({ ref, quoteDecimals: quote.decimals }));
  });

  const second = await chain.rpc.requestBatch([...nativeState.calls, ...refs.flatMap(({ ref }) => stateCalls(ref))]);
  const usdPerNative = nativeState.price(second.slice(0, nativeState.calls.length));
  const offset = nativeState.calls.length;
  const pools = refs.map(({ ref, quoteDecimals }, index): TokenPool => {
    const state = poolState(second.slice(offset + index * 3, offset + index * 3 + 3), ref, tokenDecimals, quoteDecimals);
    const quoteUsd = same(ref.quote, stable) ? 1 : usdPerNative;
    const quoteNative = same(ref.quote, stable) ? (usdPerNative > 0 ? 1 / usdPerNative : 0) : 1;
    const priceUsd = state.price * quoteUsd;
    return {
      address: ref.address,
      venue: ref.venue,
      factoryName: ref.venue === 'UNISWAP_V2' ? 'Uniswap V2' : 'Uniswap V3',
      fee: ref.fee,
      quoteToken: ref.quote,
      tokenReserve: state.tokenReserve,
      quoteReserve: state.quoteReserve,
      liquidityUsd: finite(human(state.tokenReserve, tokenDecimals) * priceUsd + human(state.quoteReserve, quoteDecimals) * quoteUsd),
      priceNative: same(tokenAddress, wrapped) ? 1 : finite(state.price * quoteNative),
      priceUsd: finite(priceUsd),
    };
  });
  pools.sort((a, b) => b.liquidityUsd - a.liquidityUsd);
  return { pools, mainPool: pools[0], nativeUsd: usdPerNative };
}

// ---------------------------------------------------------------- one pool

interface PoolCore {
  address: Address;
  venue: EvmVenueId;
  factory: Address;
  token0: Address;
  token1: Address;
  fee: number;
  tickSpacing: number;
  /** The getReserves (V2) or slot0 (V3) answer. */
  spot: RpcBatchAnswer | undefined;
}

interface PoolProbe {
  hasCode: boolean;
  core?: PoolCore;
  /** The native/stable pool discovery answers, read alongside so the next batch can price the native coin. */
  nativeDiscovery: readonly RpcBatchAnswer[];
}

const PROBE_CALLS = 8;

function probeCalls(pool: Address): RpcCall[] {
  const read = (functionName: 'factory' | 'token0' | 'token1' | 'fee' | 'tickSpacing' | 'getReserves' | 'slot0') =>
    ethCall(pool, encodeFunctionData({ abi: poolAbi, functionName }));
  return [
    { method: 'eth_getCode', params: [pool, 'latest'] },
    read('factory'), read('token0'), read('token1'), read('fee'), read('tickSpacing'), read('getReserves'), read('slot0'),
  ];
}

/**
 * One batch: code, factory, tokens, fee, tick spacing and spot price, plus the native/stable pool
 * addresses. A contract that is not a pool of this chain's factories has no core.
 */
async function probePool(chain: ConfiguredChain, venues: EvmVenues, pool: Address): Promise<PoolProbe> {
  const native = nativeUsdPlan(chain, venues);
  const answers = await chain.rpc.requestBatch([...probeCalls(pool), ...native.discovery]);
  const nativeDiscovery = answers.slice(PROBE_CALLS);
  const code = batchAnswer(chain.info.id, 'eth_getCode', hexData, answers[0]);
  if (code === '0x') return { hasCode: false, nativeDiscovery };
  const factory = addressWord(answers[1]);
  const token0 = addressWord(answers[2]);
  const token1 = addressWord(answers[3]);
  if (!factory || !token0 || !token1) return { hasCode: true, nativeDiscovery };
  if (same(factory, venues.uniswapV2Factory)) {
    return { hasCode: true, nativeDiscovery, core: { address: pool, venue: 'UNISWAP_V2', factory, token0, token1, fee: V2_FEE, tickSpacing: 0, spot: answers[6] } };
  }
  const fee = word(answers[4]);
  const tickSpacing = int24(answers[5]);
  if (same(factory, venues.uniswapV3Factory) && fee !== undefined && tickSpacing !== undefined) {
    return { hasCode: true, nativeDiscovery, core: { address: pool, venue: 'UNISWAP_V3', factory, token0, token1, fee: Number(fee), tickSpacing, spot: answers[7] } };
  }
  return { hasCode: true, nativeDiscovery };
}

function notAPool(chain: ConfiguredChain, pool: string, probe: PoolProbe): AppError {
  const why = probe.hasCode
    ? "the contract there is not a pool of this chain's Uniswap V2 or V3 factory"
    : 'the address has no code';
  return new AppError('NOT_FOUND', `no Uniswap V2/V3 pool at ${pool} on ${chain.info.id}: ${why}. Check the address and the chain.`);
}

interface Creation {
  blockNumber: number;
  createdAt: number;
}

/** A pool's creation never changes: remembered per chain directory entry for the life of the process. */
const creations = new WeakMap<ConfiguredChain, Map<string, Creation>>();

/**
 * The factory's creation event for the pool's tokens (and fee): its indexed topics narrow the logs to
 * this pair. Providers that cap eth_getLogs ranges may refuse the whole-history range; the pool then
 * reads as created at block 0.
 */
function creationLogCall(core: PoolCore): RpcCall {
  const topics = core.venue === 'UNISWAP_V2'
    ? encodeEventTopics({ abi: factoryAbi, eventName: 'PairCreated', args: { token0: core.token0, token1: core.token1 } })
    : encodeEventTopics({ abi: factoryAbi, eventName: 'PoolCreated', args: { token0: core.token0, token1: core.token1, fee: core.fee } });
  return { method: 'eth_getLogs', params: [{ address: core.factory, topics, fromBlock: '0x0', toBlock: 'latest' }] };
}

interface CreationLog {
  blockNumber: number;
  blockHash: Hex;
  /** Some nodes put the block's time on the log, which saves reading the block. */
  timestamp?: number;
}

/** The creation log for this pool; its address is in the data (not indexed), so it is matched here. */
function creationLog(answer: RpcBatchAnswer | undefined, core: PoolCore): CreationLog | undefined {
  if (!answer?.ok || !Array.isArray(answer.result)) return undefined;
  const needle = core.address.toLowerCase().slice(2);
  for (const log of answer.result as { data?: unknown; blockNumber?: unknown; blockHash?: unknown; blockTimestamp?: unknown }[]) {
    const blockNumber = hexQuantity.safeParse(log.blockNumber);
    const blockHash = hexData.safeParse(log.blockHash);
    if (typeof log.data !== 'string' || !log.data.toLowerCase().includes(needle) || !blockNumber.success || !blockHash.success) continue;
    const timestamp = hexQuantity.safeParse(log.blockTimestamp);
    return { blockNumber: Number(blockNumber.data), blockHash: blockHash.data, timestamp: timestamp.success ? Number(timestamp.data) : undefined };
  }
  return undefined;
}

async function readCreation(chain: ConfiguredChain, log: CreationLog | undefined): Promise<Creation | undefined> {
  if (!log) return undefined;
  if (log.timestamp !== undefined) return { blockNumber: log.blockNumber, createdAt: log.timestamp };
  const block = await chain.rpc.request<{ timestamp?: unknown } | null>('eth_getBlockByHash', [log.blockHash, false]);
  const timestamp = hexQuantity.safeParse(block?.timestamp);
  return timestamp.success ? { blockNumber: log.blockNumber, createdAt: Number(timestamp.data) } : undefined;
}

const TOKEN_CALLS = 5;

function tokenCalls(token: Address, pool: Address): RpcCall[] {
  return [
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'name' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' })),
    ethCall(token, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [pool] })),
  ];
}

function tokenFrom(answers: readonly RpcBatchAnswer[], address: Address): { token: PoolToken; balance: bigint } {
  const decimals = word(answers[2]);
  return {
    token: {
      address,
      name: text(answers[0]),
      symbol: text(answers[1]),
      decimals: decimals !== undefined && decimals <= 255n ? Number(decimals) : 18,
      totalSupply: (word(answers[3]) ?? 0n).toString(),
    },
    balance: word(answers[4]) ?? 0n,
  };
}

/**
 * Every pool-info field of a Uniswap V2 pair or V3 pool on this chain. NOT_FOUND when the address is not a
 * pool of the chain's factories. Two round trips (the pool; then its tokens, the native price and the
 * creation log), plus one for the creation block's time the first time a pool is read on a node that
 * does not put it on logs, plus two when neither side is the wrapped native token or the stable.
 */
export async function readPoolInfo(chain: ConfiguredChain, pool: string): Promise<PoolInfo> {
  const venues = venuesOf(chain);
  const probe = await probePool(chain, venues, pool.toLowerCase() as Address);
  if (!probe.core) throw notAPool(chain, pool, probe);
  return describePool(chain, venues, probe.core, probe.nativeDiscovery);
}

async function describePool(chain: ConfiguredChain, venues: EvmVenues, core: PoolCore, nativeDiscovery: readonly RpcBatchAnswer[]): Promise<PoolInfo> {
  const wrapped = venues.wrappedNative as Address;
  const stable = venues.stable.address as Address;
  // The quote side: the stable, else the wrapped native token, else token1.
  const quoteIs1 = same(core.token1, stable) || (!same(core.token0, stable) && (same(core.token1, wrapped) || !same(core.token0, wrapped)));

  let cache = creations.get(chain);
  if (!cache) creations.set(chain, (cache = new Map()));
  const cached = cache.get(core.address);
  const nativeState = nativeUsdPlan(chain, venues).state(nativeDiscovery);
  const calls = [...nativeState.calls, ...tokenCalls(core.token0, core.address), ...tokenCalls(core.token1, core.address)];
  if (!cached) calls.push(creationLogCall(core));
  const answers = await chain.rpc.requestBatch(calls);

  const at = nativeState.calls.length;
  const usdPerNative = nativeState.price(answers.slice(0, at));
  const side0 = tokenFrom(answers.slice(at, at + TOKEN_CALLS), core.token0);
  const side1 = tokenFrom(answers.slice(at + TOKEN_CALLS, at + 2 * TOKEN_CALLS), core.token1);
  const [token, quote] = quoteIs1 ? [side0, side1] : [side1, side0];

  const ref: PoolRef = { address: core.address, venue: core.venue, fee: core.fee, token: token.token.address as Address, quote: quote.token.address as Address };
  const price = spotPrice(ref, core.spot, token.token.decimals, quote.token.decimals);
  const quoteIsStable = same(ref.quote, stable);
  const quoteIsWrapped = same(ref.quote, wrapped);
  const [creation, quoteUsd] = await Promise.all([
    cached ?? readCreation(chain, creationLog(answers[at + 2 * TOKEN_CALLS], core)),
    quoteIsStable ? 1 : quoteIsWrapped ? usdPerNative : plainTokenUsd(chain, ref.quote),
  ]);
  if (!cached && creation) cache.set(core.address, creation);

  const priceUsd = finite(price * quoteUsd);
  const priceNative = same(ref.token, wrapped) ? 1 : quoteIsWrapped ? price : usdPerNative > 0 ? finite(priceUsd / usdPerNative) : 0;
  return {
    address: core.address,
    type: core.venue,
    factory: core.factory,
    hooks: '',
    router: (core.venue === 'UNISWAP_V2' ? venues.v2Router : venues.v3Router) ?? '',
    quoter: core.venue === 'UNISWAP_V3' ? venues.quoterV2 : '',
    owner: '',
    to: '',
    chain: chain.info.id,
    fee: core.fee,
    realFee: core.fee / 10_000,
    tickSpacing: core.tickSpacing,
    blockNumber: creation?.blockNumber ?? 0,
    createdAt: creation?.createdAt ?? 0,
    liquidity: finite(human(token.balance, token.token.decimals) * priceUsd + human(quote.balance, quote.token.decimals) * quoteUsd),
    marketCap: finite(human(BigInt(token.token.totalSupply), token.token.decimals) * priceUsd),
    priceNative,
    priceUsd,
    token: token.token,
    quote: quote.token,
  };
}

/** USD of a token that is neither the wrapped native nor the stable: its main pool's price (two more round trips). */
async function plainTokenUsd(chain: ConfiguredChain, token: Address): Promise<number> {
  const found = await findTokenPools(chain, token).catch(() => undefined);
  return found?.mainPool?.priceUsd ?? 0;
}

// ---------------------------------------------------------------- a pool on a given or any chain

/**
 * The pool on the given chain, or, without one, on whichever available EVM chain holds a pool of its venues
 * at that address (every chain probed at once, one batch each).
 */
export async function findPoolInfo(chains: ChainDirectory, input: { pool: string; chain?: ChainId }): Promise<PoolInfo> {
  return input.chain ? readPoolInfo(chains[input.chain], input.pool) : readPoolInfoAnywhere(chains, input.pool);
}

async function readPoolInfoAnywhere(chains: ChainDirectory, pool: string): Promise<PoolInfo> {
  const address = pool.toLowerCase() as Address;
  const candidates = EVM_CHAIN_IDS.filter((id) => chains[id].available && chains[id].venues);
  const probes = await Promise.all(candidates.map(async (id) => ({
    id,
    probe: await probePool(chains[id], chains[id].venues!, address).catch(() => undefined),
  })));
  const found = probes.filter((entry) => entry.probe?.core);
  if (found.length === 0) {
    throw new AppError('NOT_FOUND', `no Uniswap V2/V3 pool at ${pool} on any available chain (looked on ${candidates.join(', ')}). Check the address or pass chain.`);
  }
  if (found.length > 1) {
    throw new AppError('INVALID_INPUT', `chain: ${pool} is a pool on ${found.map((entry) => entry.id).join(', ')}; pass chain to choose one.`, { field: 'chain' });
  }
  const [{ id, probe }] = found as [{ id: ChainId; probe: PoolProbe }];
  return describePool(chains[id], chains[id].venues!, probe.core!, probe.nativeDiscovery);
}
