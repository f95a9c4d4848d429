/**
 * Split routes end to end on the local world: large trades are split across venues and fee tiers, the
 * quote beats every single pool for the same input, and the chain delivers exactly the quoted amount.
 * The trades move pools by a few percent, so they run on INK (and BSC for PancakeSwap), where no other
 * test file checks prices against the world spec.
 */
import { parseAbi, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useRestClient } from '@/server/rest/test-support/use-rest-client';
import { give, NATIVE, worldTrading, type QuoteBody, type Trader } from './test-support/world-trader';

const client = useRestClient();
const { trader, quote, executeAndReceive } = worldTrading(client);

const v2RouterAbi = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)']);
const quoterAbi = parseAbi([
  'function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160, uint32, uint256)',
]);

/** The best any one Uniswap V2 or V3 pool of the pair pays for `amountIn`, by the venues' own quoters. */
async function bestSinglePool(who: Trader, tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<bigint> {
  const { contracts, pools } = who.chain;
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  let best = 0n;
  for (const pool of pools) {
    const tokens = [pool.token0, pool.token1];
    if (!tokens.some((t) => same(t, tokenIn)) || !tokens.some((t) => same(t, tokenOut))) continue;
    if (pool.venue === 'UNISWAP_V2') {
      const amounts = await who.publicClient.readContract({
        address: contracts.uniswapV2Router02 as Address,
        abi: v2RouterAbi,
        functionName: 'getAmountsOut',
        args: [amountIn, [tokenIn, tokenOut]],
      });
      if (amounts[1]! > best) best = amounts[1]!;
    } else if (pool.venue === 'UNISWAP_V3') {
      const { result } = await who.publicClient.simulateContract({
        address: contracts.quoterV2 as Address,
        abi: quoterAbi,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn, tokenOut, amountIn, fee: pool.fee, sqrtPriceLimitX96: 0n }],
      });
      if (result[0] > best) best = result[0];
    }
  }
  return best;
}

/** Legs may share a pool, always swapping it the same way (no pool is swapped back within one trade). */
function expectSplit(body: QuoteBody): void {
  expect(body.route.length).toBeGreaterThan(1);
  expect(body.route.reduce((sum, leg) => sum + leg.share, 0)).toBeCloseTo(100, 6);
  const directions = new Map<string, string>();
  for (const hop of body.route.flatMap((leg) => leg.hops)) {
    const pool = `${hop.pool}:${hop.venue}:${hop.fee}`;
    expect(directions.get(pool) ?? hop.tokenIn, `${pool} is swapped one way only`).toBe(hop.tokenIn);
    directions.set(pool, hop.tokenIn);
  }
}

/** The pools more than one leg swaps in. */
function sharedPools(body: QuoteBody): string[] {
  const legsThrough = new Map<string, number>();
  for (const leg of body.route) {
    for (const pool of new Set(leg.hops.map((hop) => `${hop.pool}:${hop.venue}:${hop.fee}`))) legsThrough.set(pool, (legsThrough.get(pool) ?? 0) + 1);
  }
  return [...legsThrough].filter(([, legs]) => legs > 1).map(([pool]) => pool);
}

describe('split routes (INK)', () => {
  it('a large native sale for USDC is split, beats every single pool, and delivers the quote to the wei', async () => {
    const who = await trader('INK', parseEther('1000'));
    const usdc = who.token('USDC');
    const body = await quote(who, 'INK', NATIVE, usdc, parseEther('300'));
    expectSplit(body);
    const swapped = BigInt(body.stats.amountIn) - BigInt(body.stats.protocolFee);
    const single = await bestSinglePool(who, who.chain.wrappedNative as Address, usdc, swapped);
    expect(BigInt(body.stats.amountOut)).toBeGreaterThan(single);
    expect(await executeAndReceive(who, 'INK', body, usdc)).toBe(BigInt(body.stats.amountOut));
  });

  it('a large USDC sale for native is split and delivers the quote to the wei (approval first)', async () => {
    const who = await trader('INK', parseEther('10'));
    const usdc = who.token('USDC');
    await give(who, usdc, 800_000n * 10n ** 6n);
    const body = await quote(who, 'INK', usdc, NATIVE, 800_000n * 10n ** 6n);
    expectSplit(body);
    expect(await executeAndReceive(who, 'INK', body, NATIVE)).toBe(BigInt(body.stats.amountOut));
  });

  it('v1 lists every hop of every leg as a step, legs in order', async () => {
    const who = await trader('INK', parseEther('1000'));
    const alpha = who.token('ALPHA');
    const answer = await client.get<{ path: { step: { input: string; output: string; poolType: string } }[] }>('v1.quote', {
      chain: 'INK',
      token: alpha,
      amount: '300',
      side: 'BUY',
      slippage: 100,
      trader: who.account.address,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The route is chosen anew per quote (the gas price of the block decides how many legs pay), so the steps are
    // checked for their shape, not against a second quote: legs one after another, each from the input to ALPHA.
    const steps = answer.body.path.map(({ step }) => ({ input: step.input.toLowerCase(), output: step.output.toLowerCase() }));
    const target = alpha.toLowerCase();
    const legStarts = steps.filter((_, index) => index === 0 || steps[index - 1]!.output === target);
    expect(steps.length).toBeGreaterThan(1);
    expect(steps.at(-1)!.output).toBe(target);
    expect(new Set(legStarts.map((step) => step.input)).size).toBe(1);
    steps.forEach((step, index) => {
      if (index > 0 && steps[index - 1]!.output !== target) expect(step.input).toBe(steps[index - 1]!.output);
    });
  });

  it('a trader without the input is quoted by exact pool math: the same amount a funded trader gets', async () => {
    const funded = await trader('INK', parseEther('10'));
    const usdc = funded.token('USDC');
    const amount = 500_000n * 10n ** 6n;
    await give(funded, usdc, amount);
    const empty = privateKeyToAccount(generatePrivateKey());
    const simulated = await quote(funded, 'INK', usdc, NATIVE, amount);
    const priced = await client.get<QuoteBody & { stats: { amountOut: string } }>('v2.quote', {
      chain: 'INK',
      tokenIn: usdc,
      tokenOut: NATIVE,
      amount: amount.toString(),
      slippage: 100,
      trader: empty.address,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.route.length).toBe(simulated.route.length);
    expect(priced.body.stats.amountOut).toBe(simulated.stats.amountOut);
  });

  it('quotes of the same amount for other pairs in a row each route to their own output token', async () => {
    const who = await trader('INK', parseEther('10'));
    const amount = parseEther('0.25');
    for (const symbol of ['USDC', 'ALPHA', 'BETA', 'USDC', 'ALPHA']) {
      const tokenOut = who.token(symbol);
      const body = await quote(who, 'INK', NATIVE, tokenOut, amount);
      for (const leg of body.route) expect(leg.hops.at(-1)!.tokenOut.toLowerCase()).toBe(tokenOut.toLowerCase());
    }
  });
});

describe('every venue of the chain', () => {
  it('INK: a large native sale for USDC takes Uniswap V4 pools beside V2 and V3, and delivers the quote', async () => {
    const who = await trader('INK', parseEther('1000'));
    const usdc = who.token('USDC');
    const body = await quote(who, 'INK', NATIVE, usdc, parseEther('500'));
    expectSplit(body);
    const venues = new Set(body.route.flatMap((leg) => leg.hops.map((hop) => hop.venue)));
    expect(venues).toContain('UNISWAP_V4');
    expect(await executeAndReceive(who, 'INK', body, usdc)).toBe(BigInt(body.stats.amountOut));
  });

  it('BSC: PancakeSwap V3 pools are routed beside Uniswap, and the chain delivers the quote', async () => {
    const who = await trader('BSC', parseEther('20000'));
    const usdc = who.token('USDC');
    const body = await quote(who, 'BSC', NATIVE, usdc, parseEther('3000'));
    expectSplit(body);
    expect(body.route.flatMap((leg) => leg.hops.map((hop) => hop.venue))).toContain('PANCAKESWAP_V3');
    expect(await executeAndReceive(who, 'BSC', body, usdc)).toBe(BigInt(body.stats.amountOut));
  });

  it('GAMMA, paired only with ALPHA: two hops from native, three from BETA, each delivered to the wei', async () => {
    const who = await trader('INK', parseEther('100'));
    const gamma = who.token('GAMMA');
    const bought = await quote(who, 'INK', NATIVE, gamma, parseEther('5'));
    for (const leg of bought.route) {
      expect(leg.hops.length).toBeGreaterThanOrEqual(2);
      expect(leg.hops.at(-1)!.tokenIn.toLowerCase()).toBe(who.token('ALPHA').toLowerCase());
    }
    expect(await executeAndReceive(who, 'INK', bought, gamma)).toBe(BigInt(bought.stats.amountOut));

    const beta = who.token('BETA');
    const sold = await quote(who, 'INK', beta, gamma, 1_000n * 10n ** 18n);
    expect(Math.max(...sold.route.map((leg) => leg.hops.length))).toBe(3);
    expect(sold.route.every((leg) => leg.hops.at(-1)!.tokenIn.toLowerCase() === who.token('ALPHA').toLowerCase())).toBe(true);
    expect(await executeAndReceive(who, 'INK', sold, gamma)).toBe(BigInt(sold.stats.amountOut));
  });

  it('GAMMA at a large size: legs share its two ALPHA pools, each priced after the legs before it, and the chain delivers the quote to the wei', async () => {
    const who = await trader('INK', parseEther('10'));
    const gamma = who.token('GAMMA');
    const amount = 1_000_000n * 10n ** 18n;
    await give(who, gamma, amount);
    const body = await quote(who, 'INK', gamma, NATIVE, amount);
    expectSplit(body);
    expect(body.route.length).toBeGreaterThan(2);
    expect(sharedPools(body).length, JSON.stringify(body.route)).toBeGreaterThan(0);
    // A trader without the input gets pool math over the same legs, each shared pool priced as the legs before
    // left it: what the Router's run pays, to within the pools' rounding (a V3 swap in two parts and in one
    // round differently, by about a billionth here). Priced on the untouched pools, it would claim 10 % more.
    const priced = await client.get<QuoteBody>('v2.quote', {
      chain: 'INK',
      tokenIn: gamma,
      tokenOut: NATIVE,
      amount: amount.toString(),
      slippage: 100,
      trader: privateKeyToAccount(generatePrivateKey()).address,
    });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body.route).toEqual(body.route);
    const [pricedOut, simulatedOut] = [BigInt(priced.body.stats.amountOut), BigInt(body.stats.amountOut)];
    expect(pricedOut).toBeLessThanOrEqual(simulatedOut + simulatedOut / 100_000_000n);
    expect(pricedOut).toBeGreaterThanOrEqual(simulatedOut - simulatedOut / 100_000_000n);
    expect(await executeAndReceive(who, 'INK', body, NATIVE)).toBe(BigInt(body.stats.amountOut));
  });
});
