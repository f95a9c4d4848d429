/**
 * Attacks on the allowance users give the Router, through the split-route entry point and the venues it
 * added: legs that try to spend a victim's tokens, the V4 `unlockCallback` and the PancakeSwap V3
 * `pancakeV3SwapCallback` called out of the blue or by a fake manager or pool, and a token that re-enters
 * the Router in a later leg. Each ends with the victim's balances unchanged and nothing in the Router.
 * Accounts 12 (victim), 13 (attacker) and 14 (deployer, liquidity) only.
 */
import { encodeAbiParameters, encodeFunctionData, getAddress, parseAbi, parseEther, parseUnits, type Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilAccount } from '@/devnet/accounts';
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
  erc20,
  fakeManagerAbi,
  fakePoolAbi,
  expectRouterEmpty,
  legAmounts,
  legs,
  mined,
  oneLeg,
  params,
  revertDecoder,
  revertedOnChain,
  routerAbi,
  sendSwap,
  simulateSwap,
  startRouterWorld,
  type Ctx,
  type HopInput,
  type RevertOf,
  type RouterWorld,
} from './router-test-world';
import { deployV4Pool, type V4Venue } from './router-test-venues';

const reentrantAbi = parseAbi(['function armAfter(address target, bytes attackData, uint256 transfersToSkip)', 'function disarm()']);
/** The request the Router hands a V4 manager (UniswapV4Venue.V4Request). */
const v4RequestType = [
  {
    type: 'tuple',
    components: [
      {
        name: 'key',
        type: 'tuple',
        components: [
          { name: 'currency0', type: 'address' },
          { name: 'currency1', type: 'address' },
          { name: 'fee', type: 'uint24' },
          { name: 'tickSpacing', type: 'int24' },
          { name: 'hooks', type: 'address' },
        ],
      },
      { name: 'zeroForOne', type: 'bool' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'payer', type: 'address' },
      { name: 'to', type: 'address' },
    ],
  },
] as const;

let world: RouterWorld;
let eth: Ctx;
let errorsAbi: Abi;
let revertOf: RevertOf;
let v4: V4Venue;

const victim = 12;
const attacker = 13;
const deployer = 14;
const victimAddress = getAddress(anvilAccount(victim).address);
const attackerAddress = getAddress(anvilAccount(attacker).address);
const attackerAccount = privateKeyToAccount(anvilAccount(attacker).privateKey);
let alpha: Address;
let usdc: Address;
let victimBalances: () => Promise<bigint[]>;

const v2Hop = (tokenIn: Address, tokenOut: Address, pool = eth.pool('UNISWAP_V2', tokenIn, tokenOut)): HopInput => ({
  venue: V2,
  pool,
  tokenIn,
  tokenOut,
  fee: 3000,
});
const v3Hop = (tokenIn: Address, tokenOut: Address, pool = eth.pool('UNISWAP_V3', tokenIn, tokenOut, 3000)): HopInput => ({
  venue: V3,
  pool,
  tokenIn,
  tokenOut,
  fee: 3000,
});
const v4Hop = (tokenIn: Address, tokenOut: Address, manager = v4.manager): HopInput => ({
  venue: V4,
  pool: manager,
  tokenIn,
  tokenOut,
  fee: 3000,
  tickSpacing: 60,
});
/** A call straight to one of the Router's functions, as the attacker. */
const callRouter = (functionName: 'uniswapV3SwapCallback' | 'pancakeV3SwapCallback' | 'unlockCallback', args: readonly unknown[]) =>
  eth.client.simulateContract({ account: attackerAccount, address: eth.router, abi: [...routerAbi, ...errorsAbi] as Abi, functionName, args });

beforeAll(async () => {
  world = await startRouterWorld();
  ({ eth, errorsAbi } = world);
  revertOf = revertDecoder(errorsAbi);
  [alpha, usdc] = [eth.token('ALPHA'), eth.token('USDC')];
  v4 = await deployV4Pool(eth, deployer, alpha);
  // The victim holds ALPHA and USDC and gave the Router unlimited allowance for both; the attacker holds a
  // little ALPHA of its own, approved too, so that its routes fail on the guards rather than on its allowance.
  for (const [account, token, amount] of [
    [victim, alpha, '5'],
    [victim, usdc, '5'],
    [attacker, alpha, '1'],
  ] as const) {
    await sendSwap(
      eth,
      account,
      params({
        tokenIn: NATIVE,
        tokenOut: token,
        amountIn: parseEther(amount),
        recipient: getAddress(anvilAccount(account).address),
        legs: oneLeg([v2Hop(eth.weth, token)]),
      }),
    );
  }
  await approveRouter(eth, victim, [alpha, usdc]);
  await approveRouter(eth, attacker, [alpha]);
  victimBalances = () => Promise.all([balanceOf(eth, alpha, victimAddress), balanceOf(eth, usdc, victimAddress)]);
}, 180_000);

afterAll(async () => {
  await world?.stop();
});

describe('attacks on the allowance through split routes', () => {
  it("a third party cannot spend the victim's approved tokens through any leg: every leg pulls from msg.sender", async () => {
    const before = await victimBalances();
    const own = await balanceOf(eth, alpha, attackerAddress);
    // The victim's whole balance to the attacker, split so that the attacker's own ALPHA covers the fee and
    // the first leg: the second leg, over V3, V4 or two V2 hops, then asks the attacker for exactly its
    // amount, which it does not have.
    const amountIn = before[0]!;
    const fee = (amountIn * 10n) / 10_000n;
    const firstShare = Number((own * 200_000n) / amountIn);
    const [first, second] = legAmounts(amountIn - fee, [firstShare, 1_000_000 - firstShare]);
    for (const secondLeg of [[v3Hop(alpha, eth.weth)], [v4Hop(alpha, eth.weth)], [v2Hop(alpha, usdc), v2Hop(usdc, eth.weth)]]) {
      const route = params({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountIn,
        recipient: attackerAddress,
        legs: legs([firstShare, [v2Hop(alpha, eth.weth)]], [1_000_000 - firstShare, secondLeg]),
      });
      expect(await revertOf(simulateSwap(eth, attacker, route))).toEqual({
        name: 'ERC20InsufficientBalance',
        args: [attackerAddress, own - fee - first!, second!],
      });
    }
    // The victim named as a leg's pair or manager, or as the recipient, changes nothing about who pays.
    for (const hop of [v2Hop(alpha, eth.weth, victimAddress), v4Hop(alpha, eth.weth, victimAddress)]) {
      const route = params({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountIn,
        recipient: victimAddress,
        legs: legs([500_000, [v2Hop(alpha, eth.weth)]], [500_000, [hop]]),
      });
      expect((await revertOf(simulateSwap(eth, attacker, route))).name).toBe('ERC20InsufficientBalance');
      await expect(simulateSwap(eth, attacker, { ...route, amountIn: 10n ** 18n })).rejects.toThrow();
    }
    expect(await victimBalances()).toEqual(before);
    await expectRouterEmpty(eth);
  });

  it("unlockCallback pays nobody outside the Router's own V4 hop: out of the blue, from a fake manager, with crafted data or twice", async () => {
    const before = await victimBalances();
    const fake = await deploy(eth, attacker, 'FakePoolManager');
    const [currency0, currency1] = BigInt(alpha) < BigInt(eth.weth) ? [alpha, eth.weth] : [eth.weth, alpha];
    const victimRequest = encodeAbiParameters(v4RequestType, [
      {
        key: { currency0, currency1, fee: 3000, tickSpacing: 60, hooks: NATIVE },
        zeroForOne: currency0 === alpha,
        amountIn: before[0]!,
        payer: victimAddress,
        to: attackerAddress,
      },
    ]);
    // Out of the blue, from the attacker or from the fake manager.
    expect((await revertOf(callRouter('unlockCallback', [victimRequest]))).name).toBe('UnexpectedCallback');
    expect(
      (
        await revertOf(
          eth.client.simulateContract({
            account: attackerAccount,
            address: fake,
            abi: [...fakeManagerAbi, ...errorsAbi] as Abi,
            functionName: 'attack',
            args: [eth.router, victimRequest],
          }),
        )
      ).name,
    ).toBe('UnexpectedCallback');
    await revertedOnChain(
      eth,
      await eth
        .wallet(attacker)
        .writeContract({ address: fake, abi: fakeManagerAbi, functionName: 'attack', args: [eth.router, victimRequest], gas: 300_000n }),
    );

    // A crafted route through the fake manager, paying with the attacker's own ALPHA.
    const amountIn = 1000n;
    const hopAmount = amountIn - 1n; // after the 10 bps fee
    const route = params({
      tokenIn: alpha,
      tokenOut: eth.weth,
      amountIn,
      amountOutMin: 1n,
      recipient: attackerAddress,
      legs: oneLeg([v4Hop(alpha, eth.weth, fake)]),
    });
    const inIsZero = currency0 === alpha;
    const configure = (amountInDelta: bigint, times: bigint, replacement: `0x${string}` = '0x') =>
      eth
        .wallet(attacker)
        .writeContract({
          address: fake,
          abi: fakeManagerAbi,
          functionName: 'configure',
          args: [inIsZero ? -amountInDelta : 10n ** 18n, inIsZero ? 10n ** 18n : -amountInDelta, times, replacement],
        })
        .then((hash) => mined(eth, hash));
    // The victim's request handed back instead of the Router's own: refused.
    await configure(before[0]!, 1n, victimRequest);
    expect((await revertOf(simulateSwap(eth, attacker, route))).name).toBe('UnexpectedCallback');
    // Called back twice: the second is refused. Never called back: nothing was paid, the hop is incomplete.
    await configure(hopAmount, 2n);
    expect((await revertOf(simulateSwap(eth, attacker, route))).name).toBe('UnexpectedCallback');
    await configure(hopAmount, 0n);
    expect(await revertOf(simulateSwap(eth, attacker, route))).toEqual({ name: 'IncompleteSwap', args: [0n, hopAmount] });
    // A swap that takes less than the hop's amount would leave the rest behind: refused.
    await configure(hopAmount - 1n, 1n);
    expect(await revertOf(simulateSwap(eth, attacker, route))).toEqual({ name: 'IncompleteSwap', args: [hopAmount - 1n, hopAmount] });
    // The exact amount is paid, by the attacker alone, who gets nothing back from the fake.
    await configure(hopAmount, 1n);
    expect(await revertOf(simulateSwap(eth, attacker, route))).toEqual({ name: 'SlippageExceeded', args: [0n, 1n] });
    expect(await victimBalances()).toEqual(before);
    await expectRouterEmpty(eth);
  });

  it("pancakeV3SwapCallback pays nobody but the pool being swapped with, at most its leg's amount, once", async () => {
    const before = await victimBalances();
    const fake = await deploy(eth, attacker, 'FakeV3Pool');
    await mined(eth, await eth.wallet(attacker).writeContract({ address: fake, abi: fakePoolAbi, functionName: 'setPancake', args: [true] }));
    const victimData = encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [victimAddress] });
    expect((await revertOf(callRouter('pancakeV3SwapCallback', [before[0]!, before[0]!, victimData]))).name).toBe('UnexpectedCallback');
    expect(
      (
        await revertOf(
          eth.client.simulateContract({
            account: attackerAccount,
            address: fake,
            abi: [...fakePoolAbi, ...errorsAbi] as Abi,
            functionName: 'attack',
            args: [eth.router, before[0]!, before[0]!, victimData],
          }),
        )
      ).name,
    ).toBe('UnexpectedCallback');
    await revertedOnChain(
      eth,
      await eth
        .wallet(attacker)
        .writeContract({ address: fake, abi: fakePoolAbi, functionName: 'attack', args: [eth.router, before[0]!, 0n, victimData], gas: 300_000n }),
    );

    // The fake as the first leg of a split with a real V2 pair: it may ask for its leg's amount and no more, once.
    const amountIn = 10n ** 18n;
    const [legAmount] = legAmounts(amountIn - (amountIn * 10n) / 10_000n, [500_000, 500_000]);
    const route = params({
      tokenIn: alpha,
      tokenOut: eth.weth,
      amountIn,
      amountOutMin: 1n,
      recipient: attackerAddress,
      legs: legs([500_000, [{ ...v3Hop(alpha, eth.weth, fake), fee: 2500 }]], [500_000, [v2Hop(alpha, eth.weth)]]),
    });
    const zeroForOne = BigInt(alpha) < BigInt(eth.weth);
    const ask = (amount: bigint, times: bigint) =>
      eth
        .wallet(attacker)
        .writeContract({
          address: fake,
          abi: fakePoolAbi,
          functionName: 'configure',
          args: [zeroForOne ? amount : 0n, zeroForOne ? 0n : amount, times, victimData],
        })
        .then((hash) => mined(eth, hash));
    await ask(legAmount! + 1n, 1n);
    expect((await revertOf(simulateSwap(eth, attacker, route))).name).toBe('InvalidCallbackAmount');
    await ask(legAmount!, 2n);
    expect((await revertOf(simulateSwap(eth, attacker, route))).name).toBe('UnexpectedCallback');
    await ask(legAmount! - 200n, 1n);
    expect(await revertOf(simulateSwap(eth, attacker, route))).toEqual({ name: 'IncompleteSwap', args: [legAmount! - 200n, legAmount!] });
    // The exact ask goes through: the attacker paid its own leg into the fake and got the V2 leg's output.
    await ask(legAmount!, 1n);
    expect((await simulateSwap(eth, attacker, route)).result).toBeGreaterThan(0n);
    expect(await victimBalances()).toEqual(before);
    await expectRouterEmpty(eth);
  });

  it('a token re-entering the Router in a later leg is stopped by the lock; callbacks from it are refused', async () => {
    const deployerAddress = getAddress(anvilAccount(deployer).address);
    const { evil, pair } = await deployReentrantToken(eth, deployer);
    // Two legs through the same pair: the token's first transfer is leg 1's pull, its second leg 2's.
    const sell = params({
      tokenIn: evil,
      tokenOut: NATIVE,
      amountIn: parseUnits('100', 18),
      recipient: deployerAddress,
      legs: legs([500_000, [v2Hop(evil, eth.weth, pair)]], [500_000, [v2Hop(evil, eth.weth, pair)]]),
    });
    const armAfterFirstLeg = (attackData: `0x${string}`, skip = 1n) =>
      eth
        .wallet(deployer)
        .writeContract({ address: evil, abi: reentrantAbi, functionName: 'armAfter', args: [eth.router, attackData, skip] })
        .then((hash) => mined(eth, hash));
    const victimBefore = await victimBalances();
    const evilBefore = await balanceOf(eth, evil, deployerAddress);

    const stealSwap = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [
        params({
          tokenIn: alpha,
          tokenOut: NATIVE,
          amountIn: 1000n,
          recipient: deployerAddress,
          legs: oneLeg([v2Hop(alpha, eth.weth)]),
        }),
      ],
    });
    await armAfterFirstLeg(stealSwap);
    expect((await revertOf(simulateSwap(eth, deployer, sell))).name).toBe('ReentrancyGuardReentrantCall');
    for (const callback of [
      encodeFunctionData({ abi: routerAbi, functionName: 'uniswapV3SwapCallback', args: [1000n, 1000n, '0x'] }),
      encodeFunctionData({ abi: routerAbi, functionName: 'pancakeV3SwapCallback', args: [1000n, 1000n, '0x'] }),
      encodeFunctionData({ abi: routerAbi, functionName: 'unlockCallback', args: ['0x'] }),
    ]) {
      await armAfterFirstLeg(callback);
      expect((await revertOf(simulateSwap(eth, deployer, sell))).name).toBe('UnexpectedCallback');
    }
    // Sent on chain anyway: reverted, nothing moved.
    await armAfterFirstLeg(stealSwap);
    await revertedOnChain(eth, await eth.wallet(deployer).writeContract({ address: eth.router, abi: routerAbi, functionName: 'swap', args: [sell], gas: GAS }));
    expect(await balanceOf(eth, evil, deployerAddress)).toBe(evilBefore);
    expect(await victimBalances()).toEqual(victimBefore);

    // Controls: armed to strike only after both legs' transfers, and disarmed, the same swap goes through.
    await armAfterFirstLeg(stealSwap, 2n);
    await sendSwap(eth, deployer, sell);
    await mined(eth, await eth.wallet(deployer).writeContract({ address: evil, abi: reentrantAbi, functionName: 'disarm' }));
    await sendSwap(eth, deployer, sell);
    await expectRouterEmpty(eth, [evil]);
  });
});
