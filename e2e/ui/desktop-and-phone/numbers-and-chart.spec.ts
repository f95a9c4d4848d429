import type { Page, TestInfo } from '@playwright/test';
import { createWalletClient, defineChain, http, parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { api, describe as describeResponse } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { axeViolations, collectPageErrors } from '../../support/page-checks';
import { connectFromHeader, fundedKey, installFundedWallet, pageWorld, type PageWorld } from '../../support/page-world';

/**
 * Numbers as people read them: grouped amounts and dollars, Max filled with the decimals the balance shows,
 * every percent written "0.3 %" with its sign never alone on a line, and a price chart on a real time axis
 * with distinct time labels, several price labels and a tap that reads a point.
 */

/** Axe again until the page settles: a button fading between states reads as low contrast for a moment. */
const AXE_SETTLED = { intervals: [1_000], timeout: 30_000 };

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

/**
 * Every "%" inside `selector` that is not written "<digit><no-break space>%", or that starts a line of its
 * own, as the text around it: empty when all read alike and none wraps away from its number.
 */
function strayPercents(page: Page, selector = 'main'): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(root)!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', at + 1)) {
        const context = text.slice(Math.max(0, at - 12), at + 1);
        if (!/\d\u00a0%$/.test(text.slice(0, at + 1))) found.push(`written "${context}"`);
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const sign = range.getBoundingClientRect();
        range.setStart(node, Math.max(0, at - 2));
        range.setEnd(node, Math.max(0, at - 1));
        const digit = range.getBoundingClientRect();
        if (sign.width > 0 && digit.width > 0 && Math.abs(sign.top - digit.top) > 2) found.push(`wrapped "${context}"`);
      }
    }
    return found;
  }, selector);
}

/** A funded wallet whose balance has gas-worn decimals (it has paid for one transaction), as wallets in use do. */
async function wornWallet(page: Page) {
  const key = await fundedKey('BASE');
  const base = world.chains.BASE!;
  const chain = defineChain({
    id: base.chainId,
    name: 'BASE',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [base.rpcUrl] } },
  });
  const account = privateKeyToAccount(key);
  const client = createWalletClient({ account, chain, transport: http(base.rpcUrl) });
  await client.sendTransaction({ to: account.address, value: 1n });
  return installFundedWallet(page, world, key);
}

test('the swap page groups amounts, writes percents alike, and Max fills what the balance shows', async ({ page }) => {
  const errors = collectPageErrors(page);
  const wallet = await wornWallet(page);
  await page.goto('/');
  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  const swap = page.getByRole('region', { name: 'Swap' });

  // 1 ETH is some three thousand USDC.
  await swap.getByLabel('Amount to pay').fill('1');
  await expect(swap.getByLabel('Amount to receive')).toHaveValue(/^\d{1,3}(,\d{3})+(\.\d+)?$/, { timeout: 30_000 });
  await expect(swap.getByRole('region', { name: 'Quote details' })).toBeVisible();
  expect(await strayPercents(page)).toEqual([]);

  await swap.getByRole('group', { name: 'Amount shortcuts' }).getByRole('button', { name: 'Max' }).click();
  const max = await swap.getByLabel('Amount to pay').inputValue();
  expect(max).toMatch(/^\d+(\.\d{1,6})?$/);
  const balance = Number((await swap.getByTestId('pay-balance').textContent())!.replace(/[^\d.]/g, ''));
  expect(Number(max)).toBeLessThan(balance);
  expect(Number(max)).toBeGreaterThan(balance - 0.011);
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
  expect(errors).toEqual([]);
});

/** A trade of the native coin for `token` through the REST interface, so the token has prices to chart. */
async function tradeOnBase(token: string, wei: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  expect((await api.post('/api/dev/faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
  const quote = await api.get<{ transaction: { trade: string; quoteId: string } }>('/api/v2/quote', {
    chain: 'BASE',
    tokenIn: '0x0000000000000000000000000000000000000000',
    tokenOut: token,
    amount: wei,
    slippage: 300,
    trader: account.address,
  });
  expect(quote.status, describeResponse(quote)).toBe(200);
  const trade = await account.signTransaction(parseTransaction(quote.json.transaction.trade as Hex) as TransactionSerializableEIP1559);
  const executed = await api.post<{ status: string }>('/api/v2/execute', {
    chain: 'BASE',
    trade,
    quoteId: quote.json.transaction.quoteId,
    mev: false,
    simulation: true,
  });
  expect(executed.json.status, describeResponse(executed)).toBe('SUCCESS');
}

/** A point inside the chart's plot (left of the price axis), where a tap reads the price. */
async function inspect(page: Page, testInfo: TestInfo) {
  const chart = page.getByRole('region', { name: 'Price chart' }).getByTestId('price-chart');
  const box = (await chart.boundingBox())!;
  const position = { x: box.width * 0.3, y: box.height / 2 };
  if (testInfo.project.use.hasTouch) await chart.tap({ position });
  else await chart.click({ position });
}

test('the token page groups dollars and percents, and its chart runs on time with labels that read apart', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  for (const wei of ['300000000000000000', '200000000000000000']) await tradeOnBase(world.evmToken.address, wei);
  const errors = collectPageErrors(page);
  await page.goto(`/token/BASE/${world.evmToken.address}`);

  const liquidity = page.getByRole('region', { name: 'Safety' }).locator('[data-check="liquidity"]');
  await expect(liquidity).toContainText(/\$\d{1,3}(,\d{3})+\.\d{2} in the main pool/, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Taxes and supply' })).toBeVisible();

  const figure = page.getByRole('region', { name: 'Price chart' }).locator('figure');
  await expect(figure.getByTestId('price-chart')).toBeVisible({ timeout: 30_000 });
  const labels = async (name: string) => JSON.parse((await figure.getAttribute(name)) ?? '[]') as string[];
  await expect.poll(() => labels('data-time-labels')).not.toEqual([]);
  const times = await labels('data-time-labels');
  expect(new Set(times).size, times.join(' | ')).toBe(times.length);
  await expect.poll(async () => (await labels('data-price-labels')).length).toBeGreaterThanOrEqual(3);
  const prices = await labels('data-price-labels');
  expect(new Set(prices).size, prices.join(' | ')).toBe(prices.length);

  const legend = figure.getByTestId('chart-tooltip');
  await expect(legend).toHaveAttribute('data-inspecting', 'false');
  await inspect(page, testInfo);
  await expect(legend).toHaveAttribute('data-inspecting', 'true');
  await expect(legend.getByTestId('chart-tooltip-price')).toHaveText(/^\$[\d,.]+$/);
  await expect(legend.getByTestId('chart-tooltip-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC$/);

  expect(await strayPercents(page)).toEqual([]);
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
  expect(errors).toEqual([]);
});
