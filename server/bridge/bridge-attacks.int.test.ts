/**
 * Attacks on the bridge solver, replayed with real transactions on the local world: the attacker's own token
 * whose pool is emptied after the quote, a rate read from one pool's spot price that one swap can push, a
 * honeypot deposited, and a destination swap into a token that burns gas. Each case measures, from balances on
 * both chains, what the attacker's accounts gained and what the solver's inventory lost, both valued at the
 * prices before the attack (ETH at par on both chains), and asserts the outcome first (the attacker gains
 * nothing; the solver loses at most the gas its quote charged for), then the defence that brings it about.
 */
import path from 'node:path';
import {
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  formatEther,
  getAddress,
  pad,
  parseEther,
  parseTransaction,
  toHex,
  type Address,
  type Hex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileContracts } from '@/devnet/evm/compile';
import { TEST_STATE_CACHE } from '@/devnet/test-world';
import type { EvmChainId } from '@/server/chains/registry';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { bridgeRestCalls } from './test-support/bridge-rest';
import {
  addV2Liquidity,
  approve,
  attackChain,
  balanceOf,
  deepestNativeStablePool,
  deploy,
  depositoryAbi,
  freshAccount,
  NATIVE,
  removeV2Liquidity,
  sellIntoV2,
  send,
  sendMayRevert,
  setBalance,
  sqrtPriceOf,
  stablePrice,
  swapOnV3,
  transfer,
  treasury,
  v2Price,
  wrap,
  type AttackChain,
  type Price,
  type V3Pool,
} from './test-support/attack-chains';
import { AT_PAR, coin, ethText, native, openLedger, WORTHLESS, weth, type Asset, type Change } from './test-support/attack-ledger';
import { gasHungryAbi, gasHungryToken } from './test-support/gas-hungry-token';
import { TWAP_WINDOWS_SECONDS } from '@/server/routing/native-usd/native-usd-range-read';

/**
 * Attack 2's bridges are large: the exposure caps (per bridge, and outstanding per chain) would refuse them
 * before their rate is read. This file's services run with the caps raised, so the rate is what attack 2 meets.
 */
const RAISED_CAPS: Record<string, string> = {
  BRIDGE_MAX_USD: '1000000000',
  BRIDGE_MAX_OUTSTANDING_USD_BASE: '1000000000',
  BRIDGE_MAX_OUTSTANDING_USD_ARB: '1000000000',
};
const envBefore: Record<string, string | undefined> = {};
beforeAll(() => {
  for (const [name, value] of Object.entries(RAISED_CAPS)) {
    envBefore[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(() => {
  for (const [name, value] of Object.entries(envBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const client = useRestClient();

interface QuoteBody {
  code?: string;
  error?: string;
  transaction: { trade: string; requestId: string; approve: string };
  stats: {
    amountOut: string;
    amountOutFormatted: string;
    minAmountOut: string;
    destinationGas: string;
    route: { kind: string; chain: string; amountOut: string }[];
  };
  warnings: { code: string }[];
}
interface ExecuteBody {
  success: boolean;
  status: string;
  bridgeStatus: string | null;
  sourceTxHash: string | null;
  destinationTxHash: string | null;
  error: string | null;
}
interface Leg {
  kind: string;
  chain: string;
  status: string;
  txHash: string | null;
}
interface StatusBody {
  status: string;
  details: { state: string; paidAmount: string | null; legs: Leg[]; reason: string | null };
}

/** The world's plain ERC-20, for the attacker's own tokens: constructor `(name, symbol, decimals, supply, holder)`. */
const testToken = async () => (await compileContracts({ cacheDir: path.join(TEST_STATE_CACHE, 'solc') })).TestToken;
const { execute: restExecute, status } = bridgeRestCalls<ExecuteBody, StatusBody>(client);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FINAL_STATES = ['success', 'refund', 'failure'];

async function fund(chain: EvmChainId, account: PrivateKeyAccount): Promise<void> {
  const funded = await client.post('dev.faucet', { chain, address: account.address });
  expect(funded.status, JSON.stringify(funded.body)).toBe(200);
}

async function restQuote(query: Record<string, string>): Promise<{ status: number; body: QuoteBody }> {
  return client.get<QuoteBody>('bridge.quote', query);
}

/**
 * Polls until the request is done with (filled, returned or failed) and none of its legs is under way. A leg
 * that never got a transaction (a sale the quote engine will not build: nobody buys a honeypot) costs nothing,
 * so it is waited for only `unsentGraceMs` once the request is done.
 */
async function settled(requestId: string, unsentGraceMs = 2_000): Promise<StatusBody> {
  const deadline = Date.now() + 30_000;
  let doneAt: number | undefined;
  for (;;) {
    const body = await status(requestId);
    if (FINAL_STATES.includes(body.details.state)) {
      doneAt ??= Date.now();
      const underway = body.details.legs.filter((leg) => leg.status === 'pending' || leg.status === 'waiting');
      if (underway.length === 0) return body;
      if (underway.every((leg) => !leg.txHash) && Date.now() - doneAt > unsentGraceMs) return body;
    }
    if (Date.now() > deadline) throw new Error(`bridge ${requestId} still under way: ${JSON.stringify(body.details)}`);
    await sleep(100);
  }
}

/**
 * Watches a request for `ms` (a few of the solver's rounds) while it waits for a deposit; once it moves on (a
 * deposit was recorded: filled or being returned), follows it until that is done, so balances read after it
 * are final. The request as it then stands.
 */
async function watchUnpaid(requestId: string, ms = 2_500): Promise<StatusBody> {
  const deadline = Date.now() + ms;
  for (;;) {
    const body = await status(requestId);
    if (!['waiting', 'confirming'].includes(body.details.state)) return settled(requestId);
    if (Date.now() > deadline) return body;
    await sleep(200);
  }
}

/** What every attack must come to: the attacker's accounts gain nothing, and the solver loses at most the gas its quote charged for. */
function expectNoGain(attacker: Change, solver: Change, chargedGas: bigint): void {
  expect.soft(attacker.total, `the attacker gained ${ethText(attacker.total)} ETH (${attacker.lines})`).toBeLessThanOrEqual(0n);
  expect
    .soft(
      solver.total,
      `the solver lost ${formatEther(-solver.total)} ETH, beyond the ${formatEther(chargedGas)} ETH of gas its quote charged (${solver.lines})`,
    )
    .toBeGreaterThanOrEqual(-chargedGas);
}

/** `a` against `b` as a percentage difference: "7.52 % above". */
function ratioText(a: bigint, b: bigint): string {
  if (b === 0n) return 'against nothing';
  const percent = Number(((a - b) * 1_000_000n) / b) / 10_000;
  return `${Math.abs(percent).toFixed(2)} % ${percent >= 0 ? 'above' : 'below'}`;
}

/** The solver's account on each chain: its inventory. */
const solverOf = (chain: AttackChain) => [chain.solver];

/** Whether the 32-byte word `value` appears in the calldata (an ABI-encoded argument, whatever the function). */
const carriesWord = (data: Hex | undefined, value: bigint) => (data ?? '0x').toLowerCase().includes(pad(toHex(value)).slice(2));

describe("1. the attacker's own token, its pool emptied after the quote", () => {
  it('the deposit swaps the token on the source chain inside its own transaction, so once the pool is empty it reverts and nothing is paid', async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [owner, trader] = [freshAccount(), freshAccount()];
    await fund('BASE', owner);
    await fund('BASE', trader);
    const attacker = await openLedger([owner.address, trader.address], [native(base), native(arb), weth(base), weth(arb)]);
    const solver = await openLedger(solverOf, [native(base), native(arb), weth(base), weth(arb)]);

    // A fresh token with a 1 ETH pool: 1,000 of it sell there for about 0.5 ETH.
    const token = await deploy(base, owner, await testToken(), ['Attacker Token', 'ATK', 18, parseEther('1000000'), owner.address]);
    const pair = await addV2Liquidity(base, owner, token, parseEther('1000'), parseEther('1'));
    await transfer(base, owner, token, trader.address, parseEther('1000'));
    // Worth nothing once the liquidity is out, which is where the attack ends.
    attacker.add(coin(base, 'ATK', token, WORTHLESS), { chain: base, label: 'BASE ATK/WETH liquidity', kind: 'v2-liquidity', pair, token, price: WORTHLESS });
    solver.add(coin(base, 'ATK', token, WORTHLESS));

    const quoted = await restQuote({
      source: 'BASE',
      destination: 'ARB',
      amount: parseEther('1000').toString(),
      trader: trader.address,
      tokenIn: token,
      slippage: '100',
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    await removeV2Liquidity(base, owner, token);
    const executed = await restExecute(trader, 'BASE', quoted.body);
    const outcome = await watchUnpaid(quoted.body.transaction.requestId);
    expectNoGain(await attacker.close(), await solver.close(), BigInt(quoted.body.stats.destinationGas));

    // The defence: a swap on the Router, with the quote's minimum, inside the deposit transaction.
    const trade = parseTransaction(quoted.body.transaction.trade as Hex);
    expect.soft(trade.to && getAddress(trade.to), 'the deposit calls the Router (a swap and deposit), not the Depository').toBe(base.router);
    const swapLeg = quoted.body.stats.route[0]!;
    expect.soft(swapLeg).toMatchObject({ kind: 'swap', chain: 'BASE' });
    const quotedOut = BigInt(swapLeg.amountOut);
    const minimums = [(quotedOut * 9_900n) / 10_000n, quotedOut - (quotedOut * 100n) / 10_000n];
    expect
      .soft(
        minimums.some((minimum) => carriesWord(trade.data, minimum)),
        `the deposit carries the swap's minimum, ${minimums.join(' or ')} (1 % off ${quotedOut})`,
      )
      .toBe(true);
    if (quoted.body.transaction.approve) {
      const approval = parseTransaction(quoted.body.transaction.approve as Hex);
      const { args } = decodeFunctionData({ abi: erc20Abi, data: approval.data! });
      expect.soft(getAddress(args[0] as Address), "the approval is the Router's").toBe(base.router);
    }
    expect.soft(executed, 'the deposit reverted on BASE: nothing was bridged').toMatchObject({ success: false, status: 'FAILED', bridgeStatus: 'waiting' });
    expect.soft(await balanceOf(base, token, trader.address), 'the trader still holds its 1,000 tokens').toBe(parseEther('1000'));
    expect.soft(await balanceOf(arb, NATIVE, trader.address), 'nothing was paid on ARB').toBe(0n);
    expect(outcome.details.state, JSON.stringify(outcome.details)).not.toBe('success');
  });
});

describe('a token deposit whose source swap would pay less than its minimum', () => {
  it("reverts on the source chain when the token's price fell after the quote, and nothing is filled", async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [owner, trader] = [freshAccount(), freshAccount()];
    await fund('BASE', owner);
    await fund('BASE', trader);
    const token = await deploy(base, owner, await testToken(), ['Plain Token', 'PLN', 18, parseEther('1000000'), owner.address]);
    const pair = await addV2Liquidity(base, owner, token, parseEther('5000'), parseEther('5'));
    await transfer(base, owner, token, trader.address, parseEther('1000'));
    const fair = await v2Price(base, token);
    const lines: Asset[] = [native(base), native(arb), weth(base), weth(arb), coin(base, 'PLN', token, fair)];
    const attacker = await openLedger(
      [owner.address, trader.address],
      [...lines, { chain: base, label: 'BASE PLN/WETH liquidity', kind: 'v2-liquidity', pair, token, price: fair }],
    );
    const solver = await openLedger(solverOf, lines);

    const quoted = await restQuote({ source: 'BASE', destination: 'ARB', amount: parseEther('1000').toString(), trader: trader.address, tokenIn: token });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // About 30 % off the token's price: far beyond the quote's 5 % slippage.
    await sellIntoV2(base, owner, token, parseEther('1000'));
    const executed = await restExecute(trader, 'BASE', quoted.body);
    const outcome = await watchUnpaid(quoted.body.transaction.requestId);
    expectNoGain(await attacker.close(), await solver.close(), BigInt(quoted.body.stats.destinationGas));

    expect.soft(executed, 'the deposit reverted on BASE: nothing was bridged').toMatchObject({ success: false, status: 'FAILED', bridgeStatus: 'waiting' });
    if (executed.sourceTxHash) {
      const receipt = await base.client.getTransactionReceipt({ hash: executed.sourceTxHash as Hex });
      expect.soft(receipt.status, 'the deposit transaction reverted on chain').toBe('reverted');
    }
    expect.soft(await balanceOf(base, token, trader.address), 'the trader still holds its tokens').toBe(parseEther('1000'));
    expect.soft(await balanceOf(arb, NATIVE, trader.address), 'nothing was paid on ARB').toBe(0n);
    expect(outcome.details.state, JSON.stringify(outcome.details)).not.toBe('success');
  });
});

describe("2. a rate read from one pool's spot price", () => {
  interface Push {
    chain: AttackChain;
    /** `down` sells the native coin into the pool; `up` buys it with the stable. */
    direction: 'down' | 'up';
    pusher: PrivateKeyAccount;
  }

  /** Moves the deepest native/stable pool's price; the returned function puts it back exactly. */
  async function push({ chain, direction, pusher }: Push, pool: V3Pool): Promise<() => Promise<void>> {
    const before = await sqrtPriceOf(chain, pool);
    if (direction === 'down') await swapOnV3(chain, pusher, pool, { tokenIn: chain.weth, tokenOut: chain.usdc, amountIn: parseEther('750'), native: true });
    else await swapOnV3(chain, pusher, pool, { tokenIn: chain.usdc, tokenOut: chain.weth, amountIn: 2_250_000n * 10n ** 6n });
    return async () => {
      const [tokenIn, tokenOut] = direction === 'down' ? [chain.usdc, chain.weth] : [chain.weth, chain.usdc];
      await swapOnV3(chain, pusher, pool, { tokenIn, tokenOut, amountIn: await balanceOf(chain, tokenIn, pusher.address), untilSqrtPrice: before });
      expect(await sqrtPriceOf(chain, pool), `${chain.id}'s pool is back at its price`).toBe(before);
    };
  }

  /**
   * Quotes the bridge before the push (the fair payout), pushes, quotes again, undoes the push, quotes once more,
   * then deposits on the pushed quote; the attacker's net and the solver's are measured around all of it.
   * `payout` says which of the lines the recipient is paid in (its price converts gas into it).
   */
  async function replay(input: { trader: PrivateKeyAccount; push: Push; query: Record<string, string>; payout: 'ETH' | 'USDC' }): Promise<void> {
    const quote = async (query: Record<string, string>) => {
      const answer = await restQuote(query);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [basePool, arbPool] = await Promise.all([deepestNativeStablePool(base), deepestNativeStablePool(arb)]);
    const [baseUsdc, arbUsdc] = await Promise.all([stablePrice(base, basePool), stablePrice(arb, arbPool)]);
    const lines: Asset[] = [native(base), native(arb), weth(base), weth(arb), coin(base, 'USDC', base.usdc, baseUsdc), coin(arb, 'USDC', arb.usdc, arbUsdc)];
    const attacker = await openLedger([input.trader.address, input.push.pusher.address], lines);
    const solver = await openLedger(solverOf, lines);

    const fair = await quote(input.query);
    const pushedAt = Date.now();
    const undo = await push(input.push, input.push.chain.id === 'ARB' ? arbPool : basePool);
    let pushed: QuoteBody;
    try {
      pushed = await quote(input.query);
    } finally {
      await undo();
    }
    // Whole seconds of block time the pushed price stood for (block timestamps are whole seconds).
    const heldSeconds = BigInt(Math.ceil((Date.now() - pushedAt) / 1_000) + 1);
    // The fair rate again once the price is back: time-weighted prices drift as blocks pass whether or not anyone
    // pushes (on a loaded machine, by 0.04 % between two quotes), so the pushed quote is held to the better of the
    // two fair ones. The spot price, back where it was, bounds this one from above.
    const fairAfter = await quote(input.query);
    await restExecute(input.trader, 'BASE', pushed);
    const outcome = await settled(pushed.transaction.requestId);
    expectNoGain(await attacker.close(), await solver.close(), BigInt(pushed.stats.destinationGas));

    // The rate: no better than before the push. The quotes' gas may differ a little (the gas price moves): what
    // the fair quote charged beyond the pushed one is added back, in the payout's units.
    const fairest = BigInt(fairAfter.stats.amountOut) > BigInt(fair.stats.amountOut) ? fairAfter : fair;
    const fairOut = BigInt(fairest.stats.amountOut);
    const moreGas = BigInt(fairest.stats.destinationGas) - BigInt(pushed.stats.destinationGas);
    const price: Price = input.payout === 'ETH' ? AT_PAR : arbUsdc;
    const gasBack = moreGas > 0n ? (moreGas * price.den) / price.num : 0n;
    // Slack: the larger of what the rate moved between the two fair quotes and 0.01 %. Other tests of the shared
    // world trade in the same pools between the three quotes, so the range's time-weighted sources move by a few
    // parts per million without any push; the push itself moves the spot price by about 8 %, and a rate that
    // followed it would exceed this bound by hundreds of times the slack.
    const drift = BigInt(fairAfter.stats.amountOut) - BigInt(fair.stats.amountOut);
    // And what the push itself can move a time-weighted source by: a price pushed by at most 10 % for t seconds
    // moves the shortest window's mean (TWAP_WINDOWS_SECONDS, 120 s) by 10 % * t / 120 (the range's other sources
    // read no head block). A rate that followed the spot price still exceeds the bound many times over.
    const twapMove = (fairOut * 1_000n * heldSeconds) / (10_000n * BigInt(Math.min(...TWAP_WINDOWS_SECONDS)));
    const slack = [drift < 0n ? -drift : drift, fairOut / 10_000n].reduce((a, b) => (a > b ? a : b)) + twapMove;
    const bound = fairOut + gasBack + slack + 1n;
    const pushedOut = BigInt(pushed.stats.amountOut);
    expect
      .soft(
        pushedOut,
        `the quote during the push pays ${pushed.stats.amountOutFormatted} ${input.payout}, ${ratioText(pushedOut, fairOut)} the ${fairest.stats.amountOutFormatted} before or after it`,
      )
      .toBeLessThanOrEqual(bound);
    // Nothing moved against the solver between such a quote and its fill (the price is back): it is paid, not returned.
    if (pushedOut <= bound) expect.soft(outcome.details.state, `a quote no better than before the push is filled: ${outcome.details.reason}`).toBe('success');
  }

  it("ETH on BASE to ETH on ARB, ARB's ETH price pushed down by 750 ETH sold into its deepest pool: an 80 ETH bridge pays no more than before the push", async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [trader, pusher] = [freshAccount(), freshAccount()];
    await fund('ARB', pusher);
    await setBalance(arb, pusher.address, parseEther('800'));
    await setBalance(base, trader.address, parseEther('100'));
    await replay({
      trader,
      push: { chain: arb, direction: 'down', pusher },
      payout: 'ETH',
      query: { source: 'BASE', destination: 'ARB', amount: parseEther('80').toString(), trader: trader.address },
    });
  });

  it("USDC on BASE to ETH on ARB, ARB's ETH price pushed down", async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [trader, pusher] = [freshAccount(), freshAccount()];
    await fund('ARB', pusher);
    await setBalance(arb, pusher.address, parseEther('800'));
    await setBalance(base, trader.address, parseEther('1'));
    await transfer(base, treasury(base), base.usdc, trader.address, 120_000n * 10n ** 6n);
    await replay({
      trader,
      push: { chain: arb, direction: 'down', pusher },
      payout: 'ETH',
      query: { source: 'BASE', destination: 'ARB', amount: (120_000n * 10n ** 6n).toString(), trader: trader.address, tokenIn: base.usdc },
    });
  });

  it("ETH on BASE to USDC on ARB, BASE's ETH price pushed up", async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const [trader, pusher] = [freshAccount(), freshAccount()];
    await setBalance(base, pusher.address, parseEther('5'));
    await transfer(base, treasury(base), base.usdc, pusher.address, 2_300_000n * 10n ** 6n);
    // Putting the price back takes a little more than the push bought (the pool's fee, twice).
    await wrap(base, pusher, parseEther('3'));
    await setBalance(base, trader.address, parseEther('50'));
    await replay({
      trader,
      push: { chain: base, direction: 'up', pusher },
      payout: 'USDC',
      query: { source: 'BASE', destination: 'ARB', amount: parseEther('40').toString(), trader: trader.address, tokenOut: arb.usdc },
    });
  });
});

describe("3. a honeypot as the bridge's token", () => {
  it('a quote for HONEY in is refused (RISKY_TOKEN): deposited, the solver would pay for a token only its owner can sell', async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const trader = freshAccount();
    await fund('BASE', trader);
    const honey = base.token('HONEY');
    // Worth nothing to anyone but its owner: nobody else can sell it.
    const lines = [native(base), native(arb), weth(base), weth(arb), coin(base, 'HONEY', honey, WORTHLESS)];
    const attacker = await openLedger([trader.address], lines);
    const solver = await openLedger(solverOf, lines);

    const quoted = await restQuote({ source: 'BASE', destination: 'ARB', amount: parseEther('100').toString(), trader: trader.address, tokenIn: honey });
    if (quoted.status === 200) {
      await restExecute(trader, 'BASE', quoted.body);
      await watchUnpaid(quoted.body.transaction.requestId);
    }
    expectNoGain(await attacker.close(), await solver.close(), quoted.status === 200 ? BigInt(quoted.body.stats.destinationGas) : 0n);
    expect.soft(await balanceOf(arb, NATIVE, trader.address), 'nothing was paid on ARB').toBe(0n);
    expect(quoted.status, `the quote answered ${quoted.status}, warnings ${JSON.stringify(quoted.body.warnings)}`).toBe(422);
    expect(quoted.body.code).toBe('RISKY_TOKEN');
  });

  it('a quote paying out HONEY is refused (RISKY_TOKEN)', async () => {
    const quoted = await restQuote({
      source: 'BASE',
      destination: 'ARB',
      amount: parseEther('0.01').toString(),
      trader: freshAccount().address,
      tokenOut: attackChain('ARB').token('HONEY'),
    });
    expect(quoted.status, `the quote answered ${quoted.status}, warnings ${JSON.stringify(quoted.body.warnings)}`).toBe(422);
    expect(quoted.body.code).toBe('RISKY_TOKEN');
  });

  it('HONEY sent by hand to the Depository (depositToken) for a request quoted in USDC is never filled', async () => {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    const trader = freshAccount();
    await fund('BASE', trader);
    const honey = base.token('HONEY');
    const usdc = await stablePrice(base, await deepestNativeStablePool(base));
    const lines = [native(base), native(arb), weth(base), weth(arb), coin(base, 'USDC', base.usdc, usdc), coin(base, 'HONEY', honey, WORTHLESS)];
    const attacker = await openLedger([trader.address], lines);
    const solver = await openLedger(solverOf, lines);

    const amount = 100n * 10n ** 6n;
    const quoted = await restQuote({ source: 'BASE', destination: 'ARB', amount: amount.toString(), trader: trader.address, tokenIn: base.usdc });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    // The same raw amount as quoted, in HONEY, straight to the Depository: no execute, found by the solver's scan.
    await approve(base, trader, honey, base.depository);
    await sendMayRevert(base, trader, {
      to: base.depository,
      data: encodeFunctionData({ abi: depositoryAbi, functionName: 'depositToken', args: [quoted.body.transaction.requestId as Hex, honey, amount] }),
    });
    const outcome = await watchUnpaid(quoted.body.transaction.requestId);
    expectNoGain(await attacker.close(), await solver.close(), BigInt(quoted.body.stats.destinationGas));
    expect.soft(await balanceOf(arb, NATIVE, trader.address), 'nothing was paid on ARB').toBe(0n);
    expect(outcome.details.state, JSON.stringify(outcome.details)).not.toBe('success');
  });
});

describe('4. gas griefing through the destination swap', () => {
  // The attacker's token on ARB, whose every transfer writes as many fresh storage slots as its owner says.
  let owner: PrivateKeyAccount;
  let trader: PrivateKeyAccount;
  let hungry: Address;
  let pair: Address;
  beforeAll(async () => {
    const arb = attackChain('ARB');
    [owner, trader] = [freshAccount(), freshAccount()];
    await fund('ARB', owner);
    await fund('BASE', trader);
    hungry = await deploy(arb, owner, gasHungryToken(), [parseEther('1000000'), owner.address]);
    pair = await addV2Liquidity(arb, owner, hungry, parseEther('10000'), parseEther('5'));
  });

  const setSlots = (slots: bigint) =>
    send(attackChain('ARB'), owner, 'setSlotsPerTransfer', {
      to: hungry,
      data: encodeFunctionData({ abi: gasHungryAbi, functionName: 'setSlotsPerTransfer', args: [slots] }),
    });

  /**
   * Sets the token's slots per transfer, then quotes 0.05 ETH from BASE into it and, when quoted, bridges it;
   * `beforeDeposit` runs between the quote and the deposit.
   */
  async function bridgeInto(slots: bigint, beforeDeposit?: () => Promise<unknown>) {
    const [base, arb] = [attackChain('BASE'), attackChain('ARB')];
    await setSlots(slots);
    const fair = await v2Price(arb, hungry);
    const lines: Asset[] = [native(base), native(arb), weth(base), weth(arb), coin(arb, 'HUNGRY', hungry, fair)];
    const attacker = await openLedger(
      [owner.address, trader.address],
      [...lines, { chain: arb, label: 'ARB HUNGRY/WETH liquidity', kind: 'v2-liquidity', pair, token: hungry, price: fair }],
    );
    const solver = await openLedger(solverOf, lines);
    const quoted = await restQuote({ source: 'BASE', destination: 'ARB', amount: parseEther('0.05').toString(), trader: trader.address, tokenOut: hungry });
    let fill: { gasUsed: bigint; cost: bigint } | undefined;
    let outcome: StatusBody | undefined;
    if (quoted.status === 200) {
      await beforeDeposit?.();
      await restExecute(trader, 'BASE', quoted.body);
      outcome = await settled(quoted.body.transaction.requestId);
      const paid = outcome.details.legs.find((leg) => leg.chain === 'ARB' && leg.txHash);
      if (paid) {
        const receipt = await arb.client.getTransactionReceipt({ hash: paid.txHash as Hex });
        fill = { gasUsed: receipt.gasUsed, cost: receipt.gasUsed * receipt.effectiveGasPrice };
      }
    }
    const charged = quoted.status === 200 ? BigInt(quoted.body.stats.destinationGas) : 0n;
    return { quoted, charged, fill, outcome, attacker: await attacker.close(), solver: await solver.close() };
  }

  const fillText = (fill: { gasUsed: bigint; cost: bigint }, charged: bigint) =>
    `the fill used ${fill.gasUsed} gas, ${formatEther(fill.cost)} ETH: ${charged > 0n ? (Number(fill.cost) / Number(charged)).toFixed(1) : '∞'}× the ${formatEther(charged)} ETH the quote charged`;

  it('a token whose transfer writes 300 fresh slots is refused (NO_ROUTE: the destination swap needs too much gas)', async () => {
    const { quoted, charged, fill, attacker, solver } = await bridgeInto(300n);
    expectNoGain(attacker, solver, charged);
    if (fill) expect.soft(fill.cost, fillText(fill, charged)).toBeLessThanOrEqual(charged);
    expect(quoted.status, `the quote answered ${quoted.status}`).toBe(422);
    expect(quoted.body.code).toBe('NO_ROUTE');
    expect(quoted.body.error).toMatch(/gas/i);
  });

  it("one whose transfer writes 20 is quoted, and the fill's gas stays within what the quote charged", async () => {
    const { quoted, charged, fill, attacker, solver } = await bridgeInto(20n);
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expectNoGain(attacker, solver, charged);
    expect(fill, 'the fill was paid on ARB').toBeDefined();
    expect(fill!.cost, fillText(fill!, charged)).toBeLessThanOrEqual(charged);
  });

  it('its owner raising the slots to 300 between the quote and the deposit costs the solver no more gas than the quote charged', async () => {
    const { quoted, charged, fill, outcome, attacker, solver } = await bridgeInto(20n, () => setSlots(300n));
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    expectNoGain(attacker, solver, charged);
    if (fill) expect.soft(fill.cost, fillText(fill, charged)).toBeLessThanOrEqual(charged);
    // Bounded at fill: paid within the gas charged, or the deposit returned.
    expect(outcome?.details.state, JSON.stringify(outcome?.details)).toMatch(/^(success|refund)$/);
  });
});
