/**
 * Venues the shared world does not carry yet, deployed by the Router's tests on its chain from the npm
 * builds: a Uniswap V4 PoolManager with hookless pools, its liquidity helper and v4-periphery's V4Quoter,
 * a PancakeSwap V3 factory with the project's pool deployer, a pool and full-range liquidity, and a PancakeSwap V2
 * factory (built as the world builds it, devnet/evm/pancake-v2-build.ts) with one funded pair.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { encodeAbiParameters, getAddress, getContractAddress, keccak256, parseAbi, parseEther, type Abi, type Address, type Hex } from 'viem';
import { anvilAccount } from '@/devnet/accounts';
import { pancakeV2Build } from '@/devnet/evm/pancake-v2-build';
import { NATIVE, approve, deploy, deployContract, mined, v2Pair, wethAbi, type Ctx } from './router-test-world';

const require = createRequire(import.meta.url);
const Q96 = 2n ** 96n;
const MAX_TICK = 887_272;

export const NPM_ARTIFACTS = {
  PoolManager: '@uniswap/v4-core/out/PoolManager.sol/PoolManager.json',
  PoolModifyLiquidityTest: '@uniswap/v4-core/out/PoolModifyLiquidityTest.sol/PoolModifyLiquidityTest.json',
  V4Quoter: '@uniswap/v4-periphery/foundry-out/V4Quoter.sol/V4Quoter.json',
  PancakeV3Factory: '@pancakeswap/v3-core/artifacts/contracts/PancakeV3Factory.sol/PancakeV3Factory.json',
  PancakeV3Pool: '@pancakeswap/v3-core/artifacts/contracts/PancakeV3Pool.sol/PancakeV3Pool.json',
} as const;

/** A build artifact from node_modules: hardhat's (`bytecode` a string) or foundry's (`bytecode.object`). */
export function npmArtifact(name: keyof typeof NPM_ARTIFACTS): { abi: Abi; bytecode: Hex } {
  const json = JSON.parse(readFileSync(require.resolve(NPM_ARTIFACTS[name]), 'utf8')) as { abi: Abi; bytecode: string | { object: string } };
  const raw = typeof json.bytecode === 'string' ? json.bytecode : json.bytecode.object;
  return { abi: json.abi, bytecode: (raw.startsWith('0x') ? raw : `0x${raw}`) as Hex };
}

const POOL_KEY = 'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }';
export const poolManagerAbi = parseAbi([POOL_KEY, 'function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)']);
const modifyLiquidityAbi = parseAbi([
  POOL_KEY,
  'struct ModifyLiquidityParams { int24 tickLower; int24 tickUpper; int256 liquidityDelta; bytes32 salt; }',
  'function modifyLiquidity(PoolKey key, ModifyLiquidityParams params, bytes hookData) payable returns (int256 delta)',
]);
const v4QuoterAbi = parseAbi([
  POOL_KEY,
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
  'function quoteExactOutputSingle(QuoteExactSingleParams params) returns (uint256 amountIn, uint256 gasEstimate)',
]);
const pancakeFactoryAbi = parseAbi([
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address pool)',
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
]);
const pancakeDeployerAbi = parseAbi(['function setFactoryAddress(address factory)']);
const pancakeV2FactoryAbi = parseAbi([
  'function createPair(address tokenA, address tokenB) returns (address pair)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
]);
const pairFundingAbi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)', 'function mint(address to) returns (uint256 liquidity)']);
const v3PoolAbi = parseAbi(['function initialize(uint160 sqrtPriceX96)']);
const minterAbi = parseAbi(['function mint(address pool, address recipient, int24 tickLower, int24 tickUpper, uint128 liquidity) returns (uint256, uint256)']);
const v3QuoterAbi = parseAbi([
  'function quote(address pool, bool zeroForOne, uint256 amountIn) returns (uint256 amountOut)',
  'function quoteExactOut(address pool, bool zeroForOne, uint256 amountOut) returns (uint256 amountIn)',
]);

export interface PoolKey {
  currency0: Address;
  currency1: Address;
  fee: number;
  tickSpacing: number;
  hooks: Address;
}

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = value;
  let y = (x + 1n) / 2n;
  while (y < x) [x, y] = [y, (y + value / y) / 2n];
  return x;
}

const sorted = (a: Address, b: Address): [Address, Address] => (BigInt(a) < BigInt(b) ? [a, b] : [b, a]);
const fullRange = (tickSpacing: number) => {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
};

/** The V2 pair's price as a V3/V4 sqrt price (token1 per token0, Q64.96), so a new pool starts level with it. */
async function sqrtPriceOfPair(ctx: Ctx, pair: Address): Promise<bigint> {
  const [reserve0, reserve1] = await ctx.client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' });
  return isqrt((reserve1 << 192n) / reserve0);
}

/** Full-range liquidity holding about `wethAmount` of wrapped native at `sqrtPrice`. */
function liquidityFor(ctx: Ctx, token0: Address, sqrtPrice: bigint, wethAmount: bigint): bigint {
  return token0 === ctx.weth ? (wethAmount * sqrtPrice) / Q96 : (wethAmount * Q96) / sqrtPrice;
}

/** How much of `token` the world's V2 pair gives for one wrapped native, as a ratio (token, wrapped native) of its reserves. */
async function perNative(ctx: Ctx, token: Address): Promise<[bigint, bigint]> {
  if (token === ctx.weth) return [1n, 1n];
  const [reserve0, reserve1] = await ctx.client.readContract({ address: ctx.pool('UNISWAP_V2', ctx.weth, token), abi: v2Pair, functionName: 'getReserves' });
  return BigInt(token) < BigInt(ctx.weth) ? [reserve0, reserve1] : [reserve1, reserve0];
}

/**
 * The sqrt price (token1 per token0, Q64.96) of two tokens at the world's V2 prices against wrapped native, and
 * the full-range liquidity holding about `wethWorth` of wrapped native's value on each side (L = √(x·y)).
 */
async function levelPool(ctx: Ctx, token0: Address, token1: Address, wethWorth: bigint): Promise<{ sqrtPrice: bigint; liquidity: bigint }> {
  const [[t0, w0], [t1, w1]] = await Promise.all([perNative(ctx, token0), perNative(ctx, token1)]);
  const [amount0, amount1] = [(wethWorth * t0) / w0, (wethWorth * t1) / w1];
  return { sqrtPrice: isqrt((amount1 << 192n) / amount0), liquidity: isqrt(amount0 * amount1) };
}

/**
 * Gives `account` wrapped native and `tokenAmount` of `token` (an OpenZeppelin ERC-20: balances in the
 * mapping at slot 0) to provide liquidity. The token balance is written, not bought: a purchase would move
 * the shared world's pools, whose depth other test files rely on (chain auto-detection ties, prices).
 */
async function fundProvider(ctx: Ctx, account: number, token: Address, native: bigint, tokenAmount = parseEther('10000000')): Promise<void> {
  const address = getAddress(anvilAccount(account).address);
  await mined(ctx, await ctx.wallet(account).writeContract({ address: ctx.weth, abi: wethAbi, functionName: 'deposit', value: native }));
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [address, 0n]));
  await ctx.client.request({ method: 'anvil_setStorageAt', params: [token, slot, `0x${tokenAmount.toString(16).padStart(64, '0')}`] } as never);
}

export interface V4Venue {
  manager: Address;
  quoter: Address;
  key: PoolKey;
  liquidityRouter: Address;
}

/**
 * A PoolManager with one hookless pool of wrapped native and `token` (fee 0.3 %, tick spacing 60), started at
 * the world's V2 price, with full-range liquidity of about 20 wrapped native a side from `provider`.
 */
export async function deployV4Pool(ctx: Ctx, provider: number, token: Address): Promise<V4Venue> {
  const owner = getAddress(anvilAccount(provider).address);
  const manager = await deployContract(ctx, provider, npmArtifact('PoolManager'), [owner]);
  const liquidityRouter = await deployContract(ctx, provider, npmArtifact('PoolModifyLiquidityTest'), [manager]);
  const quoter = await deployContract(ctx, provider, npmArtifact('V4Quoter'), [manager]);
  const [currency0, currency1] = sorted(ctx.weth, token);
  const key: PoolKey = { currency0, currency1, fee: 3000, tickSpacing: 60, hooks: NATIVE };
  await fundProvider(ctx, provider, token, parseEther('50'));
  const sqrtPrice = await sqrtPriceOfPair(ctx, ctx.pool('UNISWAP_V2', ctx.weth, token));
  await mined(ctx, await ctx.wallet(provider).writeContract({ address: manager, abi: poolManagerAbi, functionName: 'initialize', args: [key, sqrtPrice] }));
  await approve(ctx, provider, [ctx.weth, token], liquidityRouter);
  await addLiquidity(ctx, provider, liquidityRouter, key, fullRange(60), liquidityFor(ctx, currency0, sqrtPrice, parseEther('20')));
  return { manager, quoter, key, liquidityRouter };
}

/** A V4 pool's tier and, when not full range, how many tick spacings either side of its starting tick it covers. */
export interface V4PoolShape {
  fee: number;
  tickSpacing: number;
  spacingsAround?: number;
}

/**
 * Another hookless pool (by default fee 0.3 %, tick spacing 60, full range) in the manager of `venue`, of any
 * two of the world's plain tokens or wrapped native, started at their world V2 prices against wrapped native,
 * with the liquidity of a full-range position worth about 20 wrapped native a side from `provider` (whose token
 * balances are written, as `deployV4Pool` does). A `spacingsAround` shape puts that liquidity in a narrow range
 * instead, so the pool runs out of it within a few percent. Returns the venue with this pool's key.
 */
export async function addV4Pool(
  ctx: Ctx,
  provider: number,
  venue: V4Venue,
  tokenA: Address,
  tokenB: Address,
  shape: V4PoolShape = { fee: 3000, tickSpacing: 60 },
): Promise<V4Venue> {
  const [currency0, currency1] = sorted(tokenA, tokenB);
  const key: PoolKey = { currency0, currency1, fee: shape.fee, tickSpacing: shape.tickSpacing, hooks: NATIVE };
  const { sqrtPrice, liquidity } = await levelPool(ctx, currency0, currency1, parseEther('20'));
  const initialize = { address: venue.manager, abi: poolManagerAbi, functionName: 'initialize', args: [key, sqrtPrice] } as const;
  const { result: tick } = await ctx.client.simulateContract({ ...initialize, account: ctx.wallet(provider).account });
  await mined(ctx, await ctx.wallet(provider).writeContract(initialize));
  const tokens = [currency0, currency1].filter((t) => t !== ctx.weth);
  for (const [i, token] of tokens.entries()) await fundProvider(ctx, provider, token, i === 0 && tokens.length === 1 ? parseEther('50') : 0n);
  await approve(ctx, provider, [currency0, currency1], venue.liquidityRouter);
  const base = Math.floor(tick / shape.tickSpacing) * shape.tickSpacing;
  const range =
    shape.spacingsAround === undefined
      ? fullRange(shape.tickSpacing)
      : { tickLower: base - shape.spacingsAround * shape.tickSpacing, tickUpper: base + shape.spacingsAround * shape.tickSpacing };
  await addLiquidity(ctx, provider, venue.liquidityRouter, key, range, liquidity);
  return { ...venue, key };
}

async function addLiquidity(
  ctx: Ctx,
  provider: number,
  liquidityRouter: Address,
  key: PoolKey,
  range: { tickLower: number; tickUpper: number },
  liquidityDelta: bigint,
): Promise<void> {
  await mined(
    ctx,
    await ctx.wallet(provider).writeContract({
      address: liquidityRouter,
      abi: modifyLiquidityAbi,
      functionName: 'modifyLiquidity',
      gas: 2_000_000n,
      args: [key, { ...range, liquidityDelta, salt: `0x${'00'.repeat(32)}` }, '0x'],
    }),
  );
}

/** v4-periphery's V4Quoter: what the pool pays for `amountIn` of `tokenIn`. */
export async function v4Out(ctx: Ctx, venue: V4Venue, tokenIn: Address, amountIn: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: venue.quoter,
    abi: v4QuoterAbi,
    functionName: 'quoteExactInputSingle',
    args: [{ poolKey: venue.key, zeroForOne: tokenIn === venue.key.currency0, exactAmount: amountIn, hookData: '0x' }],
  });
  return result[0];
}

/** v4-periphery's V4Quoter, exact out: what the pool asks for exactly `amountOut` bought with `tokenIn`. */
export async function v4In(ctx: Ctx, venue: V4Venue, tokenIn: Address, amountOut: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: venue.quoter,
    abi: v4QuoterAbi,
    functionName: 'quoteExactOutputSingle',
    args: [{ poolKey: venue.key, zeroForOne: tokenIn === venue.key.currency0, exactAmount: amountOut, hookData: '0x' }],
  });
  return result[0];
}

export interface PancakeVenue {
  factory: Address;
  deployer: Address;
  pool: Address;
  quoter: Address;
  fee: number;
}

/**
 * A PancakeSwap V3 factory wired to the project's pool deployer, one pool of wrapped native and `token` in
 * the 0.25 % tier (tick spacing 50) at the world's V2 price, and full-range liquidity of about 20 wrapped
 * native a side minted through V3LiquidityMinter.
 */
export async function deployPancakePool(ctx: Ctx, provider: number, token: Address): Promise<PancakeVenue> {
  const fee = 2500;
  const owner = getAddress(anvilAccount(provider).address);
  const deployer = await deploy(ctx, provider, 'PancakeV3PoolDeployer', [npmArtifact('PancakeV3Pool').bytecode]);
  const factory = await deployContract(ctx, provider, npmArtifact('PancakeV3Factory'), [deployer]);
  await mined(
    ctx,
    await ctx.wallet(provider).writeContract({ address: deployer, abi: pancakeDeployerAbi, functionName: 'setFactoryAddress', args: [factory] }),
  );
  await mined(
    ctx,
    await ctx
      .wallet(provider)
      .writeContract({ address: factory, abi: pancakeFactoryAbi, functionName: 'createPool', args: [ctx.weth, token, fee], gas: 8_000_000n }),
  );
  const pool = getAddress(await ctx.client.readContract({ address: factory, abi: pancakeFactoryAbi, functionName: 'getPool', args: [ctx.weth, token, fee] }));
  const [token0] = sorted(ctx.weth, token);
  const sqrtPrice = await sqrtPriceOfPair(ctx, ctx.pool('UNISWAP_V2', ctx.weth, token));
  await mined(ctx, await ctx.wallet(provider).writeContract({ address: pool, abi: v3PoolAbi, functionName: 'initialize', args: [sqrtPrice] }));
  await fundProvider(ctx, provider, token, parseEther('50'));
  const minter = await deploy(ctx, provider, 'V3LiquidityMinter');
  await approve(ctx, provider, [ctx.weth, token], minter);
  const { tickLower, tickUpper } = fullRange(50);
  await mined(
    ctx,
    await ctx.wallet(provider).writeContract({
      address: minter,
      abi: minterAbi,
      functionName: 'mint',
      gas: 2_000_000n,
      args: [pool, owner, tickLower, tickUpper, liquidityFor(ctx, token0, sqrtPrice, parseEther('20'))],
    }),
  );
  const quoter = await deploy(ctx, provider, 'V3PoolQuoter');
  return { factory, deployer, pool, quoter, fee };
}

/**
 * A PancakeSwap V2 factory with one pair of wrapped native and `token` (0.25 %), holding 20 wrapped native and
 * the token at the world's Uniswap V2 price, funded by `provider` as a pair is first funded (both in, `mint`).
 */
export async function deployPancakeV2Pair(ctx: Ctx, provider: number, token: Address): Promise<Address> {
  const owner = getAddress(anvilAccount(provider).address);
  const factory = await deployContract(ctx, provider, pancakeV2Build().factory, [owner]);
  const write = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) =>
    mined(ctx, await ctx.wallet(provider).writeContract({ address, abi, functionName, args, gas: 5_000_000n }));
  await write(factory, pancakeV2FactoryAbi, 'createPair', [ctx.weth, token]);
  const pair = getAddress(await ctx.client.readContract({ address: factory, abi: pancakeV2FactoryAbi, functionName: 'getPair', args: [ctx.weth, token] }));
  const native = parseEther('20');
  await fundProvider(ctx, provider, token, native);
  const uniswapPair = ctx.pool('UNISWAP_V2', ctx.weth, token);
  const [[reserve0, reserve1], token0] = await Promise.all([
    ctx.client.readContract({ address: uniswapPair, abi: v2Pair, functionName: 'getReserves' }),
    ctx.client.readContract({ address: uniswapPair, abi: v2Pair, functionName: 'token0' }),
  ]);
  const [reserveNative, reserveToken] = getAddress(token0) === ctx.weth ? [reserve0, reserve1] : [reserve1, reserve0];
  await write(ctx.weth, pairFundingAbi, 'transfer', [pair, native]);
  await write(token, pairFundingAbi, 'transfer', [pair, (native * reserveToken) / reserveNative]);
  await write(pair, pairFundingAbi, 'mint', [owner]);
  return pair;
}

/** The CREATE2 address a pool deployer gives a pool: the salt of PancakeSwap's deployer, the artifact's init code. */
export function pancakePoolAddress(deployer: Address, tokenA: Address, tokenB: Address, fee: number): Address {
  const [token0, token1] = sorted(tokenA, tokenB);
  return getContractAddress({
    opcode: 'CREATE2',
    from: deployer,
    bytecodeHash: keccak256(npmArtifact('PancakeV3Pool').bytecode),
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [token0, token1, fee])),
  });
}

/** What any V3-family pool asks for exactly `amountOut` of `tokenOut`, by its own swap math (V3PoolQuoter). */
export async function v3PoolIn(ctx: Ctx, quoter: Address, pool: Address, tokenIn: Address, tokenOut: Address, amountOut: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: quoter,
    abi: v3QuoterAbi,
    functionName: 'quoteExactOut',
    args: [pool, BigInt(tokenIn) < BigInt(tokenOut), amountOut],
  });
  return result;
}

/** What any V3-family pool pays for `amountIn` of `tokenIn`, by its own swap math (V3PoolQuoter). */
export async function v3PoolOut(ctx: Ctx, quoter: Address, pool: Address, tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<bigint> {
  const { result } = await ctx.client.simulateContract({
    address: quoter,
    abi: v3QuoterAbi,
    functionName: 'quote',
    args: [pool, BigInt(tokenIn) < BigInt(tokenOut), amountIn],
  });
  return result;
}
