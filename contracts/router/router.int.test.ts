/**
 * The project's Router on the shared local world (ETH, plus a smoke test on BASE): exact amounts for every
 * one-leg swap shape, fee payouts equal to the TS fee model, reverts, zero balances left behind, and attacks
 * on the allowance users give it. Split routes and the V4 and PancakeSwap V3 venues: router-split.int.test.ts.
 * Accounts 10..14 and fresh random addresses only, so balances here are exact.
 */
import fc from 'fast-check';
import { encodeFunctionData, getAddress, parseAbi, parseEther, parseUnits, type Abi, type Address, type TransactionReceipt } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFee, feeSplit, splitAmount } from '@/server/fees/fee-model';
import { anvilAccount } from '@/devnet/accounts';
import { BRIDGE_SOLVER_ACCOUNT, ROUTER_FEE_COLLECTOR_ACCOUNT } from '@/devnet/evm/world-spec';
import {
  GAS,
  NATIVE,
  V2,
  V3,
  approveRouter,
  balanceOf,
  chainContext,
  deploy,
  deployReentrantToken,
  erc20,
  expectRouterEmpty,
  freshAddress,
  gasCost,
  mined,
  oneLeg,
  params,
  revertDecoder,
  routerAbi,
  sendSwap,
  simulateSwap,
  startRouterWorld,
  swappedEvent,
  v2Out,
  v3Out,
  type Ctx,
  type RevertOf,
  type RouterWorld,
} from './router-test-world';
import { receiptOf } from '@/devnet/evm/receipt';

const reentrantAbi = parseAbi([
  'function arm(address target, bytes attackData)',
  'function disarm()',
  'function approve(address, uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);
const fakePoolAbi = parseAbi([
  'function configure(int256 ask0, int256 ask1, uint256 times, bytes data)',
  'function attack(address router, int256 amount0Delta, int256 amount1Delta, bytes data)',
]);

let world: RouterWorld;
let eth: Ctx;
let errorsAbi: Abi;
let revertOf: RevertOf;
const gasUsed: Record<string, bigint> = {};

beforeAll(async () => {
  world = await startRouterWorld();
  ({ eth, errorsAbi } = world);
  revertOf = revertDecoder(errorsAbi);
}, 120_000);

afterAll(async () => {
  console.log('router gas used per swap type', JSON.stringify(Object.fromEntries(Object.entries(gasUsed).map(([k, v]) => [k, Number(v)]))));
  await world?.stop();
});

describe('Router deployment', () => {
  it('is wired to the wrapped native, the fee collector (account 19) and the solver, who deployed it, as owner', async () => {
    const c = eth.client;
    expect(await c.readContract({ address: eth.router, abi: routerAbi, functionName: 'wrappedNative' })).toBe(eth.weth);
    expect(await c.readContract({ address: eth.router, abi: routerAbi, functionName: 'feeCollector' })).toBe(
      getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address),
    );
    expect(await c.readContract({ address: eth.router, abi: routerAbi, functionName: 'owner' })).toBe(getAddress(anvilAccount(BRIDGE_SOLVER_ACCOUNT).address));
  });

  it('exposes no function that takes a payer: the only state-changing entry points are these', () => {
    const mutating = world.compiled.Router.abi
      .filter((item) => item.type === 'function' && item.stateMutability !== 'view' && item.stateMutability !== 'pure')
      .map((item) => (item as { name: string }).name)
      .sort();
    expect(mutating).toEqual([
      'pancakeV3SwapCallback',
      'renounceOwnership',
      'setFeeCollector',
      'swap',
      'swapAndDeposit',
      'swapExactOut',
      'transferOwnership',
      'uniswapV3SwapCallback',
      'unlockCallback',
    ]);
    // Every input name, struct fields included (the legs and hops of SwapParams).
    type Param = { name?: string; components?: readonly Param[] };
    const names = (params: readonly Param[]): string[] => params.flatMap((param) => [(param.name ?? '').toLowerCase(), ...names(param.components ?? [])]);
    const inputs = world.compiled.Router.abi.flatMap((item) => (item.type === 'function' ? names(item.inputs) : []));
    expect(inputs).toContain('hops');
    expect(inputs.filter((name) => ['from', 'payer', 'sender', 'spender', 'owner'].includes(name))).toEqual([]);
  });
});

describe('swaps (ETH), exact to the wei', () => {
  const trader = 10;
  const traderAddress = getAddress(anvilAccount(trader).address);
  const collector = getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address);

  it('native → token over V2 (v2 model, no integrator fee): 10 bps to the collector from msg.value', async () => {
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const amountIn = parseEther('2');
    const split = feeSplit('v2', 0);
    const fees = splitAmount(amountIn, split);
    const expected = await v2Out(eth, pair, eth.weth, fees.net);
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
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
        protocolFeeBps: split.protocolBps,
      }),
    );
    gasUsed['native→token V2'] = receipt.gasUsed;
    expect((await balanceOf(eth, alpha, traderAddress)) - alphaBefore).toBe(expected);
    expect(nativeBefore - (await balanceOf(eth, NATIVE, traderAddress))).toBe(amountIn + gasCost(receipt));
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(applyFee(amountIn, 10));
    expect(swappedEvent(receipt)).toEqual({
      sender: traderAddress,
      recipient: traderAddress,
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountIn,
      amountOut: expected,
      protocolFee: applyFee(amountIn, 10),
      integratorFee: 0n,
      integrator: NATIVE,
    });
    await expectRouterEmpty(eth);
  });

  it('native → token over V3 (0.05 % pool), v1 model fee 100: 45 bps protocol, 70 bps integrator', async () => {
    const usdc = eth.token('USDC');
    const pool = eth.pool('UNISWAP_V3', eth.weth, usdc, 500);
    const integrator = freshAddress();
    const amountIn = parseEther('3');
    const split = feeSplit('v1', 100);
    expect(split).toEqual({ protocolBps: 45, integratorBps: 70 });
    const fees = splitAmount(amountIn, split);
    const expected = await v3Out(eth, eth.weth, usdc, 500, fees.net);
    const [usdcBefore, collectorBefore] = await Promise.all([balanceOf(eth, usdc, traderAddress), balanceOf(eth, NATIVE, collector)]);
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: usdc,
        amountIn,
        amountOutMin: expected,
        recipient: traderAddress,
        legs: oneLeg([{ venue: V3, pool, tokenIn: eth.weth, tokenOut: usdc, fee: 500 }]),
        protocolFeeBps: split.protocolBps,
        integratorFeeBps: split.integratorBps,
        integrator,
      }),
    );
    gasUsed['native→token V3'] = receipt.gasUsed;
    expect((await balanceOf(eth, usdc, traderAddress)) - usdcBefore).toBe(expected);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(applyFee(amountIn, 45));
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(applyFee(amountIn, 70));
    const event = swappedEvent(receipt);
    expect([event.protocolFee, event.integratorFee, event.integrator, event.amountOut]).toEqual([
      applyFee(amountIn, 45),
      applyFee(amountIn, 70),
      integrator,
      expected,
    ]);
    await expectRouterEmpty(eth);
  });

  it('token → native over V2 (v2 model fee 100): fees on the native output, 30 bps protocol, 80 bps integrator', async () => {
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    await approveRouter(eth, trader, [alpha]);
    const amountIn = (await balanceOf(eth, alpha, traderAddress)) / 2n;
    const split = feeSplit('v2', 100);
    const gross = await v2Out(eth, pair, alpha, amountIn);
    const fees = splitAmount(gross, split);
    const recipient = freshAddress();
    const integrator = freshAddress();
    const collectorBefore = await balanceOf(eth, NATIVE, collector);
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountIn,
        amountOutMin: fees.net,
        recipient,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
        protocolFeeBps: split.protocolBps,
        integratorFeeBps: split.integratorBps,
        integrator,
      }),
    );
    gasUsed['token→native V2'] = receipt.gasUsed;
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(fees.net);
    expect(await balanceOf(eth, NATIVE, integrator)).toBe(applyFee(gross, 80));
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(applyFee(gross, 30));
    expect(fees.protocolFee + fees.integratorFee + fees.net).toBe(gross);
    await expectRouterEmpty(eth);
  });

  it('token → native over V3 (1 % pool)', async () => {
    const alpha = eth.token('ALPHA');
    const pool = eth.pool('UNISWAP_V3', eth.weth, alpha, 10000);
    const amountIn = parseUnits('500', 18);
    const gross = await v3Out(eth, alpha, eth.weth, 10000, amountIn);
    const net = gross - applyFee(gross, 10);
    const recipient = freshAddress();
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountIn,
        amountOutMin: net,
        recipient,
        legs: oneLeg([{ venue: V3, pool, tokenIn: alpha, tokenOut: eth.weth, fee: 10000 }]),
      }),
    );
    gasUsed['token→native V3'] = receipt.gasUsed;
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(net);
    await expectRouterEmpty(eth);
  });

  it('TAX bought with native over V2: the recipient gets the output after the 3 % buy tax; amountOutMin applies to that', async () => {
    const tax = eth.token('tax');
    const pair = eth.pool('UNISWAP_V2', eth.weth, tax);
    const amountIn = parseEther('1');
    const net = splitAmount(amountIn, feeSplit('v2', 0)).net;
    const raw = await v2Out(eth, pair, eth.weth, net);
    const afterTax = raw - (raw * 300n) / 10_000n;
    const p = params({
      tokenIn: NATIVE,
      tokenOut: tax,
      amountIn,
      amountOutMin: afterTax + 1n,
      recipient: traderAddress,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: tax, fee: 3000 }]),
    });
    expect(await revertOf(simulateSwap(eth, trader, p))).toEqual({ name: 'SlippageExceeded', args: [afterTax, afterTax + 1n] });
    const before = await balanceOf(eth, tax, traderAddress);
    const receipt = await sendSwap(eth, trader, { ...p, amountOutMin: afterTax });
    gasUsed['native→TAX V2 (taxed)'] = receipt.gasUsed;
    expect((await balanceOf(eth, tax, traderAddress)) - before).toBe(afterTax);
    expect(swappedEvent(receipt).amountOut).toBe(afterTax);
    await expectRouterEmpty(eth);
  });

  it('TAX sold for native over V2: 5 % sell tax taken on the way into the pair, fees on the native out', async () => {
    const tax = eth.token('tax');
    const pair = eth.pool('UNISWAP_V2', eth.weth, tax);
    await approveRouter(eth, trader, [tax]);
    const amountIn = (await balanceOf(eth, tax, traderAddress)) / 2n;
    const arrived = amountIn - (amountIn * 500n) / 10_000n;
    const gross = await v2Out(eth, pair, tax, arrived);
    const split = feeSplit('v1', 0);
    const fees = splitAmount(gross, split);
    const recipient = freshAddress();
    const p = params({
      tokenIn: tax,
      tokenOut: NATIVE,
      amountIn,
      amountOutMin: fees.net + 1n,
      recipient,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: tax, tokenOut: eth.weth, fee: 3000 }]),
      protocolFeeBps: split.protocolBps,
    });
    expect(await revertOf(simulateSwap(eth, trader, p))).toEqual({ name: 'SlippageExceeded', args: [fees.net, fees.net + 1n] });
    const [pairBefore, traderBefore, collectorBefore] = await Promise.all([
      balanceOf(eth, tax, pair),
      balanceOf(eth, tax, traderAddress),
      balanceOf(eth, NATIVE, collector),
    ]);
    const receipt = await sendSwap(eth, trader, { ...p, amountOutMin: fees.net });
    gasUsed['TAX→native V2 (taxed)'] = receipt.gasUsed;
    expect((await balanceOf(eth, tax, pair)) - pairBefore).toBe(arrived);
    expect(traderBefore - (await balanceOf(eth, tax, traderAddress))).toBe(amountIn);
    expect(await balanceOf(eth, NATIVE, recipient)).toBe(fees.net);
    expect((await balanceOf(eth, NATIVE, collector)) - collectorBefore).toBe(applyFee(gross, 15));
    await expectRouterEmpty(eth);
  });

  it('token → token, two hops V2 → V3 through wrapped native: fees on tokenIn before the swap', async () => {
    const usdc = eth.token('USDC');
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', usdc, eth.weth);
    const pool = eth.pool('UNISWAP_V3', eth.weth, alpha, 3000);
    await approveRouter(eth, trader, [usdc]);
    const amountIn = parseUnits('2000', 6);
    const split = feeSplit('v2', 50);
    const fees = splitAmount(amountIn, split);
    const mid = await v2Out(eth, pair, usdc, fees.net);
    const expected = await v3Out(eth, eth.weth, alpha, 3000, mid);
    const integrator = freshAddress();
    const [alphaBefore, usdcBefore, collectorBefore] = await Promise.all([
      balanceOf(eth, alpha, traderAddress),
      balanceOf(eth, usdc, traderAddress),
      balanceOf(eth, usdc, collector),
    ]);
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: usdc,
        tokenOut: alpha,
        amountIn,
        amountOutMin: expected,
        recipient: traderAddress,
        legs: oneLeg([
          { venue: V2, pool: pair, tokenIn: usdc, tokenOut: eth.weth, fee: 3000 },
          { venue: V3, pool, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 },
        ]),
        protocolFeeBps: split.protocolBps,
        integratorFeeBps: split.integratorBps,
        integrator,
      }),
    );
    gasUsed['token→token V2→V3'] = receipt.gasUsed;
    expect((await balanceOf(eth, alpha, traderAddress)) - alphaBefore).toBe(expected);
    expect(usdcBefore - (await balanceOf(eth, usdc, traderAddress))).toBe(amountIn);
    expect((await balanceOf(eth, usdc, collector)) - collectorBefore).toBe(applyFee(amountIn, split.protocolBps));
    expect(await balanceOf(eth, usdc, integrator)).toBe(applyFee(amountIn, split.integratorBps));
    await expectRouterEmpty(eth);
  });

  it('token → token, two hops V3 → V2 through wrapped native', async () => {
    const alpha = eth.token('ALPHA');
    const beta = eth.token('BETA');
    const pool = eth.pool('UNISWAP_V3', alpha, eth.weth, 3000);
    const pair = eth.pool('UNISWAP_V2', eth.weth, beta);
    const amountIn = parseUnits('300', 18);
    const net = amountIn - applyFee(amountIn, 10);
    const mid = await v3Out(eth, alpha, eth.weth, 3000, net);
    const expected = await v2Out(eth, pair, eth.weth, mid);
    const recipient = freshAddress();
    const receipt = await sendSwap(
      eth,
      trader,
      params({
        tokenIn: alpha,
        tokenOut: beta,
        amountIn,
        amountOutMin: expected,
        recipient,
        legs: oneLeg([
          { venue: V3, pool, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 },
          { venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: beta, fee: 3000 },
        ]),
      }),
    );
    gasUsed['token→token V3→V2'] = receipt.gasUsed;
    expect(await balanceOf(eth, beta, recipient)).toBe(expected);
    expect(swappedEvent(receipt)).toMatchObject({ recipient, amountIn, amountOut: expected, protocolFee: applyFee(amountIn, 10) });
    await expectRouterEmpty(eth);
  });

  it('reverts: slippage, deadline, fees, routes, native amounts', async () => {
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    const amountIn = parseEther('1');
    const base = params({
      tokenIn: NATIVE,
      tokenOut: alpha,
      amountIn,
      recipient: traderAddress,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
    });
    const expected = await v2Out(eth, pair, eth.weth, amountIn - applyFee(amountIn, 10));
    expect(await revertOf(simulateSwap(eth, trader, { ...base, amountOutMin: expected + 1n }))).toEqual({
      name: 'SlippageExceeded',
      args: [expected, expected + 1n],
    });
    const block = await eth.client.getBlock();
    expect((await revertOf(simulateSwap(eth, trader, { ...base, deadline: block.timestamp - 1n }))).name).toBe('DeadlineExpired');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, protocolFeeBps: 9 }))).name).toBe('InvalidFee');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, protocolFeeBps: 10, integratorFeeBps: 9_991, integrator: traderAddress }))).name).toBe(
      'InvalidFee',
    );
    expect((await revertOf(simulateSwap(eth, trader, { ...base, protocolFeeBps: 10_001 }))).name).toBe('InvalidFee');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, integratorFeeBps: 10 }))).name).toBe('InvalidFee');
    // The whole amount as fees (10 + 9990 bps) is a valid fee but leaves nothing to swap.
    expect((await revertOf(simulateSwap(eth, trader, { ...base, integratorFeeBps: 9_990, integrator: traderAddress }))).name).toBe('InvalidAmount');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, legs: oneLeg([]) }))).name).toBe('InvalidRoute');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, tokenOut: eth.token('BETA') }))).name).toBe('InvalidRoute');
    expect(
      (await revertOf(simulateSwap(eth, trader, { ...base, legs: oneLeg([{ ...base.legs[0]!.hops[0]!, tokenIn: alpha, tokenOut: eth.weth }]) }))).name,
    ).toBe('InvalidRoute');
    expect(
      (
        await revertOf(
          simulateSwap(eth, trader, {
            ...base,
            legs: oneLeg([base.legs[0]!.hops[0]!, base.legs[0]!.hops[0]!, base.legs[0]!.hops[0]!, base.legs[0]!.hops[0]!]),
          }),
        )
      ).name,
    ).toBe('InvalidRoute');
    expect((await revertOf(simulateSwap(eth, trader, base, amountIn - 1n))).name).toBe('InvalidNativeAmount');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, recipient: NATIVE }))).name).toBe('InvalidRecipient');
    expect((await revertOf(simulateSwap(eth, trader, { ...base, recipient: eth.router }))).name).toBe('InvalidRecipient');
    const tokenIn = params({
      tokenIn: alpha,
      tokenOut: NATIVE,
      amountIn: 1000n,
      recipient: traderAddress,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
    });
    expect((await revertOf(simulateSwap(eth, trader, tokenIn, 1n))).name).toBe('InvalidNativeAmount');
    // Sent anyway, a failing swap reverts on chain and moves nothing.
    const before = await balanceOf(eth, alpha, traderAddress);
    const hash = await eth.wallet(trader).writeContract({
      address: eth.router,
      abi: routerAbi,
      functionName: 'swap',
      args: [{ ...base, amountOutMin: expected + 1n }],
      value: amountIn,
      gas: GAS,
    });
    expect((await receiptOf(eth.client, hash)).status).toBe('reverted');
    expect(await balanceOf(eth, alpha, traderAddress)).toBe(before);
    await expectRouterEmpty(eth);
  });

  it('refuses native sent directly (only the wrapped-native contract may send it)', async () => {
    const call = eth.client.call({ account: traderAddress, to: eth.router, value: 1n });
    await expect(call).rejects.toThrow();
    const hash = await eth.wallet(trader).sendTransaction({ to: eth.router, value: parseEther('1'), gas: 100_000n });
    expect((await receiptOf(eth.client, hash)).status).toBe('reverted');
    await expectRouterEmpty(eth);
  });
});

describe('attacks on the allowance', () => {
  const victim = 12;
  const attacker = 13;
  const victimAddress = getAddress(anvilAccount(victim).address);
  const attackerAddress = getAddress(anvilAccount(attacker).address);
  let alpha: Address;
  let usdc: Address;
  let victimBalances: () => Promise<bigint[]>;

  beforeAll(async () => {
    alpha = eth.token('ALPHA');
    usdc = eth.token('USDC');
    // The victim holds ALPHA and USDC and gave the Router unlimited allowance for both.
    for (const [t, pool] of [
      [alpha, eth.pool('UNISWAP_V2', eth.weth, alpha)],
      [usdc, eth.pool('UNISWAP_V2', eth.weth, usdc)],
    ] as const) {
      await sendSwap(
        eth,
        victim,
        params({
          tokenIn: NATIVE,
          tokenOut: t,
          amountIn: parseEther('5'),
          recipient: victimAddress,
          legs: oneLeg([{ venue: V2, pool, tokenIn: eth.weth, tokenOut: t, fee: 3000 }]),
        }),
      );
    }
    await approveRouter(eth, victim, [alpha, usdc]);
    victimBalances = () => Promise.all([balanceOf(eth, alpha, victimAddress), balanceOf(eth, usdc, victimAddress)]);
  });

  it("a third party cannot spend the victim's approved tokens through swap: only msg.sender pays", async () => {
    const before = await victimBalances();
    const amount = before[0]!;
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    // Plain swap of the victim's amount to the attacker: pulled from the attacker, who has none.
    const r1 = await revertOf(
      simulateSwap(
        eth,
        attacker,
        params({
          tokenIn: alpha,
          tokenOut: NATIVE,
          amountIn: amount,
          recipient: attackerAddress,
          legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
        }),
      ),
    );
    expect(r1.name).toBe('ERC20InsufficientAllowance');
    expect(r1.args[0]).toBe(eth.router);
    // The victim as the "pair" or the recipient changes nothing about who pays.
    expect(
      (
        await revertOf(
          simulateSwap(
            eth,
            attacker,
            params({
              tokenIn: alpha,
              tokenOut: eth.weth,
              amountIn: amount,
              recipient: victimAddress,
              legs: oneLeg([{ venue: V2, pool: victimAddress, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
            }),
          ),
        )
      ).name,
    ).toBe('ERC20InsufficientAllowance');
    // Fees on tokenIn are pulled from msg.sender too.
    expect(
      (
        await revertOf(
          simulateSwap(
            eth,
            attacker,
            params({
              tokenIn: usdc,
              tokenOut: alpha,
              amountIn: before[1]!,
              recipient: attackerAddress,
              integratorFeeBps: 9_000,
              integrator: attackerAddress,
              legs: oneLeg([
                { venue: V2, pool: eth.pool('UNISWAP_V2', usdc, eth.weth), tokenIn: usdc, tokenOut: eth.weth, fee: 3000 },
                { venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 },
              ]),
            }),
          ),
        )
      ).name,
    ).toBe('ERC20InsufficientAllowance');
    // Owner-only administration.
    expect(
      (
        await revertOf(
          eth.client.simulateContract({
            account: privateKeyToAccount(anvilAccount(attacker).privateKey),
            address: eth.router,
            abi: [...routerAbi, ...errorsAbi] as Abi,
            functionName: 'setFeeCollector',
            args: [attackerAddress],
          }),
        )
      ).name,
    ).toBe('OwnableUnauthorizedAccount');
    expect(await victimBalances()).toEqual(before);
  });

  it('the V3 callback pays nobody but the pool being swapped with, only from the current payer, at most the hop amount', async () => {
    const before = await victimBalances();
    const fake = await deploy(eth, attacker, 'FakeV3Pool');
    const victimData = encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [victimAddress] });
    const attackerAccount = privateKeyToAccount(anvilAccount(attacker).privateKey);
    const withErrors = [...fakePoolAbi, ...errorsAbi] as Abi;
    // Outside any swap, from the fake pool or from the attacker directly: refused.
    expect(
      (
        await revertOf(
          eth.client.simulateContract({
            account: attackerAccount,
            address: fake,
            abi: withErrors,
            functionName: 'attack',
            args: [eth.router, before[0]!, before[0]!, victimData],
          }),
        )
      ).name,
    ).toBe('UnexpectedCallback');
    expect(
      (
        await revertOf(
          eth.client.simulateContract({
            account: attackerAccount,
            address: eth.router,
            abi: [...routerAbi, ...errorsAbi] as Abi,
            functionName: 'uniswapV3SwapCallback',
            args: [before[0]!, before[0]!, victimData],
          }),
        )
      ).name,
    ).toBe('UnexpectedCallback');
    const hash = await eth
      .wallet(attacker)
      .writeContract({ address: fake, abi: fakePoolAbi, functionName: 'attack', args: [eth.router, before[0]!, 0n, victimData], gas: 300_000n });
    expect((await receiptOf(eth.client, hash)).status).toBe('reverted');

    // A crafted route through the fake pool: asking for more than the hop's amount, or twice, is refused;
    // asking for the exact amount is charged to the attacker (msg.sender) alone.
    const route = (amountIn: bigint) =>
      params({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountIn,
        amountOutMin: 1n,
        recipient: attackerAddress,
        legs: oneLeg([{ venue: V3, pool: fake, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
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
        .then((h) => mined(eth, h));
    // Without an allowance of its own, the attacker's crafted route fails at the first pull from msg.sender.
    await ask(before[0]!, 1n);
    expect((await revertOf(simulateSwap(eth, attacker, route(1000n)))).name).toBe('ERC20InsufficientAllowance');
    // With ALPHA and an allowance of its own: the callback refuses an ask above the hop's amount (1000 minus
    // the 10 bps fee = 999) and a second ask; the exact ask is paid by the attacker alone, who gets nothing
    // back from the fake pool; a smaller ask would strand the rest and is refused.
    await sendSwap(
      eth,
      attacker,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn: parseEther('0.01'),
        recipient: attackerAddress,
        legs: oneLeg([{ venue: V2, pool: eth.pool('UNISWAP_V2', eth.weth, alpha), tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
      }),
    );
    await approveRouter(eth, attacker, [alpha]);
    expect((await revertOf(simulateSwap(eth, attacker, route(1000n)))).name).toBe('InvalidCallbackAmount');
    await ask(1000n, 1n);
    expect((await revertOf(simulateSwap(eth, attacker, route(1000n)))).name).toBe('InvalidCallbackAmount');
    await ask(999n, 2n);
    expect((await revertOf(simulateSwap(eth, attacker, route(1000n)))).name).toBe('UnexpectedCallback');
    await ask(999n, 1n);
    expect(await revertOf(simulateSwap(eth, attacker, route(1000n)))).toEqual({ name: 'SlippageExceeded', args: [0n, 1n] });
    await ask(500n, 1n);
    expect(await revertOf(simulateSwap(eth, attacker, route(1000n)))).toEqual({ name: 'IncompleteSwap', args: [500n, 999n] });
    expect(await victimBalances()).toEqual(before);
    await expectRouterEmpty(eth);
  });

  it('a token re-entering the Router from transfer/transferFrom is stopped by the reentrancy guard; the outer swap fails cleanly', async () => {
    const deployer = 14;
    const deployerAddress = getAddress(anvilAccount(deployer).address);
    const { evil, pair } = await deployReentrantToken(eth, deployer);

    const buy = params({
      tokenIn: NATIVE,
      tokenOut: evil,
      amountIn: parseEther('0.1'),
      recipient: deployerAddress,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: evil, fee: 3000 }]),
    });
    const sell = params({
      tokenIn: evil,
      tokenOut: NATIVE,
      amountIn: parseUnits('100', 18),
      recipient: deployerAddress,
      legs: oneLeg([{ venue: V2, pool: pair, tokenIn: evil, tokenOut: eth.weth, fee: 3000 }]),
    });
    // What the token tries from inside its transfer: steal the victim's ALPHA through a swap, or get paid
    // through the V3 callback.
    const reentrySwap = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swap',
      args: [
        params({
          tokenIn: alpha,
          tokenOut: NATIVE,
          amountIn: 1000n,
          recipient: deployerAddress,
          legs: oneLeg([{ venue: V2, pool: eth.pool('UNISWAP_V2', eth.weth, alpha), tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
        }),
      ],
    });
    const reentryCallback = encodeFunctionData({ abi: routerAbi, functionName: 'uniswapV3SwapCallback', args: [1000n, 1000n, '0x'] });

    const victimBefore = await victimBalances();
    const evilBefore = await balanceOf(eth, evil, deployerAddress);
    await mined(eth, await eth.wallet(deployer).writeContract({ address: evil, abi: reentrantAbi, functionName: 'arm', args: [eth.router, reentrySwap] }));
    // Selling: the Router's transferFrom is re-entered; the guard's error comes back up unchanged.
    expect((await revertOf(simulateSwap(eth, deployer, sell))).name).toBe('ReentrancyGuardReentrantCall');
    // Buying: the pair's payout is re-entered; the pair reports its own failure.
    expect(await revertOf(simulateSwap(eth, deployer, buy))).toEqual({ name: 'Error', args: ['UniswapV2: TRANSFER_FAILED'] });
    // The callback is the one entry point reachable while the lock is held (pools call it mid-swap): it is
    // gated instead by the expected pool, which is unset outside a V3 hop and never the token.
    await mined(eth, await eth.wallet(deployer).writeContract({ address: evil, abi: reentrantAbi, functionName: 'arm', args: [eth.router, reentryCallback] }));
    expect((await revertOf(simulateSwap(eth, deployer, sell))).name).toBe('UnexpectedCallback');
    // Sent on chain anyway: reverted, nothing moved.
    const hash = await eth.wallet(deployer).writeContract({ address: eth.router, abi: routerAbi, functionName: 'swap', args: [sell], gas: GAS });
    expect((await receiptOf(eth.client, hash)).status).toBe('reverted');
    expect(await balanceOf(eth, evil, deployerAddress)).toBe(evilBefore);
    expect(await victimBalances()).toEqual(victimBefore);

    // Control: disarmed, the same swaps go through, so the failures above were the re-entry alone.
    await mined(eth, await eth.wallet(deployer).writeContract({ address: evil, abi: reentrantAbi, functionName: 'disarm' }));
    await sendSwap(eth, deployer, sell);
    await sendSwap(eth, deployer, buy);
    await expectRouterEmpty(eth, [evil]);
  });

  it('a funded attacker cannot spend them either: token → native naming the victim as recipient or pool pulls from the attacker alone', async () => {
    // The attacker holds some ALPHA and gave the Router an allowance, so nothing stops a swap of its own; and
    // token → native takes its fees from the output, so no fee pull of the attacker's fails first. Whatever
    // the route names, the input must come from msg.sender: asking for the victim's balance fails on the
    // attacker's.
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    await sendSwap(
      eth,
      attacker,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn: parseEther('0.01'),
        recipient: attackerAddress,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
      }),
    );
    await approveRouter(eth, attacker, [alpha]);
    const own = await balanceOf(eth, alpha, attackerAddress);
    const before = await victimBalances();
    const victimNative = await balanceOf(eth, NATIVE, victimAddress);
    const amount = before[0]!;
    expect(own).toBeGreaterThan(0n);
    expect(amount).toBeGreaterThan(own);

    const attempts = {
      'the victim as recipient': params({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountIn: amount,
        recipient: victimAddress,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
      }),
      'the victim as the pool': params({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountIn: amount,
        recipient: attackerAddress,
        legs: oneLeg([{ venue: V2, pool: victimAddress, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }]),
      }),
    };
    for (const [what, swap] of Object.entries(attempts)) {
      // ERC20InsufficientBalance(sender, balance, needed): the pull was from the attacker, for the victim's amount.
      expect(await revertOf(simulateSwap(eth, attacker, swap)), what).toEqual({ name: 'ERC20InsufficientBalance', args: [attackerAddress, own, amount] });
      const hash = await eth.wallet(attacker).writeContract({ address: eth.router, abi: routerAbi, functionName: 'swap', args: [swap], gas: GAS });
      expect((await receiptOf(eth.client, hash)).status, what).toBe('reverted');
    }
    // Within the attacker's own means the victim-as-recipient swap goes through, paid by the attacker alone.
    await sendSwap(eth, attacker, { ...attempts['the victim as recipient'], amountIn: own });
    expect(await balanceOf(eth, alpha, attackerAddress)).toBe(0n);
    expect(await victimBalances()).toEqual(before);
    expect(await balanceOf(eth, NATIVE, victimAddress)).toBeGreaterThan(victimNative);
    await expectRouterEmpty(eth);
  });
});

describe('tiny amounts: fees round down, never above their bps, and nothing is left in the Router', () => {
  // Account 11 trades only on BASE elsewhere in this file, so its ETH balances are exact here.
  const trader = 11;
  const traderAddress = getAddress(anvilAccount(trader).address);
  const collector = getAddress(anvilAccount(ROUTER_FEE_COLLECTOR_ACCOUNT).address);
  // 45 + 70 bps: neither divides 10 000 evenly into small amounts, so every amount below rounds.
  const fees = { protocolFeeBps: 45, integratorFeeBps: 70 };
  const AMOUNTS = [1n, 2n, 99n, 222n, 223n, 9_999n, 10_001n, 123_457n, 1_000_003n];

  /** What each fee may be at most: the exact share of the amount, rounded down. */
  const ceilingOf = (amount: bigint, bps: number) => (amount * BigInt(bps)) / 10_000n;

  async function expectFees(receipt: TransactionReceipt, base: bigint, integrator: Address, collectorBefore: bigint, asset: Address) {
    const event = swappedEvent(receipt);
    expect(event.protocolFee).toBe(ceilingOf(base, fees.protocolFeeBps));
    expect(event.integratorFee).toBe(ceilingOf(base, fees.integratorFeeBps));
    expect(event.protocolFee * 10_000n).toBeLessThanOrEqual(base * BigInt(fees.protocolFeeBps));
    expect(event.integratorFee * 10_000n).toBeLessThanOrEqual(base * BigInt(fees.integratorFeeBps));
    expect((await balanceOf(eth, asset, collector)) - collectorBefore).toBe(event.protocolFee);
    expect(await balanceOf(eth, asset, integrator)).toBe(event.integratorFee);
  }

  it('native → token: fees on msg.value; a swap that would deliver nothing reverts and takes nothing', async () => {
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    for (const amountIn of AMOUNTS) {
      const integrator = freshAddress();
      const net = amountIn - ceilingOf(amountIn, fees.protocolFeeBps) - ceilingOf(amountIn, fees.integratorFeeBps);
      const expected = await v2Out(eth, pair, eth.weth, net);
      const p = params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn,
        recipient: traderAddress,
        integrator,
        ...fees,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
      });
      if (expected === 0n) {
        expect((await revertOf(simulateSwap(eth, trader, p))).name, `${amountIn} wei`).toBe('InvalidAmount');
        continue;
      }
      const [collectorBefore, alphaBefore] = await Promise.all([balanceOf(eth, NATIVE, collector), balanceOf(eth, alpha, traderAddress)]);
      const receipt = await sendSwap(eth, trader, { ...p, amountOutMin: expected });
      await expectFees(receipt, amountIn, integrator, collectorBefore, NATIVE);
      expect((await balanceOf(eth, alpha, traderAddress)) - alphaBefore).toBe(expected);
      await expectRouterEmpty(eth, [eth.weth]);
    }
  });

  it('token → native: fees on the native output; token → wrapped native: fees on tokenIn', async () => {
    const alpha = eth.token('ALPHA');
    const pair = eth.pool('UNISWAP_V2', eth.weth, alpha);
    // Some ALPHA to sell, bought with this account's native.
    await sendSwap(
      eth,
      trader,
      params({
        tokenIn: NATIVE,
        tokenOut: alpha,
        amountIn: parseEther('0.1'),
        recipient: traderAddress,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: eth.weth, tokenOut: alpha, fee: 3000 }]),
      }),
    );
    await approveRouter(eth, trader, [alpha]);
    const sellHops = [{ venue: V2, pool: pair, tokenIn: alpha, tokenOut: eth.weth, fee: 3000 }];
    for (const amountIn of [...AMOUNTS, 10n ** 9n + 7n, 10n ** 12n + 3n]) {
      // To native: the fees are shares of what the pair paid out.
      const toNative = params({
        tokenIn: alpha,
        tokenOut: NATIVE,
        amountIn,
        recipient: freshAddress(),
        integrator: freshAddress(),
        ...fees,
        legs: oneLeg(sellHops),
      });
      const gross = await v2Out(eth, pair, alpha, amountIn);
      if (gross === 0n) {
        expect((await revertOf(simulateSwap(eth, trader, toNative))).name, `${amountIn} ALPHA wei`).toBe('InvalidAmount');
      } else {
        const collectorBefore = await balanceOf(eth, NATIVE, collector);
        const receipt = await sendSwap(eth, trader, toNative);
        await expectFees(receipt, gross, toNative.integrator, collectorBefore, NATIVE);
        const event = swappedEvent(receipt);
        expect(await balanceOf(eth, NATIVE, toNative.recipient)).toBe(gross - event.protocolFee - event.integratorFee);
        await expectRouterEmpty(eth, [eth.weth]);
      }

      // To the wrapped native as a token: the fees are shares of tokenIn, taken before the swap.
      const toToken = params({
        tokenIn: alpha,
        tokenOut: eth.weth,
        amountIn,
        recipient: freshAddress(),
        integrator: freshAddress(),
        ...fees,
        legs: oneLeg(sellHops),
      });
      const net = amountIn - ceilingOf(amountIn, fees.protocolFeeBps) - ceilingOf(amountIn, fees.integratorFeeBps);
      const out = await v2Out(eth, pair, alpha, net);
      if (out === 0n) {
        expect((await revertOf(simulateSwap(eth, trader, toToken))).name, `${amountIn} ALPHA wei`).toBe('InvalidAmount');
        continue;
      }
      const collectorBefore = await balanceOf(eth, alpha, collector);
      const receipt = await sendSwap(eth, trader, toToken);
      await expectFees(receipt, amountIn, toToken.integrator, collectorBefore, alpha);
      expect(await balanceOf(eth, eth.weth, toToken.recipient)).toBe(out);
      await expectRouterEmpty(eth, [eth.weth]);
    }
  });
});

describe('previewFees matches the TS fee model', () => {
  it('for random amounts and bps (200 runs): floor per fee, and the parts add up', async () => {
    const preview = (amount: bigint, protocolBps: number, integratorBps: number) =>
      eth.client.readContract({ address: eth.router, abi: routerAbi, functionName: 'previewFees', args: [amount, protocolBps, integratorBps] });
    await fc.assert(
      fc.asyncProperty(
        // amount * 10000 must fit in 256 bits; small amounts exercise the rounding.
        fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 6n }), fc.bigInt({ min: 0n, max: 2n ** 242n })),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        async (amount, protocolBps, integratorBps) => {
          if (protocolBps + integratorBps > 10_000) {
            expect(
              (
                await revertOf(
                  eth.client.readContract({
                    address: eth.router,
                    abi: [...routerAbi, ...errorsAbi] as Abi,
                    functionName: 'previewFees',
                    args: [amount, protocolBps, integratorBps],
                  }),
                )
              ).name,
            ).toBe('InvalidFee');
            return;
          }
          const [protocolFee, integratorFee, net] = await preview(amount, protocolBps, integratorBps);
          expect({ protocolFee, integratorFee, net }).toEqual(splitAmount(amount, { protocolBps, integratorBps }));
          expect(protocolFee).toBe(applyFee(amount, protocolBps));
          expect(integratorFee).toBe(applyFee(amount, integratorBps));
          expect(protocolFee + integratorFee + net).toBe(amount);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('BASE', () => {
  it('has the Router at the same address, and a native → stable V2 swap pays exactly', async () => {
    const entry = world.baseEntry;
    if (!entry?.contracts.router) return;
    const base = chainContext('BASE', entry, world.compiled, errorsAbi);
    expect(base.router).toBe(eth.router);
    const usdc = base.token('USDC');
    const pair = base.pool('UNISWAP_V2', base.weth, usdc);
    const amountIn = parseEther('1');
    const expected = await v2Out(base, pair, base.weth, amountIn - applyFee(amountIn, 10));
    const recipient = freshAddress();
    await sendSwap(
      base,
      11,
      params({
        tokenIn: NATIVE,
        tokenOut: usdc,
        amountIn,
        amountOutMin: expected,
        recipient,
        legs: oneLeg([{ venue: V2, pool: pair, tokenIn: base.weth, tokenOut: usdc, fee: 3000 }]),
      }),
    );
    expect(await balanceOf(base, usdc, recipient)).toBe(expected);
    await expectRouterEmpty(base);
  });
});
