/**
 * What the Router's integration tests share: the chain context on the shared local world (or a chain of
 * their own when the world predates the Router), the Router's ABI as the tests encode it, the routes'
 * building blocks (hops, legs) and the helpers that send, simulate and measure swaps exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  getAddress,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { CHAINS, type EvmChainId } from '@/server/chains/registry';
import type { ManifestChain } from '@/server/chains/devnet-manifest';
import { anvilAccount } from '@/devnet/accounts';
import { compileContracts, type CompiledContracts, type ContractName } from '@/devnet/evm/compile';
import { startEvmChain } from '@/devnet/evm/evm-snapshot';
import { receiptOf } from '@/devnet/evm/receipt';
import { TEST_STATE_CACHE, testManifest } from '@/devnet/test-world';

export const V2 = 0;
export const V3 = 1;
export const V4 = 2;
export const NATIVE = '0x0000000000000000000000000000000000000000' as Address;
export const FAR_DEADLINE = 2n ** 40n;
/** A leg's share of the swapped amount is in parts per million: the whole amount. */
export const FULL_SHARE = 1_000_000;
// Explicit gas: estimates can come up short for Uniswap swaps when the next block has a new timestamp.
export const GAS = 1_500_000n;

/** The test-only attackers of contracts/test/: a V3 pool and a V4 PoolManager that call the Router back as told. */
export const fakePoolAbi = parseAbi([
  'function configure(int256 ask0, int256 ask1, uint256 times, bytes data)',
  'function setPancake(bool pancake)',
  'function attack(address router, int256 amount0Delta, int256 amount1Delta, bytes data)',
]);
export const fakeManagerAbi = parseAbi([
  'function configure(int128 delta0, int128 delta1, uint256 times, bytes replacementData)',
  'function attack(address router, bytes data)',
]);

export const erc20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function allowance(address, address) view returns (uint256)',
]);
export const wethAbi = parseAbi(['function deposit() payable', 'function approve(address, uint256) returns (bool)']);
export const v2Pair = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
]);
export const v2Factory = parseAbi(['function getPair(address, address) view returns (address)']);
export const v2Router02 = parseAbi([
  'function factory() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256, uint256, uint256)',
]);
export const quoterV2 = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
export const routerAbi = parseAbi([
  'struct Hop { uint8 venue; address pool; address tokenIn; address tokenOut; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct Leg { uint32 share; Hop[] hops; }',
  'struct SwapParams { address tokenIn; address tokenOut; uint256 amountIn; uint256 amountOutMin; address recipient; uint256 deadline; Leg[] legs; uint16 protocolFeeBps; uint16 integratorFeeBps; address integrator; }',
  'struct ExactOutParams { address tokenIn; address tokenOut; uint256 amountOut; uint256 amountInMax; address recipient; uint256 deadline; Leg[] legs; uint16 protocolFeeBps; uint16 integratorFeeBps; address integrator; }',
  'function swap(SwapParams p) payable returns (uint256 amountOut)',
  'function swapExactOut(ExactOutParams p) payable returns (uint256 amountIn)',
  'function previewFees(uint256 amount, uint16 protocolBps, uint16 integratorBps) pure returns (uint256 protocolFee, uint256 integratorFee, uint256 net)',
  'function previewExactOutFees(uint256 amount, uint16 protocolBps, uint16 integratorBps) pure returns (uint256 protocolFee, uint256 integratorFee, uint256 gross)',
  'function feeCollector() view returns (address)',
  'function wrappedNative() view returns (address)',
  'function owner() view returns (address)',
  'function setFeeCollector(address)',
  'function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes data)',
  'function pancakeV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes data)',
  'function unlockCallback(bytes data) returns (bytes)',
  'event Swapped(address indexed sender, address indexed recipient, address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, uint256 protocolFee, uint256 integratorFee, address integrator)',
]);

export interface Hop {
  venue: number;
  pool: Address;
  tokenIn: Address;
  tokenOut: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
}
/** A hop as the tests write it: V2 and V3 hops leave out the V4 pool key's tick spacing and hooks. */
export type HopInput = Omit<Hop, 'tickSpacing' | 'hooks'> & Partial<Pick<Hop, 'tickSpacing' | 'hooks'>>;
export interface Leg {
  share: number;
  hops: readonly Hop[];
}
export interface SwapParams {
  tokenIn: Address;
  tokenOut: Address;
  amountIn: bigint;
  amountOutMin: bigint;
  recipient: Address;
  deadline: bigint;
  legs: readonly Leg[];
  protocolFeeBps: number;
  integratorFeeBps: number;
  integrator: Address;
}

export interface ExactOutParams {
  tokenIn: Address;
  tokenOut: Address;
  amountOut: bigint;
  amountInMax: bigint;
  recipient: Address;
  deadline: bigint;
  legs: readonly Leg[];
  protocolFeeBps: number;
  integratorFeeBps: number;
  integrator: Address;
}

const fullHop = (hop: HopInput): Hop => ({ tickSpacing: 0, hooks: NATIVE, ...hop });

/** A route of one leg carrying the whole amount. */
export const oneLeg = (hops: readonly HopInput[]): Leg[] => [{ share: FULL_SHARE, hops: hops.map(fullHop) }];

/** A split route: each leg's share (parts per million) and its hops. */
export const legs = (...parts: [share: number, hops: readonly HopInput[]][]): Leg[] => parts.map(([share, hops]) => ({ share, hops: hops.map(fullHop) }));

/** What each leg of a split gets of `amount`, as the Router computes it: rounded down, the rest to the last. */
export function legAmounts(amount: bigint, shares: readonly number[]): bigint[] {
  const parts = shares.slice(0, -1).map((share) => (amount * BigInt(share)) / BigInt(FULL_SHARE));
  return [...parts, amount - parts.reduce((sum, part) => sum + part, 0n)];
}

export function params(overrides: Partial<SwapParams> & Pick<SwapParams, 'tokenIn' | 'tokenOut' | 'amountIn' | 'legs' | 'recipient'>): SwapParams {
  return { amountOutMin: 0n, deadline: FAR_DEADLINE, protocolFeeBps: 10, integratorFeeBps: 0, integrator: NATIVE, ...overrides };
}

export function exactOutParams(
  overrides: Partial<ExactOutParams> & Pick<ExactOutParams, 'tokenIn' | 'tokenOut' | 'amountOut' | 'amountInMax' | 'legs' | 'recipient'>,
): ExactOutParams {
  return { deadline: FAR_DEADLINE, protocolFeeBps: 10, integratorFeeBps: 0, integrator: NATIVE, ...overrides };
}

/**
 * The exact-out fees the Router charges on `amount` (`previewExactOutFees`): each `ceil(amount·bps / (10 000 −
 * total bps))`, and the gross they add up to with `amount` (what the sender pays, or what the legs deliver).
 */
export function exactOutFees(amount: bigint, protocolBps: number, integratorBps = 0) {
  const denominator = 10_000n - BigInt(protocolBps + integratorBps);
  const ceil = (bps: number) => (amount * BigInt(bps) + denominator - 1n) / denominator;
  const [protocolFee, integratorFee] = [ceil(protocolBps), ceil(integratorBps)];
  return { protocolFee, integratorFee, gross: amount + protocolFee + integratorFee };
}

export function chainContext(id: EvmChainId, entry: ManifestChain, compiled: CompiledContracts, errorsAbi: Abi) {
  const viemChain = defineChain({
    id: entry.chainId,
    name: id,
    nativeCurrency: { name: CHAINS[id].nativeSymbol, symbol: CHAINS[id].nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [entry.rpcUrl] } },
  });
  const transport = http(entry.rpcUrl);
  const client: PublicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 20 });
  const wallet = (index: number) =>
    createWalletClient({ account: privateKeyToAccount(anvilAccount(index).privateKey), chain: viemChain, transport, pollingInterval: 20 });
  const token = (symbolOrKind: string): Address => {
    const found = entry.tokens.find((t) => t.symbol === symbolOrKind || t.kind === symbolOrKind);
    if (!found) throw new Error(`${id}: no token ${symbolOrKind}`);
    return getAddress(found.address);
  };
  const pool = (venue: 'UNISWAP_V2' | 'UNISWAP_V3', a: Address, b: Address, fee = 3000): Address => {
    const found = entry.pools.find(
      (p) =>
        p.venue === venue &&
        p.fee === fee &&
        [p.token0.toLowerCase(), p.token1.toLowerCase()].sort().join() === [a.toLowerCase(), b.toLowerCase()].sort().join(),
    );
    if (!found) throw new Error(`${id}: no ${venue} pool ${a}/${b} ${fee}`);
    return getAddress(found.address);
  };
  return {
    id,
    entry,
    client,
    wallet,
    compiled,
    errorsAbi,
    router: getAddress(entry.contracts.router!),
    weth: getAddress(entry.wrappedNative),
    quoter: getAddress(entry.contracts.quoterV2!),
    v2Router: getAddress(entry.contracts.uniswapV2Router02!),
    token,
    pool,
    tokens: entry.tokens.map((t) => getAddress(t.address)),
  };
}

export type Ctx = ReturnType<typeof chainContext>;

export interface RouterWorld {
  compiled: CompiledContracts;
  /** Every error the calls can surface: the Router's, OpenZeppelin's ERC-20 ones. */
  errorsAbi: Abi;
  eth: Ctx;
  /** The shared world's manifest entry for BASE, when the tests run on the shared world. */
  baseEntry: ManifestChain | undefined;
  stop(): Promise<void>;
}

export async function startRouterWorld(): Promise<RouterWorld> {
  const compiled = await compileContracts({ cacheDir: path.join(TEST_STATE_CACHE, 'solc') });
  const errorsAbi = [...compiled.Router.abi.filter((item) => item.type === 'error'), ...compiled.TestToken.abi.filter((item) => item.type === 'error')] as Abi;
  const entry = testManifest().chains.ETH;
  if (entry?.contracts.router) {
    return { compiled, errorsAbi, eth: chainContext('ETH', entry, compiled, errorsAbi), baseEntry: testManifest().chains.BASE, stop: async () => undefined };
  }
  // A world handed over from outside may predate the Router: run on a chain of our own.
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'router-test-'));
  const chain = await startEvmChain('ETH', { cacheDir, accounts: 20 });
  const own: ManifestChain = {
    chainId: chain.info.chainId,
    rpcUrl: chain.url,
    routerAddress: chain.info.contracts.router ?? '',
    wrappedNative: chain.info.wrappedNative,
    contracts: chain.info.contracts,
    tokens: chain.info.tokens,
    pools: chain.info.pools,
    accounts: [],
  };
  return {
    compiled,
    errorsAbi,
    eth: chainContext('ETH', own, compiled, errorsAbi),
    baseEntry: undefined,
    async stop() {
      await chain.stop();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}

export const balanceOf = (ctx: Ctx, tokenAddress: Address, holder: Address) =>
  tokenAddress === NATIVE
    ? ctx.client.getBalance({ address: holder })
    : ctx.client.readContract({ address: tokenAddress, abi: erc20, functionName: 'balanceOf', args: [holder] });

/**
 * What a V2 pair pays for `amountIn` arriving at it, computed off-chain with the V2 formula and an LP fee in
 * hundredths of a bip (Uniswap V2's 3000 is its 997/1000, to the wei).
 */
export async function v2Out(ctx: Ctx, pair: Address, tokenIn: Address, amountIn: bigint, fee = 3000): Promise<bigint> {
  const [[r0, r1], token0] = await Promise.all([
    ctx.client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' }),
    ctx.client.readContract({ address: pair, abi: v2Pair, functionName: 'token0' }),
  ]);
  const [reserveIn, reserveOut] = getAddress(token0) === tokenIn ? [r0, r1] : [r1, r0];
  const withFee = amountIn * (1_000_000n - BigInt(fee));
  return (withFee * reserveOut) / (reserveIn * 1_000_000n + withFee);
}

/** Uniswap V3's own quote (QuoterV2) for a single pool. */
export async function v3Out(ctx: Ctx, tokenIn: Address, tokenOut: Address, fee: number, amountIn: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: ctx.quoter,
    abi: quoterV2,
    functionName: 'quoteExactInputSingle',
    args: [{ tokenIn, tokenOut, amountIn, fee, sqrtPriceLimitX96: 0n }],
  });
  return result[0];
}

/** What a V2 pair must be paid for exactly `amountOut` (Uniswap's getAmountIn with the fee in hundredths of a bip). */
export async function v2In(ctx: Ctx, pair: Address, tokenIn: Address, amountOut: bigint, fee = 3000): Promise<bigint> {
  const [[r0, r1], token0] = await Promise.all([
    ctx.client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' }),
    ctx.client.readContract({ address: pair, abi: v2Pair, functionName: 'token0' }),
  ]);
  const [reserveIn, reserveOut] = getAddress(token0) === tokenIn ? [r0, r1] : [r1, r0];
  return (reserveIn * amountOut * 1_000_000n) / ((reserveOut - amountOut) * (1_000_000n - BigInt(fee))) + 1n;
}

/** The V2 router's own exact-out quote: the input for exactly `amountOut` over `path`. */
export async function v2RouterIn(ctx: Ctx, amountOut: bigint, path: Address[]): Promise<bigint> {
  const amounts = await ctx.client.readContract({ address: ctx.v2Router, abi: v2Router02, functionName: 'getAmountsIn', args: [amountOut, path] });
  return amounts[0]!;
}

/** Uniswap V3's own exact-out quote (QuoterV2) for a single pool. */
export async function v3In(ctx: Ctx, tokenIn: Address, tokenOut: Address, fee: number, amountOut: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: ctx.quoter,
    abi: quoterV2,
    functionName: 'quoteExactOutputSingle',
    args: [{ tokenIn, tokenOut, amount: amountOut, fee, sqrtPriceLimitX96: 0n }],
  });
  return result[0];
}

export async function mined(ctx: Ctx, hash: Hex): Promise<TransactionReceipt> {
  const receipt = await receiptOf(ctx.client, hash);
  expect(receipt.status).toBe('success');
  return receipt;
}

/** A transaction that must be mined and revert. */
export async function revertedOnChain(ctx: Ctx, hash: Hex): Promise<void> {
  expect((await receiptOf(ctx.client, hash)).status).toBe('reverted');
}

export async function sendSwap(ctx: Ctx, account: number, p: SwapParams, gas = GAS): Promise<TransactionReceipt> {
  const hash = await ctx.wallet(account).writeContract({
    address: ctx.router,
    abi: routerAbi,
    functionName: 'swap',
    args: [p],
    value: p.tokenIn === NATIVE ? p.amountIn : 0n,
    gas,
  });
  return mined(ctx, hash);
}

export async function sendSwapExactOut(ctx: Ctx, account: number, p: ExactOutParams): Promise<TransactionReceipt> {
  const hash = await ctx.wallet(account).writeContract({
    address: ctx.router,
    abi: routerAbi,
    functionName: 'swapExactOut',
    args: [p],
    value: p.tokenIn === NATIVE ? p.amountInMax : 0n,
    gas: GAS,
  });
  return mined(ctx, hash);
}

export type RevertOf = (call: Promise<unknown>) => Promise<{ name: string; args: readonly unknown[] }>;

/** Decodes the custom error (or revert string) of a call that must revert, with `errorsAbi` for raw data. */
export function revertDecoder(errorsAbi: Abi): RevertOf {
  return async (call) => {
    try {
      await call;
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
      if (reverted instanceof ContractFunctionRevertedError) {
        if (reverted.data) return { name: reverted.data.errorName, args: reverted.data.args ?? [] };
        if (reverted.raw) {
          const decoded = decodeErrorResult({ abi: errorsAbi, data: reverted.raw });
          return { name: decoded.errorName, args: decoded.args ?? [] };
        }
        return { name: reverted.reason ?? 'unknown', args: [] };
      }
      return { name: `not a revert: ${(error as Error).message.split('\n')[0]}`, args: [] };
    }
    throw new Error('call did not revert');
  };
}

export function simulateSwap(ctx: Ctx, account: number, p: SwapParams, value = p.tokenIn === NATIVE ? p.amountIn : 0n) {
  return ctx.client.simulateContract({
    account: privateKeyToAccount(anvilAccount(account).privateKey),
    address: ctx.router,
    abi: [...routerAbi, ...ctx.errorsAbi] as Abi,
    functionName: 'swap',
    args: [p],
    value,
  });
}

export function simulateSwapExactOut(ctx: Ctx, account: number, p: ExactOutParams, value = p.tokenIn === NATIVE ? p.amountInMax : 0n) {
  return ctx.client.simulateContract({
    account: privateKeyToAccount(anvilAccount(account).privateKey),
    address: ctx.router,
    abi: [...routerAbi, ...ctx.errorsAbi] as Abi,
    functionName: 'swapExactOut',
    args: [p],
    value,
  });
}

/**
 * Fails, naming the remedy, unless the world's Router is the one compiled from contracts/router now (its
 * immutables aside): the world deploys the build kept in server/deploy/generated, which
 * `npm run contracts:bindings` refreshes after a change to the contracts.
 */
export async function expectCurrentRouter(ctx: Ctx): Promise<void> {
  const { deployedBytecode, immutableReferences } = ctx.compiled.Router;
  const masked = (code: Hex) => {
    let hex = code.slice(2);
    for (const { start, length } of Object.values(immutableReferences).flat()) {
      hex = hex.slice(0, start * 2) + '00'.repeat(length) + hex.slice((start + length) * 2);
    }
    return hex;
  };
  const deployed = await ctx.client.getCode({ address: ctx.router });
  if (!deployed || masked(deployed) !== masked(deployedBytecode)) {
    throw new Error(
      `The world's Router (${ctx.router}) is not the one compiled from contracts/router: run \`npm run contracts:bindings\` (the world deploys server/deploy/generated/deployables.ts).`,
    );
  }
}

/** The Router holds nothing after a swap: no native, no wrapped native, none of the world's tokens. */
export async function expectRouterEmpty(ctx: Ctx, extra: Address[] = []): Promise<void> {
  const holdings = await Promise.all([NATIVE, ...ctx.tokens, ...extra].map((t) => balanceOf(ctx, t, ctx.router)));
  expect(holdings).toEqual(holdings.map(() => 0n));
}

export function swappedEvent(receipt: TransactionReceipt) {
  const events = parseEventLogs({ abi: routerAbi, eventName: 'Swapped', logs: receipt.logs });
  expect(events).toHaveLength(1);
  return events[0]!.args;
}

export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address;
export const gasCost = (receipt: TransactionReceipt) => receipt.gasUsed * receipt.effectiveGasPrice;

export async function approve(ctx: Ctx, account: number, tokens: Address[], spender: Address) {
  for (const t of tokens) {
    await mined(ctx, await ctx.wallet(account).writeContract({ address: t, abi: erc20, functionName: 'approve', args: [spender, maxUint256] }));
  }
}

export const approveRouter = (ctx: Ctx, account: number, tokens: Address[]) => approve(ctx, account, tokens, ctx.router);

export async function deployContract(ctx: Ctx, account: number, contract: { abi: Abi; bytecode: Hex }, args: readonly unknown[] = []): Promise<Address> {
  const hash = await ctx.wallet(account).deployContract({ abi: contract.abi, bytecode: contract.bytecode, args, gas: 16_000_000n });
  const receipt = await mined(ctx, hash);
  return getAddress(receipt.contractAddress!);
}

/** Deploys one of the project's compiled contracts. */
export const deploy = (ctx: Ctx, account: number, name: ContractName, args: readonly unknown[] = []) => deployContract(ctx, account, ctx.compiled[name], args);

/**
 * A ReentrantToken deployed by `account`, which also seeds its V2 pair against wrapped native (100,000 tokens
 * and 10 native) and approves the Router for it.
 */
export async function deployReentrantToken(ctx: Ctx, account: number): Promise<{ evil: Address; pair: Address }> {
  const owner = getAddress(anvilAccount(account).address);
  const evil = await deploy(ctx, account, 'ReentrantToken', [parseUnits('1000000', 18)]);
  await approve(ctx, account, [evil], ctx.v2Router);
  await mined(
    ctx,
    await ctx.wallet(account).writeContract({
      address: ctx.v2Router,
      abi: v2Router02,
      functionName: 'addLiquidityETH',
      args: [evil, parseUnits('100000', 18), 0n, 0n, owner, FAR_DEADLINE],
      value: parseEther('10'),
      gas: 5_000_000n,
    }),
  );
  const factory = await ctx.client.readContract({ address: ctx.v2Router, abi: v2Router02, functionName: 'factory' });
  const pair = getAddress(await ctx.client.readContract({ address: factory, abi: v2Factory, functionName: 'getPair', args: [evil, ctx.weth] }));
  await approveRouter(ctx, account, [evil]);
  return { evil, pair };
}
