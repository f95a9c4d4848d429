/**
 * The Router's split routes on the shared local world (ETH): legs over V2, V3, V4 and PancakeSwap V3 pay
 * exactly the sum of what each venue's own quoter gives for each leg's amount, fees are exactly those of a
 * one-leg swap, fee-on-transfer tokens are exact over V2 legs, malformed routes are refused, and the Router
 * holds nothing afterwards. The V4 PoolManager and the PancakeSwap V3 pool are deployed by these tests.
 * Accounts 14 (liquidity) and 16 (trader) and fresh random addresses only, so balances here are exact.
 */
import { getAddress, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFee, feeSplit, splitAmount } from '@/server/fees/fee-model';
import { anvilAccount } from '@/devnet/accounts';
import { ROUTER_FEE_COLLECTOR_ACCOUNT } from '@/devnet/evm/world-spec';
import {
  NATIVE,
  V2,
  V3,
  V4,
  approveRouter,
  balanceOf,
  expectRouterEmpty,
  freshAddress,
  gasCost,
  legAmounts,
  legs,
  oneLeg,
  params,
  revertDecoder,
  sendSwap,
  simulateSwap,
  startRouterWorld,
  swappedEvent,
  v2Out,
  v3Out,
  type Ctx,
  type HopInput,
  type RevertOf,
  type RouterWorld,
} from './router-test-world';
import {
  deployPancakePool,
  deployPancakeV2Pair,
  deployV4Pool,
  pancakePoolAddress,
  v3PoolOut,
  v4Out,
  type PancakeVenue,
  type V4Venue,
} from './router-test-venues';

const v2Router02 = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);

let world: RouterWorld;
let eth: Ctx;
let revertOf: RevertOf;
let v4: V4Venue;
let pancake: PancakeVenue;
/** A PancakeSwap V2 pair of wrapped native and ALPHA (0.25 %). */
let pancakeV2Pair: Address;
const gasUsed: Record<string, bigint> = {};

const PROVIDER = 14;
const trader = 16;
const traderAddress = getAddress(anvilAccount(trader).address);
const collector = getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address);

let alpha: Address;
let beta: Address;
let usdc: Address;
let tax: Address;
/** Hops by venue, for the token pairs below. */
const v2Hop = (tokenIn: Address, tokenOut: Address, fee = 3000): HopInput => ({
  venue: V2,
  pool: eth.pool('UNISWAP_V2', tokenIn, tokenOut),
  tokenIn,
  tokenOut,
  fee,
});
const v3Hop = (tokenIn: Address, tokenOut: Address, fee: number): HopInput => ({
  venue: V3,
  pool: eth.pool('UNISWAP_V3', tokenIn, tokenOut, fee),
  tokenIn,
  tokenOut,
  fee,
});
const v4Hop = (tokenIn: Address, tokenOut: Address): HopInput => ({
  venue: V4,
  pool: v4.manager,
  tokenIn,
  tokenOut,
  fee: v4.key.fee,
  tickSpacing: v4.key.tickSpacing,
});
const pancakeHop = (tokenIn: Address, tokenOut: Address): HopInput => ({ venue: V3, pool: pancake.pool, tokenIn, tokenOut, fee: pancake.fee });

beforeAll(async () => {
  world = await startRouterWorld();
  eth = world.eth;
  revertOf = revertDecoder(world.errorsAbi);
  [alpha, beta, usdc, tax] = [eth.token('ALPHA'), eth.token('BETA'), eth.token('USDC'), eth.token('tax')];
  v4 = await deployV4Pool(eth, PROVIDER, alpha);
  pancake = await deployPancakePool(eth, PROVIDER, alpha);
  pancakeV2Pair = await deployPancakeV2Pair(eth, PROVIDER, alpha);
  // The trader's tokens to sell, bought with its native.
  for (const token of [alpha, usdc, tax]) {
    await sendSwap(
      eth,
      trader,
      params({ tokenIn: NATIVE, tokenOut: token, amountIn: parseEther('3'), recipient: traderAddress, legs: oneLeg([v2Hop(eth.weth, token)]) }),
    );
  }
  await approveRouter(eth, trader, [alpha, usdc, tax]);
}, 180_000);

afterAll(async () => {
  console.log('router gas used per split', JSON.stringify(Object.fromEntries(Object.entries(gasUsed).map(([k, v]) => [k, Number(v)]))));
  await world?.stop();
});

describe('split routes (ETH), exact to the wei', () => {
  it('24 legs (MAX_LEGS) through one V3 pool, run one after another, pay what one swap of the sum pays; the gas of each further leg is measured', async () => {
    const amountIn = parseEther('2');
    const net = splitAmount(amountIn, { protocolBps: 10, integratorBps: 0 }).net;
    const expected = await v3Out(eth, eth.weth, alpha, 3000, net);
    const run = async (count: number) => {
      const shares = Array.from({ length: count }, (_, i) =>
        i === count - 1 ? 1_000_000 - Math.floor(1_000_000 / count) * (count - 1) : Math.floor(1_000_000 / count),
      );
      const recipient = freshAddress();
      const p = params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        recipient,
        legs: legs(...shares.map((share) => [share, [v3Hop(eth.weth, alpha, 3000)]] as [number, HopInput[]])),
      });
      // Both runs start from the same pool state: each is sent, then undone.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- viem's request schema has no anvil methods: the assertion names the answer
      const snapshot = (await eth.client.request({ method: 'evm_snapshot' } as never)) as string;
      const receipt = await sendSwap(eth, trader, p, 8_000_000n);
      const received = await balanceOf(eth, alpha, recipient);
      await eth.client.request({ method: 'evm_revert', params: [snapshot] } as never);
      return { gas: receipt.gasUsed, received };
    };
    const [one, all] = [await run(1), await run(24)];
    gasUsed['native→token 1 leg V3'] = one.gas;
    gasUsed['native→token 24 legs, one V3 pool'] = all.gas;
    expect(one.received).toBe(expected);
    // A V3 swap in parts pays what it pays whole, to within a few units of rounding per part.
    expect(all.received).toBeLessThanOrEqual(expected);
    expect(expected - all.received).toBeLessThan(100n);
    const perLeg = (all.gas - one.gas) / 23n;
    expect(perLeg).toBeLessThan(120_000n);
    console.log(`a further leg through one V3 hop costs ${perLeg} gas (1 leg: ${one.gas}, 24 legs: ${all.gas})`);
  });

  it('two legs, V2 + V3, token → wrapped native: fees on tokenIn, then 60/40 of the rest, output the sum of both pools', async () => {
    const amountIn = parseUnits('400', 18);
    const split = feeSplit('v2', 50);
    const fees = splitAmount(amountIn, split);
    const shares = [600_000, 400_000];
    const [a1, a2] = legAmounts(fees.net, shares);
    const expected = (await v2Out(eth, eth.pool('UNISWAP_V2', alpha, eth.weth), alpha, a1!)) + (await v3Out(eth, alpha, eth.weth, 3000, a2!));
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const p = params({
      tokenIn: alpha,
      tokenOut: eth.weth,
      amountIn,
      amountOutMin: expected,
      recipient,
      integrator,
      protocolFeeBps: split.protocolBps,
      integratorFeeBps: split.integratorBps,
      legs: legs([shares[0]!, [v2Hop(alpha, eth.weth)]], [shares[1]!, [v3Hop(alpha, eth.weth, 3000)]]),
    });
    expect(await revertOf(simulateSwap(eth, trader, { ...p, amountOutMin: expected + 1n }))).toEqual({
      name: 'SlippageExceeded',
      args: [expected, expected + 1n],
    });
    const [alphaBefore, collectorBefore] = await Promise.all([balanceOf(eth, alpha, traderAddress), balanceOf(eth, alpha, collector)]);
    const receipt = await sendSwap(eth, trader, p);
    gasUsed['token→token 2 legs V2+V3'] = receipt.gasUsed;
    expect(await balanceOf(eth, eth.weth, recipient)).toBe(expected);
    expect(alphaBefore - (await balanceOf(eth, alpha, traderAddress))).toBe(amountIn);
    expect((await balanceOf(eth, alpha, collector)) - collectorBefore).toBe(applyFee(amountIn, split.protocolBps));
    expect(await balanceOf(eth, alpha, integrator)).toBe(applyFee(amountIn, split.integratorBps));
    expect(swappedEvent(receipt)).toMatchObject({ amountIn, amountOut: expected, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
    await expectRouterEmpty(eth);
  });

  it('three legs, V2 + V3 + V4, native → token: fees on msg.value; each venue gets its leg exactly and pays what its own quoter says', async () => {
    const amountIn = parseEther('3');
    const split = feeSplit('v1', 100);
    const fees = splitAmount(amountIn, split);
    const shares = [500_000, 300_000, 200_000];
    const amounts = legAmounts(fees.net, shares);
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const pool = eth.pool('UNISWAP_V3', eth.weth, alpha, 3000);
    const [v2Amounts, v3Quote, v4Quote] = await Promise.all([
      eth.client.readContract({ address: eth.v2Router, abi: v2Router02, functionName: 'getAmountsOut', args: [amounts[0]!, [eth.weth, alpha]] }),
      v3Out(eth, eth.weth, alpha, 3000, amounts[1]!),
      v4Out(eth, v4, eth.weth, amounts[2]!),
    ]);
    const expected = v2Amounts[1]! + v3Quote + v4Quote;
    const integrator = freshAddress();
    const venuesBefore = await Promise.all([pair, pool, v4.manager].map((venue) => balanceOf(eth, eth.weth, venue)));
    const [alphaBefore, nativeBefore, collectorBefore] = await Promise.all([
      balanceOf(eth, alpha, traderAddress),
      balanceOf(eth, NATIVE, traderAddress),
      balanceOf(eth, NATIVE, collector),
    ]);
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        amountOutMin: expected,
        recipient: traderAddress,
        integrator,
        protocolFeeBps: split.protocolBps,
        integratorFeeBps: split.integratorBps,
        legs: legs([shares[0]!, [v2Hop(eth.weth, alpha)]], [shares[1]!, [v3Hop(eth.weth, alpha, 3000)]], [shares[2]!, [v4Hop(eth.weth, alpha)]]),
      }),
    );
    gasUsed['native→token 3 legs V2+V3+V4'] = receipt.gasUsed;
    expect((await balanceOf(eth, alpha, traderAddress)) - alphaBefore).toBe(expected);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(amountIn + gasCost(receipt));
    const venuesAfter = await Promise.all([pair, pool, v4.manager].map((venue) => balanceOf(eth, eth.weth, venue)));
    expect(venuesAfter.map((after, i) => after - venuesBefore[i]!)).toEqual(amounts);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(applyFee(amountIn, 45));
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(applyFee(amountIn, 70));
    expect(swappedEvent(receipt)).toEqual({
      sender: traderAddress,
      recipient: traderAddress,
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountIn,
      amountOut: expected,
      protocolFee: applyFee(amountIn, 45),
      integratorFee: applyFee(amountIn, 70),
      integrator,
    });
    await expectRouterEmpty(eth);
  });

  it('a three-hop leg (V2 → V4 → V3) beside a one-hop leg: each hop is paid exactly what the previous delivered', async () => {
    const amountIn = parseUnits('1500', 6);
    const net = amountIn - applyFee(amountIn, 10);
    const shares = [700_000, 300_000];
    const [a1, a2] = legAmounts(net, shares);
    const toAlpha = await v2Out(eth, eth.pool('UNISWAP_V2', usdc, alpha), usdc, a1!);
    const toWeth = await v4Out(eth, v4, alpha, toAlpha);
    const expected = (await v3Out(eth, eth.weth, beta, 3000, toWeth)) + (await v2Out(eth, eth.pool('UNISWAP_V2', usdc, beta), usdc, a2!));
    const recipient = freshAddress();
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: usdc,
        tokenOut: beta,
        amountIn,
        amountOutMin: expected,
        recipient,
        legs: legs([shares[0]!, [v2Hop(usdc, alpha), v4Hop(alpha, eth.weth), v3Hop(eth.weth, beta, 3000)]], [shares[1]!, [v2Hop(usdc, beta)]]),
      }),
    );
    gasUsed['token→token 3 hops + 1 hop'] = receipt.gasUsed;
    expect(await balanceOf(eth, beta, recipient)).toBe(expected);
    expect(swappedEvent(receipt)).toMatchObject({ amountIn, amountOut: expected, protocolFee: applyFee(amountIn, 10) });
    await expectRouterEmpty(eth);
  });

  it("native out over three legs (V2, V3 1 %, V4): the legs' wrapped native is unwrapped once, fees on the total", async () => {
    const amountIn = parseUnits('900', 18);
    const shares = [400_000, 350_000, 250_000];
    const amounts = legAmounts(amountIn, shares);
    const gross =
      (await v2Out(eth, eth.pool('UNISWAP_V2', alpha, eth.weth), alpha, amounts[0]!)) +
      (await v3Out(eth, alpha, eth.weth, 10000, amounts[1]!)) +
      (await v4Out(eth, v4, alpha, amounts[2]!));
    const split = feeSplit('v2', 100);
    const fees = splitAmount(gross, split);
    const [recipient, integrator] = [freshAddress(), freshAddress()];
    const collectorBefore = await balanceOf(eth, NATIVE, collector);
    const p = params({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountIn,
      amountOutMin: fees.net,
      recipient,
      integrator,
      protocolFeeBps: split.protocolBps,
      integratorFeeBps: split.integratorBps,
      legs: legs([shares[0]!, [v2Hop(alpha, eth.weth)]], [shares[1]!, [v3Hop(alpha, eth.weth, 10000)]], [shares[2]!, [v4Hop(alpha, eth.weth)]]),
    });
    expect(await revertOf(simulateSwap(eth, trader, { ...p, amountOutMin: fees.net + 1n }))).toEqual({
      name: 'SlippageExceeded',
      args: [fees.net, fees.net + 1n],
    });
    const receipt = await sendSwap(eth, trader, p);
    gasUsed['token→native 3 legs V2+V3+V4'] = receipt.gasUsed;
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(fees.net);
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(fees.integratorFee);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(fees.protocolFee);
    expect(swappedEvent(receipt)).toMatchObject({ amountOut: fees.net, protocolFee: fees.protocolFee, integratorFee: fees.integratorFee });
    await expectRouterEmpty(eth);
  });

  it("PancakeSwap V3: the project's deployer creates the pool at the artifact's CREATE2 address; a hop and a split with Uniswap V3 pay exactly", async () => {
    expect(pancake.pool).toBe(pancakePoolAddress(pancake.deployer, eth.weth, alpha, pancake.fee));
    // Native in, over the PancakeSwap pool alone.
    const amountIn = parseEther('1');
    const net = amountIn - applyFee(amountIn, 10);
    const expected = await v3PoolOut(eth, pancake.quoter, pancake.pool, eth.weth, alpha, net);
    const alphaBefore = await balanceOf(eth, alpha, traderAddress);
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        amountOutMin: expected,
        recipient: traderAddress,
        legs: oneLeg([pancakeHop(eth.weth, alpha)]),
      }),
    );
    gasUsed['native→token PancakeSwap V3'] = receipt.gasUsed;
    expect((await balanceOf(eth, alpha, traderAddress)) - alphaBefore).toBe(expected);
    await expectRouterEmpty(eth);

    // Token in, half through PancakeSwap V3, half through Uniswap V3.
    const sell = parseUnits('600', 18);
    const [a1, a2] = legAmounts(sell - applyFee(sell, 10), [500_000, 500_000]);
    const sellExpected = (await v3PoolOut(eth, pancake.quoter, pancake.pool, alpha, eth.weth, a1!)) + (await v3Out(eth, alpha, eth.weth, 3000, a2!));
    const recipient = freshAddress();
    await sendSwap(
      eth,
      trader,
      params({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountIn: sell,
        amountOutMin: sellExpected,
        recipient,
        legs: legs([500_000, [pancakeHop(alpha, eth.weth)]], [500_000, [v3Hop(alpha, eth.weth, 3000)]]),
      }),
    );
    expect(await balanceOf(eth, eth.weth, recipient)).toBe(sellExpected);
    await expectRouterEmpty(eth);
  });

  it("V2 hops price with the hop's fee: a higher fee pays exactly the V2 formula with it, a lower one is refused by the pair", async () => {
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const amountIn = parseEther('1');
    const net = amountIn - applyFee(amountIn, 10);
    const route = (fee: number) =>
      params({ tokenIn: NATIVE, tokenOut: alpha, amountIn, recipient: traderAddress, legs: oneLeg([v2Hop(eth.weth, alpha, fee)]) });
    expect(await revertOf(simulateSwap(eth, trader, route(2500)))).toEqual({ name: 'Error', args: ['UniswapV2: K'] });
    const expected = await v2Out(eth, pair, eth.weth, net, 5000);
    expect(expected).toBeLessThan(await v2Out(eth, pair, eth.weth, net));
    const before = await balanceOf(eth, alpha, traderAddress);
    await sendSwap(eth, trader, { ...route(5000), amountOutMin: expected });
    expect((await balanceOf(eth, alpha, traderAddress)) - before).toBe(expected);
    await expectRouterEmpty(eth);
  });

  it('a PancakeSwap V2 pair: a hop with its 0.25 % pays its getAmountOut to the wei beside a Uniswap V2 leg; a lower fee is refused by the pair', async () => {
    const amountIn = parseEther('2');
    const net = amountIn - applyFee(amountIn, 10);
    const pancakeV2Hop = (fee: number): HopInput => ({ venue: V2, pool: pancakeV2Pair, tokenIn: eth.weth, tokenOut: alpha, fee });
    const alone = params({ tokenIn: NATIVE, tokenOut: alpha, amountIn, recipient: traderAddress, legs: oneLeg([pancakeV2Hop(2000)]) });
    expect(await revertOf(simulateSwap(eth, trader, alone))).toEqual({ name: 'Error', args: ['Pancake: K'] });
    const [a1, a2] = legAmounts(net, [400_000, 600_000]);
    // 2500 in hundredths of a bip is PancakeSwap's 9975/10000 exactly.
    const expected = (await v2Out(eth, pancakeV2Pair, eth.weth, a1!, 2500)) + (await v2Out(eth, eth.pool('UNISWAP_V2', eth.weth, alpha), eth.weth, a2!));
    const recipient = freshAddress();
    await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        amountOutMin: expected,
        recipient,
        legs: legs([400_000, [pancakeV2Hop(2500)]], [600_000, [v2Hop(eth.weth, alpha)]]),
      }),
    );
    expect(await balanceOf(eth, alpha, recipient)).toBe(expected);
    await expectRouterEmpty(eth);
  });

  it('a leg whose share of a tiny amount rounds down to nothing is skipped; the last leg swaps the rest', async () => {
    const amountIn = 10_000n;
    const net = amountIn - applyFee(amountIn, 10);
    const [a1, a2] = legAmounts(net, [50, 999_950]);
    expect([a1, a2]).toEqual([0n, net]);
    const expected = await v2Out(eth, eth.pool('UNISWAP_V2', eth.weth, alpha), eth.weth, net);
    expect(expected).toBeGreaterThan(0n);
    const recipient = freshAddress();
    await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        amountOutMin: expected,
        recipient,
        legs: legs([50, [v3Hop(eth.weth, alpha, 3000)]], [999_950, [v2Hop(eth.weth, alpha)]]),
      }),
    );
    expect(await balanceOf(eth, alpha, recipient)).toBe(expected);
    await expectRouterEmpty(eth);
  });
});

describe('the tax token over a split of V2 legs, exact to the wei', () => {
  const taxOf = (amount: bigint, bps: bigint) => (amount * bps) / 10_000n;

  it("sold for native: 5 % sell tax on each leg's pull into its first pair; fees on the native total", async () => {
    const amountIn = (await balanceOf(eth, tax, traderAddress)) / 2n;
    const shares = [500_000, 500_000];
    const [a1, a2] = legAmounts(amountIn, shares);
    const [arrived1, arrived2] = [a1! - taxOf(a1!, 500n), a2! - taxOf(a2!, 500n)];
    const [taxWeth, taxUsdc] = [eth.pool('UNISWAP_V2', tax, eth.weth), eth.pool('UNISWAP_V2', tax, usdc)];
    const viaUsdc = await v2Out(eth, taxUsdc, tax, arrived2);
    const gross = (await v2Out(eth, taxWeth, tax, arrived1)) + (await v2Out(eth, eth.pool('UNISWAP_V2', usdc, eth.weth), usdc, viaUsdc));
    const fees = splitAmount(gross, feeSplit('v1', 0));
    const recipient = freshAddress();
    const p = params({
      tokenIn: tax,
      tokenOut: NATIVE,
      amountIn,
      amountOutMin: fees.net,
      recipient,
      protocolFeeBps: feeSplit('v1', 0).protocolBps,
      legs: legs([shares[0]!, [v2Hop(tax, eth.weth)]], [shares[1]!, [v2Hop(tax, usdc), v2Hop(usdc, eth.weth)]]),
    });
    expect(await revertOf(simulateSwap(eth, trader, { ...p, amountOutMin: fees.net + 1n }))).toEqual({
      name: 'SlippageExceeded',
      args: [fees.net, fees.net + 1n],
    });
    const pairsBefore = await Promise.all([balanceOf(eth, tax, taxWeth), balanceOf(eth, tax, taxUsdc)]);
    const traderBefore = await balanceOf(eth, tax, traderAddress);
    const receipt = await sendSwap(eth, trader, p);
    gasUsed['TAX→native 2 V2 legs (taxed)'] = receipt.gasUsed;
    expect([(await balanceOf(eth, tax, taxWeth)) - pairsBefore[0], (await balanceOf(eth, tax, taxUsdc)) - pairsBefore[1]]).toEqual([arrived1, arrived2]);
    expect(traderBefore - (await balanceOf(eth, tax, traderAddress))).toBe(amountIn);
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(fees.net);
    expect(swappedEvent(receipt).amountOut).toBe(fees.net);
    await expectRouterEmpty(eth);
  });

  it("bought with native: 3 % buy tax on each leg's delivery; amountOutMin applies to the taxed total", async () => {
    const amountIn = parseEther('2');
    const net = amountIn - applyFee(amountIn, 10);
    const shares = [300_000, 700_000];
    const [a1, a2] = legAmounts(net, shares);
    const raw1 = await v2Out(eth, eth.pool('UNISWAP_V2', eth.weth, tax), eth.weth, a1!);
    const raw2 = await v2Out(eth, eth.pool('UNISWAP_V2', usdc, tax), usdc, await v2Out(eth, eth.pool('UNISWAP_V2', eth.weth, usdc), eth.weth, a2!));
    const expected = raw1 - taxOf(raw1, 300n) + raw2 - taxOf(raw2, 300n);
    const p = params({
      tokenIn: NATIVE,
      tokenOut: tax,
      amountIn,
      amountOutMin: expected,
      recipient: traderAddress,
      legs: legs([shares[0]!, [v2Hop(eth.weth, tax)]], [shares[1]!, [v2Hop(eth.weth, usdc), v2Hop(usdc, tax)]]),
    });
    expect(await revertOf(simulateSwap(eth, trader, { ...p, amountOutMin: expected + 1n }))).toEqual({
      name: 'SlippageExceeded',
      args: [expected, expected + 1n],
    });
    const before = await balanceOf(eth, tax, traderAddress);
    const receipt = await sendSwap(eth, trader, p);
    expect((await balanceOf(eth, tax, traderAddress)) - before).toBe(expected);
    expect(swappedEvent(receipt).amountOut).toBe(expected);
    await expectRouterEmpty(eth);
  });
});

describe('malformed routes are refused (InvalidRoute)', () => {
  const amountIn = parseEther('1');
  const route = (routeLegs: ReturnType<typeof legs>, tokenOut: Address = alpha) =>
    params({ tokenIn: NATIVE, tokenOut, amountIn, recipient: traderAddress, legs: routeLegs });
  const refused = async (routeLegs: ReturnType<typeof legs>, tokenOut?: Address) =>
    (await revertOf(simulateSwap(eth, trader, route(routeLegs, tokenOut)))).name;
  const accepted = async (routeLegs: ReturnType<typeof legs>, tokenOut?: Address) =>
    expect((await simulateSwap(eth, trader, route(routeLegs, tokenOut))).result).toBeGreaterThan(0n);

  it('shares that do not add up to 1,000,000, or a leg with none', async () => {
    const hop = v2Hop(eth.weth, alpha);
    await accepted(legs([400_000, [hop]], [600_000, [v3Hop(eth.weth, alpha, 3000)]]));
    expect(await refused(legs([400_000, [hop]], [599_999, [v3Hop(eth.weth, alpha, 3000)]]))).toBe('InvalidRoute');
    expect(await refused(legs([400_000, [hop]], [600_001, [v3Hop(eth.weth, alpha, 3000)]]))).toBe('InvalidRoute');
    expect(await refused(legs([0, [hop]], [1_000_000, [v3Hop(eth.weth, alpha, 3000)]]))).toBe('InvalidRoute');
    expect(await refused(legs([999_999, [hop]]))).toBe('InvalidRoute');
    expect(await refused([])).toBe('InvalidRoute');
  });

  it('more than 24 legs (MAX_LEGS)', async () => {
    const atCap = Array.from({ length: 24 }, (_, i) => [i === 23 ? 1_000_000 - 23 * 40_000 : 40_000, [v2Hop(eth.weth, alpha)]] as [number, HopInput[]]);
    await accepted(legs(...atCap));
    const over = Array.from({ length: 25 }, () => [40_000, [v2Hop(eth.weth, alpha)]] as [number, HopInput[]]);
    expect(await refused(legs(...over))).toBe('InvalidRoute');
  });

  it('more than three hops, an empty leg, or a leg that does not chain from the input to the output', async () => {
    await accepted(oneLeg([v2Hop(eth.weth, alpha), v2Hop(alpha, usdc), v2Hop(usdc, beta)]), beta);
    expect(await refused(oneLeg([v2Hop(eth.weth, alpha), v2Hop(alpha, usdc), v2Hop(usdc, eth.weth), v2Hop(eth.weth, beta)]), beta)).toBe('InvalidRoute');
    expect(await refused(legs([500_000, [v2Hop(eth.weth, alpha)]], [500_000, []]))).toBe('InvalidRoute');
    expect(await refused(legs([500_000, [v2Hop(eth.weth, alpha)]], [500_000, [v2Hop(eth.weth, usdc)]]))).toBe('InvalidRoute');
    expect(await refused(legs([500_000, [v2Hop(eth.weth, alpha)]], [500_000, [v2Hop(usdc, alpha)]]))).toBe('InvalidRoute');
  });

  it('a V4 hop with hooks, a hop without a pool, a fee of 100 %', async () => {
    await accepted(oneLeg([v4Hop(eth.weth, alpha)]));
    expect(await refused(oneLeg([{ ...v4Hop(eth.weth, alpha), hooks: freshAddress() }]))).toBe('InvalidRoute');
    expect(await refused(oneLeg([{ ...v2Hop(eth.weth, alpha), pool: NATIVE }]))).toBe('InvalidRoute');
    expect(await refused(oneLeg([v2Hop(eth.weth, alpha, 1_000_000)]))).toBe('InvalidRoute');
    await expectRouterEmpty(eth);
  });
});
