/**
 * The Router's exact-out swaps (`swapExactOut`) on the shared local world (ETH): the recipient gets exactly
 * `amountOut` over V2, V3, V4 and PancakeSwap V3 hops, multi-hop legs (run backwards, each hop paid straight
 * by the one before) and splits, for exactly what each venue's own exact-out quoter asks plus the fees
 * (`previewExactOutFees`); native input comes back unspent in the same transaction; refusals (input above
 * `amountInMax`, deadline, launchpad hops, shallow pools, fee-on-transfer tokens); fake pools and managers
 * calling the callbacks during and after a swap, and a token re-entering the Router. The Router holds nothing
 * after every test. Gas is measured beside exact-in swaps of the same routes. The V4 PoolManager (with four
 * pools) and the PancakeSwap V3 pool are deployed by these tests.
 * Accounts 17 (trader, also the victim of the attacks: it approved the Router for everything it holds) and
 * 18 (liquidity, attacker) and fresh random addresses only, so balances here are exact.
 */
import {
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  maxUint256,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount } from '@/devnet/accounts';
import { ROUTER_FEE_COLLECTOR_ACCOUNT } from '@/devnet/evm/world-spec';
import {
  GAS,
  NATIVE,
  V2,
  V3,
  V4,
  approveRouter,
  balanceOf,
  deploy,
  deployReentrantToken,
  exactOutFees,
  fakeManagerAbi,
  fakePoolAbi,
  expectCurrentRouter,
  exactOutParams,
  expectRouterEmpty,
  freshAddress,
  gasCost,
  legAmounts,
  legs,
  mined,
  oneLeg,
  params,
  revertDecoder,
  revertedOnChain,
  routerAbi,
  sendSwap,
  sendSwapExactOut,
  simulateSwapExactOut,
  startRouterWorld,
  swappedEvent,
  v2In,
  v2Pair,
  v2RouterIn,
  v3In,
  type Ctx,
  type ExactOutParams,
  type Hop,
  type HopInput,
  type RevertOf,
  type RouterWorld,
} from './router-test-world';
import { addV4Pool, deployPancakePool, deployV4Pool, v3PoolIn, v4In, type PancakeVenue, type V4Venue } from './router-test-venues';

const LAUNCHPAD = 3;
const reentrantAbi = parseAbi(['function armAfter(address target, bytes attackData, uint256 transfersToSkip)', 'function disarm()']);
/** The request an exact-out V3 or V4 hop hands its pool or manager (Router._exactOutHop): hops, n, amountOut, to, payer. */
const exactOutRequestTypes = [
  {
    type: 'tuple[]',
    components: [
      { name: 'venue', type: 'uint8' },
      { name: 'pool', type: 'address' },
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'fee', type: 'uint24' },
      { name: 'tickSpacing', type: 'int24' },
      { name: 'hooks', type: 'address' },
    ],
  },
  { type: 'uint256' },
  { type: 'uint256' },
  { type: 'address' },
  { type: 'address' },
] as const;
const transferEvent = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)']);
/** Every token transfer of a transaction, in order, as [token, from, to, value]. */
const transfersOf = (receipt: TransactionReceipt) =>
  parseEventLogs({ abi: transferEvent, logs: receipt.logs }).map(
    (log) => [getAddress(log.address), getAddress(log.args.from), getAddress(log.args.to), log.args.value] as const,
  );
const exactOutRequest = (hops: readonly Hop[], n: number, amountOut: bigint, to: Address, payer: Address): Hex =>
  encodeAbiParameters(exactOutRequestTypes, [hops, BigInt(n), amountOut, to, payer]);

let world: RouterWorld;
let eth: Ctx;
let revertOf: RevertOf;
/** The V4 manager's pools: WETH/ALPHA, ALPHA/BETA, WETH/BETA, WETH/USDC. */
let v4: V4Venue;
let v4AlphaBeta: V4Venue;
let v4WethBeta: V4Venue;
let v4WethUsdc: V4Venue;
let pancake: PancakeVenue;
const gasUsed: Record<string, number> = {};
/** Tokens a test deployed, checked too when the Router must hold nothing. */
const extraTokens: Address[] = [];

const trader = 17;
const PROVIDER = 18;
const attacker = PROVIDER;
const traderAddress = getAddress(anvilAccount(trader).address);
const attackerAddress = getAddress(anvilAccount(attacker).address);
const attackerAccount = privateKeyToAccount(anvilAccount(attacker).privateKey);
const collector = getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address);

let alpha: Address;
let beta: Address;
let usdc: Address;
let tax: Address;
const v2Hop = (tokenIn: Address, tokenOut: Address, pool = eth.pool('UNISWAP_V2', tokenIn, tokenOut)): HopInput => ({
  venue: V2,
  pool,
  tokenIn,
  tokenOut,
  fee: 3000,
});
const v3Hop = (tokenIn: Address, tokenOut: Address, fee: number, pool = eth.pool('UNISWAP_V3', tokenIn, tokenOut, fee)): HopInput => ({
  venue: V3,
  pool,
  tokenIn,
  tokenOut,
  fee,
});
const v4Hop = (venue: V4Venue, tokenIn: Address, tokenOut: Address): HopInput => ({
  venue: V4,
  pool: venue.manager,
  tokenIn,
  tokenOut,
  fee: venue.key.fee,
  tickSpacing: venue.key.tickSpacing,
});
const pancakeHop = (tokenIn: Address, tokenOut: Address): HopInput => ({ venue: V3, pool: pancake.pool, tokenIn, tokenOut, fee: pancake.fee });

const send = (p: ExactOutParams, account = trader) => sendSwapExactOut(eth, account, p);
const simulate = (p: ExactOutParams, account = trader) => simulateSwapExactOut(eth, account, p);
const balances = (token: Address, holders: Address[]) => Promise.all(holders.map((holder) => balanceOf(eth, token, holder)));
const diffs = (after: bigint[], before: bigint[]) => after.map((value, i) => value - before[i]!);
const traderHoldings = () => Promise.all([alpha, beta, usdc, tax, eth.weth].map((token) => balanceOf(eth, token, traderAddress)));

beforeAll(async () => {
  world = await startRouterWorld();
  eth = world.eth;
  revertOf = revertDecoder(world.errorsAbi);
  await expectCurrentRouter(eth);
  [alpha, beta, usdc, tax] = [eth.token('ALPHA'), eth.token('BETA'), eth.token('USDC'), eth.token('tax')];
  v4 = await deployV4Pool(eth, PROVIDER, alpha);
  v4AlphaBeta = await addV4Pool(eth, PROVIDER, v4, alpha, beta);
  v4WethBeta = await addV4Pool(eth, PROVIDER, v4, eth.weth, beta);
  v4WethUsdc = await addV4Pool(eth, PROVIDER, v4, eth.weth, usdc);
  pancake = await deployPancakePool(eth, PROVIDER, alpha);
  // The trader's tokens to sell, bought with its native; it approves the Router for all of them.
  for (const token of [alpha, beta, usdc, tax]) {
    await sendSwap(
      eth,
      trader,
      params({ tokenIn: NATIVE, tokenOut: token, amountIn: parseEther('3'), recipient: traderAddress, legs: oneLeg([v2Hop(eth.weth, token)]) }),
    );
  }
  await approveRouter(eth, trader, [alpha, beta, usdc, tax, eth.weth]);
}, 300_000);

afterEach(async () => {
  await expectRouterEmpty(eth, extraTokens);
});

afterAll(async () => {
  console.log('router gas used, exact-in beside exact-out', JSON.stringify(gasUsed, null, 1));
  await world?.stop();
});

describe('one hop per venue, exact to the wei', () => {
  it('V2, native in: exactly amountOut for getAmountsIn plus the input fees; the rest of msg.value comes back in the same transaction', async () => {
    const amountOut = parseUnits('1000', 18);
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const swapIn = await v2RouterIn(eth, amountOut, [eth.weth, alpha]);
    expect(await v2In(eth, pair, eth.weth, amountOut)).toBe(swapIn);
    const fees = exactOutFees(swapIn, 15, 25);
    expect(await eth.client.readContract({ address: eth.router, abi: routerAbi, functionName: 'previewExactOutFees', args: [swapIn, 15, 25] })).toEqual([
      fees.protocolFee,
      fees.integratorFee,
      fees.gross,
    ]);
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const p = exactOutParams({
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountOut,
      amountInMax: fees.gross + parseEther('0.5'),
      recipient,
      integrator,
      protocolFeeBps: 15,
      integratorFeeBps: 25,
      legs: oneLeg([v2Hop(eth.weth, alpha)]),
    });
    expect(await revertOf(simulate({ ...p, amountInMax: fees.gross - 1n }))).toEqual({ name: 'InputExceeded', args: [fees.gross, fees.gross - 1n] });
    expect((await simulate({ ...p, amountInMax: fees.gross })).result).toBe(fees.gross);

    const [nativeBefore, collectorBefore, pairBefore] = await Promise.all([
      balanceOf(eth, NATIVE, traderAddress),
      balanceOf(eth, NATIVE, collector),
      balanceOf(eth, eth.weth, pair),
    ]);
    const receipt = await send(p);
    expect(await balanceOf(eth, alpha, recipient)).toBe(amountOut);
    // The unspent 0.5 native and more came back within the transaction: the trader paid the spend and gas only.
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(fees.gross + gasCost(receipt));
    expect((await balanceOf(eth, eth.weth, pair)) - pairBefore).toBe(swapIn);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(fees.protocolFee);
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(fees.integratorFee);
    expect(swappedEvent(receipt)).toEqual({
      sender: traderAddress,
      recipient,
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountIn: fees.gross,
      amountOut,
      protocolFee: fees.protocolFee,
      integratorFee: fees.integratorFee,
      integrator,
    });
  });

  it('Uniswap V3, token → token: input = QuoterV2 quoteExactOutputSingle, fees on tokenIn added to it', async () => {
    const amountOut = parseEther('0.2');
    const pool = eth.pool('UNISWAP_V3', alpha, eth.weth, 3000);
    const swapIn = await v3In(eth, alpha, eth.weth, 3000, amountOut);
    const fees = exactOutFees(swapIn, 20, 30);
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const p = exactOutParams({
      tokenIn: alpha,
      tokenOut: eth.weth,
      amountOut,
      amountInMax: fees.gross,
      recipient,
      integrator,
      protocolFeeBps: 20,
      integratorFeeBps: 30,
      legs: oneLeg([v3Hop(alpha, eth.weth, 3000)]),
    });
    expect(await revertOf(simulate({ ...p, amountInMax: fees.gross - 1n }))).toEqual({ name: 'InputExceeded', args: [fees.gross, fees.gross - 1n] });
    const before = await balances(alpha, [traderAddress, pool, collector]);
    const receipt = await send(p);
    expect(await balanceOf(eth, eth.weth, recipient)).toBe(amountOut);
    expect(diffs(await balances(alpha, [traderAddress, pool, collector]), before)).toEqual([-fees.gross, swapIn, fees.protocolFee]);
    expect(await balanceOf(eth, alpha, integrator)).toBe(fees.integratorFee);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
  });

  it('Uniswap V4, token → native: the hop delivers amountOut plus the output fees, input = V4Quoter quoteExactOutputSingle', async () => {
    const amountOut = parseEther('0.1');
    const fees = exactOutFees(amountOut, 10, 40);
    const swapIn = await v4In(eth, v4, alpha, fees.gross);
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const p = exactOutParams({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountOut,
      amountInMax: swapIn,
      recipient,
      integrator,
      protocolFeeBps: 10,
      integratorFeeBps: 40,
      legs: oneLeg([v4Hop(v4, alpha, eth.weth)]),
    });
    expect(await revertOf(simulate({ ...p, amountInMax: swapIn - 1n }))).toEqual({ name: 'InputExceeded', args: [swapIn, swapIn - 1n] });
    const [alphaBefore, managerBefore, collectorBefore] = await Promise.all([
      balances(alpha, [traderAddress, v4.manager]),
      balanceOf(eth, eth.weth, v4.manager),
      balanceOf(eth, NATIVE, collector),
    ]);
    const receipt = await send(p);
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(amountOut);
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(fees.integratorFee);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(fees.protocolFee);
    expect(diffs(await balances(alpha, [traderAddress, v4.manager]), alphaBefore)).toEqual([-swapIn, swapIn]);
    expect(managerBefore - (await balanceOf(eth, eth.weth, v4.manager))).toBe(fees.gross);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: swapIn, amountOut, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
  });

  it("PancakeSwap V3 (pancakeV3SwapCallback), native in: input = the pool's own exact-out swap, the rest refunded", async () => {
    const amountOut = parseUnits('500', 18);
    const swapIn = await v3PoolIn(eth, pancake.quoter, pancake.pool, eth.weth, alpha, amountOut);
    const fees = exactOutFees(swapIn, 10);
    const recipient = freshAddress();
    const [nativeBefore, poolBefore] = await Promise.all([balanceOf(eth, NATIVE, traderAddress), balanceOf(eth, eth.weth, pancake.pool)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountOut,
        amountInMax: parseEther('1'),
        recipient,
        legs: oneLeg([pancakeHop(eth.weth, alpha)]),
      }),
    );
    expect(await balanceOf(eth, alpha, recipient)).toBe(amountOut);
    expect((await balanceOf(eth, eth.weth, pancake.pool)) - poolBefore).toBe(swapIn);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(fees.gross + gasCost(receipt));
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut, protocolFee: fees.protocolFee, integratorFee: 0n });
  });
});

describe('multi-hop legs run backwards, each hop paid exactly what the next one asks', () => {
  it('V2 → V3 (token → token): the pair is paid getAmountsIn of what the V3 pool asks, and pays the pool directly', async () => {
    const amountOut = parseEther('0.3');
    const [pair, pool] = [eth.pool('UNISWAP_V2', usdc, alpha), eth.pool('UNISWAP_V3', alpha, eth.weth, 3000)];
    const mid = await v3In(eth, alpha, eth.weth, 3000, amountOut);
    const first = await v2RouterIn(eth, mid, [usdc, alpha]);
    const fees = exactOutFees(first, 10);
    const recipient = freshAddress();
    const before = await Promise.all([balanceOf(eth, usdc, traderAddress), balanceOf(eth, usdc, pair), balanceOf(eth, alpha, pool)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: usdc,
        tokenOut: eth.weth,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: oneLeg([v2Hop(usdc, alpha), v3Hop(alpha, eth.weth, 3000)]),
      }),
    );
    expect(await balanceOf(eth, eth.weth, recipient)).toBe(amountOut);
    const after = await Promise.all([balanceOf(eth, usdc, traderAddress), balanceOf(eth, usdc, pair), balanceOf(eth, alpha, pool)]);
    expect(diffs(after, before)).toEqual([-fees.gross, first, mid]);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut });
    // Backwards: the V3 pool pays out first, then asks for its input, which the pair (paid by the trader) sends it.
    expect(transfersOf(receipt)).toEqual([
      [eth.weth, pool, recipient, amountOut],
      [usdc, traderAddress, pair, first],
      [alpha, pair, pool, mid],
      [usdc, traderAddress, collector, fees.protocolFee],
    ]);
  });

  it('V3 → V4 (token → native, fees on the output): the V4 hop delivers amountOut plus fees, the V3 pool pays it its input', async () => {
    const amountOut = parseEther('0.05');
    const fees = exactOutFees(amountOut, 10);
    const mid = await v4In(eth, v4, alpha, fees.gross);
    const first = await v3In(eth, usdc, alpha, 3000, mid);
    const recipient = freshAddress();
    const before = await balanceOf(eth, usdc, traderAddress);
    const receipt = await send(
      exactOutParams({
        tokenIn: usdc,
        tokenOut: NATIVE,
        amountOut,
        amountInMax: first,
        recipient,
        legs: oneLeg([v3Hop(usdc, alpha, 3000), v4Hop(v4, alpha, eth.weth)]),
      }),
    );
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(amountOut);
    expect(before - (await balanceOf(eth, usdc, traderAddress))).toBe(first);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: first, amountOut, protocolFee: fees.protocolFee });
  });

  it('V4 → V4 in one manager (native → ALPHA → BETA): one unlock, the middle currency nets out and never moves', async () => {
    const amountOut = parseUnits('300', 18);
    const mid = await v4In(eth, v4AlphaBeta, alpha, amountOut);
    const first = await v4In(eth, v4, eth.weth, mid);
    const fees = exactOutFees(first, 10);
    const recipient = freshAddress();
    const manager = () => Promise.all([eth.weth, alpha, beta].map((token) => balanceOf(eth, token, v4.manager)));
    const [managerBefore, nativeBefore] = await Promise.all([manager(), balanceOf(eth, NATIVE, traderAddress)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: NATIVE,
        tokenOut: beta,
        amountOut,
        amountInMax: parseEther('2'),
        recipient,
        legs: oneLeg([v4Hop(v4, eth.weth, alpha), v4Hop(v4AlphaBeta, alpha, beta)]),
      }),
    );
    expect(await balanceOf(eth, beta, recipient)).toBe(amountOut);
    expect(diffs(await manager(), managerBefore)).toEqual([first, 0n, -amountOut]);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(fees.gross + gasCost(receipt));
    // No ALPHA moves at all: only the last output is taken and the first input settled.
    expect(transfersOf(receipt)).toEqual([
      [beta, v4.manager, recipient, amountOut],
      [eth.weth, eth.router, v4.manager, first],
    ]);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut });
  });

  it('three V4 hops in one manager (BETA → ALPHA → WETH → USDC): only the first input is settled and the last output taken', async () => {
    const amountOut = parseUnits('150', 6);
    const q2 = await v4In(eth, v4WethUsdc, eth.weth, amountOut);
    const q1 = await v4In(eth, v4, alpha, q2);
    const q0 = await v4In(eth, v4AlphaBeta, beta, q1);
    const fees = exactOutFees(q0, 10);
    const recipient = freshAddress();
    const manager = () => Promise.all([beta, alpha, eth.weth, usdc].map((token) => balanceOf(eth, token, v4.manager)));
    const [managerBefore, betaBefore] = await Promise.all([manager(), balanceOf(eth, beta, traderAddress)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: beta,
        tokenOut: usdc,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: oneLeg([v4Hop(v4AlphaBeta, beta, alpha), v4Hop(v4, alpha, eth.weth), v4Hop(v4WethUsdc, eth.weth, usdc)]),
      }),
    );
    gasUsed['exact-out 3 hops V4+V4+V4 (one manager) BETA→USDC'] = Number(receipt.gasUsed);
    expect(await balanceOf(eth, usdc, recipient)).toBe(amountOut);
    expect(diffs(await manager(), managerBefore)).toEqual([q0, 0n, 0n, -amountOut]);
    expect(betaBefore - (await balanceOf(eth, beta, traderAddress))).toBe(fees.gross);
    expect(transfersOf(receipt)).toEqual([
      [usdc, v4.manager, recipient, amountOut],
      [beta, traderAddress, v4.manager, q0],
      [beta, traderAddress, collector, fees.protocolFee],
    ]);
  });

  it('V4 → V3 → V4 in one manager (native → ALPHA → WETH → BETA): the leg comes back to the manager it is already inside', async () => {
    const amountOut = parseUnits('200', 18);
    const q2 = await v4In(eth, v4WethBeta, eth.weth, amountOut);
    const q1 = await v3In(eth, alpha, eth.weth, 3000, q2);
    const q0 = await v4In(eth, v4, eth.weth, q1);
    const fees = exactOutFees(q0, 10);
    const recipient = freshAddress();
    const manager = () => Promise.all([eth.weth, alpha, beta].map((token) => balanceOf(eth, token, v4.manager)));
    const [managerBefore, nativeBefore] = await Promise.all([manager(), balanceOf(eth, NATIVE, traderAddress)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: NATIVE,
        tokenOut: beta,
        amountOut,
        amountInMax: parseEther('2'),
        recipient,
        legs: oneLeg([v4Hop(v4, eth.weth, alpha), v3Hop(alpha, eth.weth, 3000), v4Hop(v4WethBeta, eth.weth, beta)]),
      }),
    );
    expect(await balanceOf(eth, beta, recipient)).toBe(amountOut);
    expect(diffs(await manager(), managerBefore)).toEqual([q0 + q2, -q1, -amountOut]);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(fees.gross + gasCost(receipt));
    // The V3 pool pays the Router (the manager counts only what arrives between its sync and settle), and in
    // its callback the first hop swaps in the manager, still unlocked, which pays the V3 pool directly.
    const pool = eth.pool('UNISWAP_V3', alpha, eth.weth, 3000);
    expect(transfersOf(receipt)).toEqual([
      [beta, v4.manager, recipient, amountOut],
      [eth.weth, pool, eth.router, q2],
      [alpha, v4.manager, pool, q1],
      [eth.weth, eth.router, v4.manager, q0],
      [eth.weth, eth.router, v4.manager, q2],
    ]);
  });

  it('V3 → V3 (ALPHA → WETH → BETA): the callbacks nest, the first pool pays the second directly', async () => {
    const amountOut = parseUnits('400', 18);
    const [pool0, pool1] = [eth.pool('UNISWAP_V3', alpha, eth.weth, 3000), eth.pool('UNISWAP_V3', eth.weth, beta, 3000)];
    const q1 = await v3In(eth, eth.weth, beta, 3000, amountOut);
    const q0 = await v3In(eth, alpha, eth.weth, 3000, q1);
    const fees = exactOutFees(q0, 10);
    const recipient = freshAddress();
    const before = await Promise.all([
      balanceOf(eth, alpha, traderAddress),
      balanceOf(eth, alpha, pool0),
      balanceOf(eth, eth.weth, pool0),
      balanceOf(eth, eth.weth, pool1),
    ]);
    const receipt = await send(
      exactOutParams({
        tokenIn: alpha,
        tokenOut: beta,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: oneLeg([v3Hop(alpha, eth.weth, 3000), v3Hop(eth.weth, beta, 3000)]),
      }),
    );
    expect(transfersOf(receipt)).toEqual([
      [beta, pool1, recipient, amountOut],
      [eth.weth, pool0, pool1, q1],
      [alpha, traderAddress, pool0, q0],
      [alpha, traderAddress, collector, fees.protocolFee],
    ]);
    expect(await balanceOf(eth, beta, recipient)).toBe(amountOut);
    const after = await Promise.all([
      balanceOf(eth, alpha, traderAddress),
      balanceOf(eth, alpha, pool0),
      balanceOf(eth, eth.weth, pool0),
      balanceOf(eth, eth.weth, pool1),
    ]);
    expect(diffs(after, before)).toEqual([-fees.gross, q0, -q1, q1]);
  });

  it('V4 → V2 (ALPHA → WETH → USDC): the manager pays the pair directly what getAmountsIn asks', async () => {
    const amountOut = parseUnits('250', 6);
    const pair = eth.pool('UNISWAP_V2', eth.weth, usdc);
    const q1 = await v2RouterIn(eth, amountOut, [eth.weth, usdc]);
    const q0 = await v4In(eth, v4, alpha, q1);
    const fees = exactOutFees(q0, 10);
    const recipient = freshAddress();
    const pairBefore = await balanceOf(eth, eth.weth, pair);
    const receipt = await send(
      exactOutParams({
        tokenIn: alpha,
        tokenOut: usdc,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: oneLeg([v4Hop(v4, alpha, eth.weth), v2Hop(eth.weth, usdc)]),
      }),
    );
    expect(transfersOf(receipt)).toEqual([
      [eth.weth, v4.manager, pair, q1],
      [alpha, traderAddress, v4.manager, q0],
      [usdc, pair, recipient, amountOut],
      [alpha, traderAddress, collector, fees.protocolFee],
    ]);
    expect(await balanceOf(eth, usdc, recipient)).toBe(amountOut);
    expect((await balanceOf(eth, eth.weth, pair)) - pairBefore).toBe(q1);
  });

  it('V2 → V4 → V3 (USDC → ALPHA → WETH → BETA): three venues in one leg', async () => {
    const amountOut = parseUnits('100', 18);
    const q2 = await v3In(eth, eth.weth, beta, 3000, amountOut);
    const q1 = await v4In(eth, v4, alpha, q2);
    const q0 = await v2RouterIn(eth, q1, [usdc, alpha]);
    const fees = exactOutFees(q0, 10);
    const recipient = freshAddress();
    const before = await balanceOf(eth, usdc, traderAddress);
    const receipt = await send(
      exactOutParams({
        tokenIn: usdc,
        tokenOut: beta,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: oneLeg([v2Hop(usdc, alpha), v4Hop(v4, alpha, eth.weth), v3Hop(eth.weth, beta, 3000)]),
      }),
    );
    expect(await balanceOf(eth, beta, recipient)).toBe(amountOut);
    expect(before - (await balanceOf(eth, usdc, traderAddress))).toBe(fees.gross);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut });
  });
});

describe('split routes: the legs deliver exactly amountOut between them', () => {
  it('native → ALPHA over V2 + V3 + V4 (50/30/20): each venue is paid what its own quoter asks for its leg', async () => {
    const amountOut = parseUnits('2000', 18);
    const shares = [500_000, 300_000, 200_000];
    const amounts = legAmounts(amountOut, shares);
    const venues = [eth.pool('UNISWAP_V2', eth.weth, alpha), eth.pool('UNISWAP_V3', eth.weth, alpha, 3000), v4.manager];
    const quotes = [
      await v2RouterIn(eth, amounts[0]!, [eth.weth, alpha]),
      await v3In(eth, eth.weth, alpha, 3000, amounts[1]!),
      await v4In(eth, v4, eth.weth, amounts[2]!),
    ];
    const fees = exactOutFees(quotes[0]! + quotes[1]! + quotes[2]!, 10, 20);
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const p = exactOutParams({
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountOut,
      amountInMax: fees.gross + parseEther('1'),
      recipient,
      integrator,
      protocolFeeBps: 10,
      integratorFeeBps: 20,
      legs: legs([shares[0]!, [v2Hop(eth.weth, alpha)]], [shares[1]!, [v3Hop(eth.weth, alpha, 3000)]], [shares[2]!, [v4Hop(v4, eth.weth, alpha)]]),
    });
    expect(await revertOf(simulate({ ...p, amountInMax: fees.gross - 1n }))).toEqual({ name: 'InputExceeded', args: [fees.gross, fees.gross - 1n] });
    const [venuesBefore, nativeBefore] = await Promise.all([balances(eth.weth, venues), balanceOf(eth, NATIVE, traderAddress)]);
    const receipt = await send(p);
    expect(await balanceOf(eth, alpha, recipient)).toBe(amountOut);
    expect(diffs(await balances(eth.weth, venues), venuesBefore)).toEqual(quotes);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(fees.gross + gasCost(receipt));
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(fees.integratorFee);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: fees.gross, amountOut, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
  });

  it('ALPHA → native over Uniswap V3 1 % + PancakeSwap V3 (60/40): the legs deliver amountOut plus the fees, split by share', async () => {
    const amountOut = parseEther('0.4');
    const fees = exactOutFees(amountOut, 10, 50);
    const shares = [600_000, 400_000];
    const amounts = legAmounts(fees.gross, shares);
    const spent = (await v3In(eth, alpha, eth.weth, 10000, amounts[0]!)) + (await v3PoolIn(eth, pancake.quoter, pancake.pool, alpha, eth.weth, amounts[1]!));
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const [alphaBefore, collectorBefore] = await Promise.all([balanceOf(eth, alpha, traderAddress), balanceOf(eth, NATIVE, collector)]);
    const receipt = await send(
      exactOutParams({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountOut,
        amountInMax: spent,
        recipient,
        integrator,
        protocolFeeBps: 10,
        integratorFeeBps: 50,
        legs: legs([shares[0]!, [v3Hop(alpha, eth.weth, 10000)]], [shares[1]!, [pancakeHop(alpha, eth.weth)]]),
      }),
    );
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(amountOut);
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(fees.integratorFee);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(fees.protocolFee);
    expect(alphaBefore - (await balanceOf(eth, alpha, traderAddress))).toBe(spent);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn: spent, amountOut, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
  });

  it('a three-hop leg (V2 → V4 → V3) beside a one-hop V2 leg (70/30), USDC → BETA', async () => {
    const amountOut = parseUnits('600', 18);
    const shares = [700_000, 300_000];
    const [a0, a1] = legAmounts(amountOut, shares);
    const q2 = await v3In(eth, eth.weth, beta, 3000, a0!);
    const q1 = await v4In(eth, v4, alpha, q2);
    const spent = (await v2RouterIn(eth, q1, [usdc, alpha])) + (await v2RouterIn(eth, a1!, [usdc, beta]));
    const fees = exactOutFees(spent, 10);
    const recipient = freshAddress();
    const before = await balanceOf(eth, usdc, traderAddress);
    await send(
      exactOutParams({
        tokenIn: usdc,
        tokenOut: beta,
        amountOut,
        amountInMax: fees.gross,
        recipient,
        legs: legs([shares[0]!, [v2Hop(usdc, alpha), v4Hop(v4, alpha, eth.weth), v3Hop(eth.weth, beta, 3000)]], [shares[1]!, [v2Hop(usdc, beta)]]),
      }),
    );
    expect(await balanceOf(eth, beta, recipient)).toBe(amountOut);
    expect(before - (await balanceOf(eth, usdc, traderAddress))).toBe(fees.gross);
  });

  it('a leg whose share of a tiny output rounds down to nothing is skipped; the last leg delivers it all', async () => {
    const amountOut = 10_000n;
    expect(legAmounts(amountOut, [50, 999_950])).toEqual([0n, amountOut]);
    const fees = exactOutFees(await v2RouterIn(eth, amountOut, [eth.weth, alpha]), 10);
    const recipient = freshAddress();
    const receipt = await send(
      exactOutParams({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountOut,
        amountInMax: parseEther('0.001'),
        recipient,
        legs: legs([50, [v3Hop(eth.weth, alpha, 3000)]], [999_950, [v2Hop(eth.weth, alpha)]]),
      }),
    );
    expect(await balanceOf(eth, alpha, recipient)).toBe(amountOut);
    expect(swappedEvent(receipt).amountIn).toBe(fees.gross);
  });
});

describe('refused', () => {
  const route = (overrides: Partial<ExactOutParams> = {}) =>
    exactOutParams({
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountOut: parseUnits('10', 18),
      amountInMax: parseEther('1'),
      recipient: traderAddress,
      legs: oneLeg([v2Hop(eth.weth, alpha)]),
      ...overrides,
    });

  it('an expired deadline, a launchpad hop, a malformed route, wrong msg.value, fees of 100 %, nothing to buy, the Router as recipient', async () => {
    expect((await simulate(route())).result).toBeGreaterThan(0n);
    const { timestamp } = await eth.client.getBlock();
    expect((await revertOf(simulate(route({ deadline: timestamp - 1n })))).name).toBe('DeadlineExpired');
    const launchpadHop = { ...v2Hop(eth.weth, alpha), venue: LAUNCHPAD, pool: freshAddress() };
    expect((await revertOf(simulate(route({ legs: oneLeg([launchpadHop]) })))).name).toBe('InvalidRoute');
    expect((await revertOf(simulate(route({ legs: legs([500_000, [v2Hop(eth.weth, alpha)]], [500_000, [v2Hop(eth.weth, alpha), launchpadHop]]) })))).name).toBe(
      'InvalidRoute',
    );
    expect((await revertOf(simulate(route({ legs: legs([400_000, [v2Hop(eth.weth, alpha)]], [500_000, [v3Hop(eth.weth, alpha, 3000)]]) })))).name).toBe(
      'InvalidRoute',
    );
    expect((await revertOf(simulate(route({ legs: oneLeg([v2Hop(eth.weth, usdc)]) })))).name).toBe('InvalidRoute');
    expect((await revertOf(simulateSwapExactOut(eth, trader, route(), parseEther('1') - 1n))).name).toBe('InvalidNativeAmount');
    expect((await revertOf(simulate(route({ protocolFeeBps: 5000, integratorFeeBps: 5000, integrator: freshAddress() })))).name).toBe('InvalidFee');
    expect((await revertOf(simulate(route({ protocolFeeBps: 9 })))).name).toBe('InvalidFee');
    expect((await revertOf(simulate(route({ amountOut: 0n })))).name).toBe('InvalidAmount');
    expect((await revertOf(simulate(route({ recipient: eth.router })))).name).toBe('InvalidRecipient');
  });

  it('pools too shallow for the output: a V2 pair asked for its whole reserve, V3 and V4 pools that run out of liquidity', async () => {
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const [reserve0, reserve1] = await eth.client.readContract({ address: pair, abi: v2Pair, functionName: 'getReserves' });
    const alphaReserve = BigInt(alpha) < BigInt(eth.weth) ? reserve0 : reserve1;
    expect(await revertOf(simulate(route({ amountOut: alphaReserve })))).toEqual({ name: 'IncompleteSwap', args: [alphaReserve, alphaReserve] });
    // The PancakeSwap pool holds about 20 wrapped native: asked for 1,000, it delivers what it has and the hop reverts.
    const sell = (hop: HopInput) =>
      exactOutParams({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountOut: parseEther('1000'),
        amountInMax: maxUint256,
        recipient: traderAddress,
        legs: oneLeg([hop]),
      });
    const v3Refusal = await revertOf(simulate(sell(pancakeHop(alpha, eth.weth))));
    expect(v3Refusal.name).toBe('IncompleteSwap');
    expect(v3Refusal.args[0]).toBeLessThan(parseEther('1000'));
    expect(v3Refusal.args[1]).toBe(parseEther('1000'));
    // A V4 pool whose liquidity sits within ±2 % of its price delivers what it holds there.
    const narrow = await addV4Pool(eth, PROVIDER, v4, eth.weth, alpha, { fee: 500, tickSpacing: 10, spacingsAround: 20 });
    const v4Refusal = await revertOf(simulate({ ...sell(v4Hop(narrow, alpha, eth.weth)), amountOut: parseEther('5') }));
    expect(v4Refusal.name).toBe('IncompleteSwap');
    expect(v4Refusal.args[0]).toBeGreaterThan(0n);
    expect(v4Refusal.args[0]).toBeLessThan(parseEther('5'));
    expect(v4Refusal.args[1]).toBe(parseEther('5'));
    // The full-range pool pushed to the end of its range would need more input than the manager's int128
    // amounts hold: v4-core's own SafeCastOverflow (0x93dafdf1).
    await expect(simulate(sell(v4Hop(v4, alpha, eth.weth)))).rejects.toThrow(/0x93dafdf1/);
  });

  it('fee-on-transfer tokens cannot be exact: a taxed output arrives short (InexactOutput), a taxed input reaches the pair short (K)', async () => {
    const amountOut = parseUnits('100', 18);
    const received = amountOut - (amountOut * 300n) / 10_000n;
    expect(await revertOf(simulate(route({ tokenOut: tax, amountOut, legs: oneLeg([v2Hop(eth.weth, tax)]) })))).toEqual({
      name: 'InexactOutput',
      args: [received, amountOut],
    });
    expect(
      await revertOf(
        simulate(
          exactOutParams({
            tokenIn: tax,
            tokenOut: NATIVE,
            amountOut: parseEther('0.01'),
            amountInMax: maxUint256,
            recipient: traderAddress,
            legs: oneLeg([v2Hop(tax, eth.weth)]),
          }),
        ),
      ),
    ).toEqual({ name: 'Error', args: ['UniswapV2: K'] });
  });
});

describe('attacks on exact-out callbacks and the allowance', () => {
  const zeroForOne = () => BigInt(alpha) < BigInt(eth.weth);
  /** Deltas as a pool reports them: `input` owed to it, `output` paid out, on the sides of an ALPHA → WETH swap. */
  const deltas = (input: bigint, output: bigint): [bigint, bigint] => (zeroForOne() ? [input, -output] : [-output, input]);
  const callRouter = (functionName: 'uniswapV3SwapCallback' | 'pancakeV3SwapCallback' | 'unlockCallback', args: readonly unknown[]) =>
    eth.client.simulateContract({ account: attackerAccount, address: eth.router, abi: [...routerAbi, ...world.errorsAbi] as Abi, functionName, args });
  const asAttacker = (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) =>
    eth.client.simulateContract({ account: attackerAccount, address, abi: [...abi, ...world.errorsAbi] as Abi, functionName, args });
  const write = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[]) =>
    mined(eth, await eth.wallet(attacker).writeContract({ address, abi, functionName, args }));

  /**
   * A fake pool or manager told (`configure(input, output, times)`) to call back twice, never, short, or once
   * exactly: refused, or (once, exactly) paid by the attacker alone, 5000 of its own ALPHA, for nothing delivered.
   */
  async function expectCallbackGuards(configure: (input: bigint, output: bigint, times: bigint) => Promise<unknown>, p: ExactOutParams): Promise<void> {
    const { amountOut } = p;
    await configure(5000n, amountOut, 2n);
    expect((await revertOf(simulate(p, attacker))).name).toBe('UnexpectedCallback');
    await configure(5000n, amountOut, 0n);
    expect(await revertOf(simulate(p, attacker))).toEqual({ name: 'IncompleteSwap', args: [0n, amountOut] });
    await configure(5000n, amountOut - 1n, 1n);
    expect(await revertOf(simulate(p, attacker))).toEqual({ name: 'IncompleteSwap', args: [amountOut - 1n, amountOut] });
    await configure(5000n, amountOut, 1n);
    expect(await revertOf(simulate(p, attacker))).toEqual({ name: 'InexactOutput', args: [0n, amountOut] });
  }

  beforeAll(async () => {
    // The attacker's own ALPHA, approved: its crafted routes fail on the guards, not on its allowance.
    await sendSwap(
      eth,
      attacker,
      params({ tokenIn: NATIVE, tokenOut: alpha, amountIn: parseEther('1'), recipient: attackerAddress, legs: oneLeg([v2Hop(eth.weth, alpha)]) }),
    );
    await approveRouter(eth, attacker, [alpha]);
  });

  it('a fake V3 pool calling back during an exact-out swap with other data, twice, never, short or for nothing moves nothing', async () => {
    const victimBefore = await traderHoldings();
    const fake = await deploy(eth, attacker, 'FakeV3Pool');
    const amountOut = 10n ** 15n;
    const hops = oneLeg([v3Hop(alpha, eth.weth, 3000, fake)])[0]!.hops;
    const p = exactOutParams({ tokenIn: alpha, tokenOut: eth.weth, amountOut, amountInMax: 10n ** 18n, recipient: attackerAddress, legs: oneLeg(hops) });
    const ask = (input: bigint, output: bigint, times: bigint, data: Hex = '0x') =>
      write(fake, fakePoolAbi, 'configure', [...deltas(input, output), times, data]);
    // The victim's request (the victim as payer) handed back instead of the Router's own.
    await ask(5000n, amountOut, 1n, exactOutRequest(hops, 1, amountOut, attackerAddress, traderAddress));
    expect((await revertOf(simulate(p, attacker))).name).toBe('UnexpectedCallback');
    // The Router's own request, byte for byte (built here), is accepted: the fake then delivers nothing.
    await ask(5000n, amountOut, 1n, exactOutRequest(hops, 1, amountOut, attackerAddress, attackerAddress));
    expect(await revertOf(simulate(p, attacker))).toEqual({ name: 'InexactOutput', args: [0n, amountOut] });
    await expectCallbackGuards(ask, p);
    await ask(0n, amountOut, 1n);
    expect((await revertOf(simulate(p, attacker))).name).toBe('InvalidCallbackAmount');
    // Also as a PancakeSwap V3 pool.
    await write(fake, fakePoolAbi, 'setPancake', [true]);
    await ask(5000n, amountOut, 2n);
    expect((await revertOf(simulate(p, attacker))).name).toBe('UnexpectedCallback');
    expect(await traderHoldings()).toEqual(victimBefore);
  });

  it("a fake V3 pool nested inside a real pool's callback cannot replay the outer request", async () => {
    const victimBefore = await traderHoldings();
    const fake = await deploy(eth, attacker, 'FakeV3Pool');
    const amountOut = parseUnits('10', 18);
    const hops = oneLeg([v3Hop(alpha, eth.weth, 3000, fake), v3Hop(eth.weth, beta, 3000)])[0]!.hops;
    const p = exactOutParams({ tokenIn: alpha, tokenOut: beta, amountOut, amountInMax: 10n ** 18n, recipient: attackerAddress, legs: oneLeg(hops) });
    // The real pool's callback runs the fake as the hop before, asked for what the real pool asks.
    const owed = await v3In(eth, eth.weth, beta, 3000, amountOut);
    const outer = exactOutRequest(hops, 2, amountOut, attackerAddress, attackerAddress);
    for (const [data, times] of [
      [outer, 1n],
      ['0x', 2n],
    ] as const) {
      await write(fake, fakePoolAbi, 'configure', [...deltas(5000n, owed), times, data]);
      expect((await revertOf(simulate(p, attacker))).name).toBe('UnexpectedCallback');
    }
    expect(await traderHoldings()).toEqual(victimBefore);
  });

  it('after a real exact-out swap, its request replayed to the V3 callbacks (by a fake pool or directly) is refused', async () => {
    const amountOut = parseEther('0.01');
    const hops = oneLeg([v3Hop(alpha, eth.weth, 3000)])[0]!.hops;
    const recipient = freshAddress();
    await send(exactOutParams({ tokenIn: alpha, tokenOut: eth.weth, amountOut, amountInMax: 10n ** 21n, recipient, legs: oneLeg(hops) }));
    const victimBefore = await traderHoldings();
    const request = exactOutRequest(hops, 1, amountOut, recipient, traderAddress);
    const fake = await deploy(eth, attacker, 'FakeV3Pool');
    const [d0, d1] = deltas(victimBefore[0]!, amountOut);
    for (const name of ['uniswapV3SwapCallback', 'pancakeV3SwapCallback'] as const) {
      expect((await revertOf(callRouter(name, [d0, d1, request]))).name).toBe('UnexpectedCallback');
    }
    expect((await revertOf(asAttacker(fake, fakePoolAbi, 'attack', [eth.router, d0, d1, request]))).name).toBe('UnexpectedCallback');
    await revertedOnChain(
      eth,
      await eth.wallet(attacker).writeContract({ address: fake, abi: fakePoolAbi, functionName: 'attack', args: [eth.router, d0, d1, request], gas: 300_000n }),
    );
    expect(await traderHoldings()).toEqual(victimBefore);
  });

  it('a fake PoolManager calling unlockCallback during an exact-out swap with other data, twice, never or short moves nothing; after a real swap, its request is refused', async () => {
    const victimBefore = await traderHoldings();
    const fake = await deploy(eth, attacker, 'FakePoolManager');
    const amountOut = 10n ** 15n;
    const hops = oneLeg([{ ...v4Hop(v4, alpha, eth.weth), pool: fake }])[0]!.hops;
    const p = exactOutParams({ tokenIn: alpha, tokenOut: eth.weth, amountOut, amountInMax: 10n ** 18n, recipient: attackerAddress, legs: oneLeg(hops) });
    // A manager reports deltas from the caller's side: the input owed negative, the output positive.
    const report = (input: bigint, output: bigint, times: bigint, replacement: Hex = '0x') => {
      const [d0, d1] = deltas(-input, -output);
      return write(fake, fakeManagerAbi, 'configure', [d0, d1, times, replacement]);
    };
    const victimRequest = exactOutRequest(hops, 1, amountOut, attackerAddress, traderAddress);
    await report(5000n, amountOut, 1n, victimRequest);
    expect((await revertOf(simulate(p, attacker))).name).toBe('UnexpectedCallback');
    await expectCallbackGuards(report, p);
    // Out of the blue, with a request naming the victim as payer: refused, from the fake or directly.
    expect((await revertOf(callRouter('unlockCallback', [victimRequest]))).name).toBe('UnexpectedCallback');
    expect((await revertOf(asAttacker(fake, fakeManagerAbi, 'attack', [eth.router, victimRequest]))).name).toBe('UnexpectedCallback');
    // After a real V4 exact-out swap by the victim, its very request replayed: refused.
    const realHops = oneLeg([v4Hop(v4, alpha, eth.weth)])[0]!.hops;
    const recipient = freshAddress();
    await send(exactOutParams({ tokenIn: alpha, tokenOut: eth.weth, amountOut, amountInMax: 10n ** 21n, recipient, legs: oneLeg(realHops) }));
    const replay = exactOutRequest(realHops, 1, amountOut, recipient, traderAddress);
    const victimAfterSwap = await traderHoldings();
    expect((await revertOf(asAttacker(fake, fakeManagerAbi, 'attack', [eth.router, replay]))).name).toBe('UnexpectedCallback');
    await revertedOnChain(
      eth,
      await eth.wallet(attacker).writeContract({ address: fake, abi: fakeManagerAbi, functionName: 'attack', args: [eth.router, replay], gas: 300_000n }),
    );
    expect(await traderHoldings()).toEqual(victimAfterSwap);
    expect(victimAfterSwap[0]).toBeLessThan(victimBefore[0]!);
  });

  it('a token re-entering swapExactOut (or calling the callbacks) from inside an exact-out swap is stopped; nothing moves', async () => {
    const { evil, pair } = await deployReentrantToken(eth, attacker);
    extraTokens.push(evil);
    const amountOut = parseEther('0.01');
    const sell = exactOutParams({
      tokenIn: evil,
      tokenOut: NATIVE,
      amountOut,
      amountInMax: parseUnits('1000', 18),
      recipient: attackerAddress,
      legs: oneLeg([v2Hop(evil, eth.weth, pair)]),
    });
    const arm = (attackData: Hex) => write(evil, reentrantAbi, 'armAfter', [eth.router, attackData, 0n]);
    const victimBefore = await traderHoldings();
    const evilBefore = await balanceOf(eth, evil, attackerAddress);
    const steal = exactOutParams({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountOut: 1000n,
      amountInMax: 10n ** 18n,
      recipient: attackerAddress,
      legs: oneLeg([v2Hop(alpha, eth.weth)]),
    });
    const reentries = [
      encodeFunctionData({ abi: routerAbi, functionName: 'swapExactOut', args: [steal] }),
      encodeFunctionData({
        abi: routerAbi,
        functionName: 'swap',
        args: [params({ tokenIn: alpha, tokenOut: NATIVE, amountIn: 1000n, recipient: attackerAddress, legs: oneLeg([v2Hop(alpha, eth.weth)]) })],
      }),
    ];
    for (const data of reentries) {
      await arm(data);
      expect((await revertOf(simulate(sell, attacker))).name).toBe('ReentrancyGuardReentrantCall');
    }
    const request = exactOutRequest(oneLeg([v2Hop(evil, eth.weth, pair)])[0]!.hops, 1, amountOut, eth.router, traderAddress);
    for (const data of [
      encodeFunctionData({ abi: routerAbi, functionName: 'uniswapV3SwapCallback', args: [1000n, 1000n, request] }),
      encodeFunctionData({ abi: routerAbi, functionName: 'pancakeV3SwapCallback', args: [1000n, 1000n, request] }),
      encodeFunctionData({ abi: routerAbi, functionName: 'unlockCallback', args: [request] }),
    ]) {
      await arm(data);
      expect((await revertOf(simulate(sell, attacker))).name).toBe('UnexpectedCallback');
    }
    await arm(reentries[0]!);
    await revertedOnChain(
      eth,
      await eth.wallet(attacker).writeContract({ address: eth.router, abi: routerAbi, functionName: 'swapExactOut', args: [sell], gas: GAS }),
    );
    expect(await balanceOf(eth, evil, attackerAddress)).toBe(evilBefore);
    expect(await traderHoldings()).toEqual(victimBefore);
    // Control: disarmed, the same swap pays exactly amountOut for what getAmountsIn asks.
    await write(evil, reentrantAbi, 'disarm', []);
    const spent = await v2In(eth, pair, evil, exactOutFees(amountOut, 10).gross);
    const nativeBefore = await balanceOf(eth, NATIVE, attackerAddress);
    const receipt = await send(sell, attacker);
    expect((await balanceOf(eth, NATIVE, attackerAddress)) - nativeBefore).toBe(amountOut - gasCost(receipt));
    expect(evilBefore - (await balanceOf(eth, evil, attackerAddress))).toBe(spent);
  });
});

describe('gas', () => {
  /** Runs the route exact-out, then exact-in for what the exact-out swap spent (fees included), to fresh recipients. */
  async function compare(label: string, tokenIn: Address, tokenOut: Address, amountOut: bigint, routeLegs: ReturnType<typeof legs>) {
    const amountInMax = tokenIn === NATIVE ? parseEther('5') : await balanceOf(eth, tokenIn, traderAddress);
    const exactOut = await send(exactOutParams({ tokenIn, tokenOut, amountOut, amountInMax, recipient: freshAddress(), legs: routeLegs }));
    const { amountIn } = swappedEvent(exactOut);
    const exactIn = await sendSwap(eth, trader, params({ tokenIn, tokenOut, amountIn, recipient: freshAddress(), legs: routeLegs }));
    gasUsed[`${label}: exact-in`] = Number(exactIn.gasUsed);
    gasUsed[`${label}: exact-out`] = Number(exactOut.gasUsed);
  }

  it('one hop and three hops, exact-out beside exact-in of the same route', async () => {
    await compare('1 hop V2, native → ALPHA', NATIVE, alpha, parseUnits('500', 18), oneLeg([v2Hop(eth.weth, alpha)]));
    await compare('1 hop V3, ALPHA → WETH', alpha, eth.weth, parseEther('0.1'), oneLeg([v3Hop(alpha, eth.weth, 3000)]));
    await compare('1 hop V4, ALPHA → native', alpha, NATIVE, parseEther('0.1'), oneLeg([v4Hop(v4, alpha, eth.weth)]));
    await compare(
      '3 hops V2 → V4 → V3, USDC → BETA',
      usdc,
      beta,
      parseUnits('100', 18),
      oneLeg([v2Hop(usdc, alpha), v4Hop(v4, alpha, eth.weth), v3Hop(eth.weth, beta, 3000)]),
    );
    await compare(
      '3 hops V4 → V4 → V4 (one manager), BETA → USDC',
      beta,
      usdc,
      parseUnits('100', 6),
      oneLeg([v4Hop(v4AlphaBeta, beta, alpha), v4Hop(v4, alpha, eth.weth), v4Hop(v4WethUsdc, eth.weth, usdc)]),
    );
    expect(Object.keys(gasUsed).length).toBeGreaterThanOrEqual(10);
  });
});
