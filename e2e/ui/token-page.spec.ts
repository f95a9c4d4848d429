import type { Locator, Page } from '@playwright/test';
import { Keypair, VersionedTransaction } from '@solana/web3.js';
import {
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  parseEther,
  parseTransaction,
  type Address,
  type Hex,
  type TransactionSerializableEIP1559,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe as describeResponse } from '../support/api';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { collectPageErrors, overflowingElements, axeViolations, snapshot } from '../support/page-checks';

/**
 * The token page and the header's token search on BASE of the local world: the tax token's taxes and
 * warning, the honeypot's verdict, a symbol search that lands on the token, and its Trade button; the
 * price chart after real trades (BETA's main pool; ALPHA across its pools, at desktop and phone widths; a
 * Solana mint's trades with the maker), with its tooltip and time ranges; Solana facts on Solana pages. Account 18 of BASE is this spec's alone (it trades BETA, which no other
 * spec trades).
 */
const ACCOUNT_INDEX = 18;

/** The BASE tokens as the server under test sees them (also when BASE_URL points at a server started elsewhere). */
async function baseTokens() {
  const base = (await localWorld()).BASE;
  if (!base) throw new Error('the local world has no BASE chain');
  const bySymbol = (symbol: string) => {
    const token = base.tokens.find((candidate) => candidate.symbol === symbol);
    if (!token) throw new Error(`BASE has no ${symbol} token`);
    return token;
  };
  return { base, tax: bySymbol('TAX'), honey: bySymbol('HONEY'), alpha: bySymbol('ALPHA'), beta: bySymbol('BETA') };
}

/** A full-page screenshot kept in the test's output folder and attached to the report. */

/** A percent figure shown as "3 %" or "3.25 %". */
async function percentOf(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? '';
  const match = /(-?\d+(?:\.\d+)?)\s*%/.exec(text);
  if (!match) throw new Error(`no percent in "${text}"`);
  return Number(match[1]);
}

test('the tax token shows its buy and sell tax and a warning', async ({ page }, testInfo) => {
  const { tax } = await baseTokens();
  const errors = collectPageErrors(page);
  await page.goto(`/token/BASE/${tax.address}`);

  await expect(page.getByRole('heading', { level: 1 })).toContainText('TAX');
  await expect(page.getByTestId('token-chain')).toHaveText('Base');
  await expect(page.getByTestId('token-address')).toHaveText(tax.address);
  await expect(page.getByRole('link', { name: 'Explorer ↗' })).toHaveAttribute('href', `https://basescan.org/address/${tax.address}`);

  const taxes = page.getByRole('region', { name: 'Taxes and supply' });
  await expect(taxes.getByTestId('buy-tax')).toContainText('%');
  expect(await percentOf(taxes.getByTestId('buy-tax'))).toBeCloseTo(3, 0);
  expect(await percentOf(taxes.getByTestId('sell-tax'))).toBeCloseTo(5, 0);
  await expect(taxes.getByTestId('burnt')).toContainText('%');
  await expect(taxes.getByTestId('clogged')).toContainText('%');

  const market = page.getByRole('region', { name: 'Market' });
  await expect(market.getByTestId('price-usd')).toContainText('$');
  await expect(market.getByTestId('price-native')).toContainText('ETH');
  await expect(market.getByTestId('liquidity')).toContainText('$');

  const warning = page.locator('.risk-banner[data-level="warning"]');
  await expect(warning).toContainText('High tax');
  await expect(warning).toContainText('3 %');
  await expect(warning).toContainText('5 %');
  await expect(page.locator('.risk-banner[data-level="danger"]')).toHaveCount(0);

  // The audit lists every check with a status, and its tax checks do not pass.
  const safety = page.getByRole('region', { name: 'Safety' });
  await expect(safety.getByTestId('audit-verdict')).toBeVisible({ timeout: 30_000 });
  await expect(safety.locator('[data-check="sell-tax"]')).not.toHaveAttribute('data-status', 'pass');
  const checks = safety.getByRole('list', { name: 'Audit checks' }).getByRole('listitem');
  expect(await checks.count()).toBeGreaterThan(3);
  for (const check of await checks.all()) {
    await expect(check).toHaveAttribute('data-status', /^(pass|warn|fail|unknown)$/);
  }
  // Offline the providers are not asked: they are listed as not checked, not as passing, and the page never
  // shows the server's configuration to a visitor.
  const providers = safety.locator('[data-provider]');
  for (const provider of await providers.all()) {
    if ((await provider.getAttribute('data-status')) === 'unavailable') await expect(provider).toContainText('not checked');
  }
  await expect(page.locator('body')).not.toContainText(/_API_URL|is not set/);
  // The burnt-liquidity check names the pair it looked at.
  await expect(safety.locator('[data-check="liquidity-burnt"]')).toContainText(/Uniswap V2 pair against the (wrapped native token|stable) \(0x[0-9a-fA-F]{40}/);

  await expect(page.getByRole('region', { name: 'Main pool' }).getByTestId('pool-type')).not.toBeEmpty();
  // The chart draws the pool's own trades, or says there are too few; it never draws made-up data.
  const chart = page.getByRole('region', { name: 'Price chart' });
  await expect(chart.getByTestId('price-chart').or(chart.getByTestId('chart-note'))).toBeVisible();
  await expect(chart.getByRole('alert')).toHaveCount(0);
  await snapshot(page, testInfo, 'tax-token');
  expect(errors).toEqual([]);
});

test('the honeypot shows the honeypot verdict as a danger', async ({ page }, testInfo) => {
  const { honey } = await baseTokens();
  const errors = collectPageErrors(page);
  await page.goto(`/token/base/${honey.address}`);
  // Lower-case chains are the same page.
  await expect(page).toHaveURL(new RegExp(`/token/BASE/${honey.address}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('HONEY');

  const danger = page.locator('.risk-banner[data-level="danger"]');
  await expect(danger).toContainText('Honeypot', { timeout: 30_000 });
  const safety = page.getByRole('region', { name: 'Safety' });
  await expect(safety.getByTestId('audit-verdict')).toHaveText(/honeypot/i);
  await expect(safety.getByTestId('audit-score')).toContainText('score 0/100');
  await expect(safety.locator('[data-check="honeypot"]')).toHaveAttribute('data-status', 'fail');
  await snapshot(page, testInfo, 'honeypot-token');
  expect(errors).toEqual([]);
});

test('the header search finds ALPHA by symbol, and Trade opens the swap page with it to receive', async ({ page }, testInfo) => {
  const { alpha } = await baseTokens();
  const errors = collectPageErrors(page);
  await page.goto('/status');

  const search = page.getByRole('search', { name: 'Token search' });
  await expect(search.getByLabel('Search on chain')).toHaveValue('BASE');
  // An unknown symbol is said to be unknown, and nothing moves.
  await search.getByLabel('Token address or symbol').fill('NOSUCHTOKEN');
  await search.getByLabel('Token address or symbol').press('Enter');
  await expect(search.getByRole('alert')).toContainText('No known token called NOSUCHTOKEN on Base');
  await expect(page).toHaveURL(/\/status$/);

  await search.getByLabel('Token address or symbol').fill('alpha');
  await search.getByLabel('Token address or symbol').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/token/BASE/${alpha.address}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(alpha.name);
  await expect(page.getByRole('region', { name: 'Market' }).getByTestId('price-usd')).toContainText('$');
  await expect(page.locator('.risk-banner')).toHaveCount(0);
  await snapshot(page, testInfo, 'alpha-token');

  await page.getByRole('link', { name: 'Trade' }).click();
  await expect(page).toHaveURL(new RegExp(`/\\?chain=BASE&tokenOut=${alpha.address}$`));
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByLabel('Chain')).toHaveValue('BASE');
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('ALPHA');
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ETH');
  await snapshot(page, testInfo, 'trade-alpha');
  expect(errors).toEqual([]);
});

test('a base58 address in the header search is looked up on Solana', async ({ page }, testInfo) => {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  const alpha = response.json.chains.SOL?.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('the local world has no ALPHA mint on SOL');
  const errors = collectPageErrors(page);
  await page.goto('/docs');

  const search = page.getByRole('search', { name: 'Token search' });
  await search.getByLabel('Token address or symbol').fill(alpha.address);
  await expect(search.getByLabel('Search on chain')).toHaveValue('SOL');
  await search.getByLabel('Token address or symbol').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/token/SOL/${alpha.address}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');
  await expect(page.getByTestId('token-chain')).toHaveText('Solana');
  await expect(page.getByRole('link', { name: 'Explorer ↗' })).toHaveAttribute('href', `https://solscan.io/account/${alpha.address}`);
  const safety = page.getByRole('region', { name: 'Safety' });
  await expect(safety.locator('[data-check="mint-authority"]')).toHaveAttribute('data-status', /^(pass|warn|fail|unknown)$/, { timeout: 30_000 });
  await snapshot(page, testInfo, 'solana-token');
  expect(errors).toEqual([]);
});

test('an address with no token contract says so plainly, no stack trace', async ({ page }, testInfo) => {
  const nobody = privateKeyToAccount(generatePrivateKey()).address;
  // The page asks without the audit (it reads the audit separately), so the same request gives its message.
  const rest = await api.get<{ success: boolean; error: string; code: string }>('/api/v1/token-info', { token: nobody, chain: 'BASE', audit: false });
  expect(rest.json).toMatchObject({ success: false, code: 'NOT_FOUND' });
  // The page expects the refusal: nothing is logged, not even a failed request.
  const errors = collectPageErrors(page);

  await page.goto(`/token/BASE/${nobody}`);
  const alert = page.getByRole('alert').filter({ hasText: 'This token could not be read.' });
  await expect(alert).toContainText('This address is not a token on Base.');
  await expect(page.locator('body')).not.toContainText(/\bat \S+ \(|node_modules|TRPCError/);
  await expect(page.getByRole('link', { name: 'Trade' })).toHaveCount(0);
  await snapshot(page, testInfo, 'no-token');

  // A malformed address never reaches the server.
  await page.goto('/token/BASE/0x1234');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('is not a token address on Base');
  expect(errors).toEqual([]);
});

test("the price chart draws BETA's trades up to the current price", async ({ page }, testInfo) => {
  const { base, beta } = await baseTokens();
  const key = base.accounts[ACCOUNT_INDEX]?.privateKey;
  const router = base.contracts.swapRouter;
  if (!key || !router) throw new Error(`BASE needs account ${ACCOUNT_INDEX} with a key and a Uniswap V3 SwapRouter`);
  const account = privateKeyToAccount(key as Hex);
  const chain = defineChain({
    id: base.chainId,
    name: 'BASE',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [base.rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: http(base.rpcUrl) });
  const abi = parseAbi([
    'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
    'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  ]);
  // Real trades on BETA's main pool (Uniswap V3 0.3 %, its deepest), so the chart has points of its own to draw.
  for (const amount of ['0.5', '1', '1.5']) {
    await wallet.writeContract({
      address: router as Address,
      abi,
      functionName: 'exactInputSingle',
      value: parseEther(amount),
      args: [
        {
          tokenIn: base.wrappedNative as Address,
          tokenOut: beta.address as Address,
          fee: 3000,
          recipient: account.address,
          deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          amountIn: parseEther(amount),
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
  }
  const errors = collectPageErrors(page);
  await page.goto(`/token/BASE/${beta.address}`);
  const price = await page.getByRole('region', { name: 'Market' }).getByTestId('price-usd').textContent();
  const chart = page.getByRole('region', { name: 'Price chart' }).getByTestId('price-chart');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`to ${price!.replace(/[$.]/g, '\\$&')} over \\d+ trades$`));
  await snapshot(page, testInfo, 'price-chart');
  expect(errors).toEqual([]);
});

const NATIVE = '0x0000000000000000000000000000000000000000';

interface QuoteAnswer {
  transaction: { trade: string; quoteId: string };
}

/** A trade of the native coin for `token` through the REST interface, by a fresh funded account. */
async function tradeOnBase(token: string) {
  const account = privateKeyToAccount(generatePrivateKey());
  expect((await api.post('/api/dev/faucet', { chain: 'BASE', address: account.address })).status).toBe(200);
  const quote = await api.get<QuoteAnswer>('/api/v2/quote', {
    chain: 'BASE',
    tokenIn: NATIVE,
    tokenOut: token,
    amount: '200000000000000000',
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

/** A trade of SOL for `mint` with the maker, signed here by a fresh funded keypair. */
async function tradeOnSolana(mint: string) {
  const wallet = Keypair.generate();
  expect((await api.post('/api/dev/faucet', { chain: 'SOL', address: wallet.publicKey.toBase58() })).status).toBe(200);
  const quote = await api.get<QuoteAnswer>('/api/v2/quote', {
    chain: 'SOL',
    tokenIn: NATIVE,
    tokenOut: mint,
    amount: '200000000',
    slippage: 100,
    trader: wallet.publicKey.toBase58(),
  });
  expect(quote.status, describeResponse(quote)).toBe(200);
  const transaction = VersionedTransaction.deserialize(Buffer.from(quote.json.transaction.trade, 'base64'));
  transaction.sign([wallet]);
  const executed = await api.post<{ status: string }>('/api/v2/execute', {
    chain: 'SOL',
    trade: Buffer.from(transaction.serialize()).toString('base64'),
    quoteId: quote.json.transaction.quoteId,
    mev: false,
    simulation: true,
  });
  expect(executed.json.status, describeResponse(executed)).toBe('SUCCESS');
}

/** The chart is drawn, its crosshair tooltip names a price and a time, and the time ranges switch. */
async function checkChart(page: Page, currency: RegExp) {
  const region = page.getByRole('region', { name: 'Price chart' });
  const chart = region.getByTestId('price-chart');
  await expect(chart).toBeVisible();
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
  // The chart's canvases (plot and both axes) are drawn.
  await expect(chart.locator('canvas').first()).toBeVisible();
  // Hovering scrolls the chart into view first (on a phone it sits below the fold).
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x: box.width * 0.6, y: box.height / 2 } });
  await expect(region.getByTestId('chart-tooltip-price')).toContainText(currency);
  await expect(region.getByTestId('chart-tooltip-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC$/);
  const ranges = region.getByRole('group', { name: 'Time range' });
  await expect(ranges.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  await ranges.getByRole('button', { name: '1D' }).click();
  await expect(ranges.getByRole('button', { name: '1D' })).toHaveAttribute('aria-pressed', 'true');
  // The trade made just before is within the day.
  await expect(chart.or(region.getByTestId('chart-note'))).toBeVisible();
  await ranges.getByRole('button', { name: 'All' }).click();
  await expect(chart).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('ALPHA on BASE charts its trades across all its pools, with axes, a tooltip and time ranges', async ({ page }, testInfo) => {
      const { alpha } = await baseTokens();
      await tradeOnBase(alpha.address);
      const errors = collectPageErrors(page);
      await page.goto(`/token/BASE/${alpha.address}`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');
      await checkChart(page, /\$/);
      await expect(page.getByRole('region', { name: 'Safety' }).getByTestId('audit-verdict')).toBeVisible({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowingElements(page)).toEqual([]);
      await snapshot(page, testInfo, `alpha-chart-${viewport.width}`);
      expect(errors).toEqual([]);
    });
  });
}

test("a Solana token shows Solana facts only, the maker's depth, and a chart of its trades", async ({ page }, testInfo) => {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  const alpha = response.json.chains.SOL?.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('the local world has no ALPHA mint on SOL');
  await tradeOnSolana(alpha.address);
  await tradeOnSolana(alpha.address);
  const errors = collectPageErrors(page);
  await page.goto(`/token/SOL/${alpha.address}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');

  const market = page.getByRole('region', { name: 'Market' });
  await expect(market.getByText('Depth (±2 %)')).toBeVisible();
  await expect(market.getByTestId('liquidity')).toContainText('$');
  const mint = page.getByRole('region', { name: 'Mint' });
  await expect(mint.getByTestId('mint-decimals')).toHaveText('6');
  await expect(mint.getByTestId('mint-authority')).not.toHaveText('…', { timeout: 30_000 });
  // No EVM facts: taxes, burn addresses and DEX listing fees do not exist on Solana.
  await expect(page.getByRole('region', { name: 'Taxes and supply' })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(/DEX listing paid|Buy tax|Sell tax|Clogged/);
  await checkChart(page, /\$/);
  await expect(page.locator('body')).not.toContainText(/_API_URL|is not set/);
  expect(await axeViolations(page)).toEqual([]);
  expect(await overflowingElements(page)).toEqual([]);
  await snapshot(page, testInfo, 'solana-chart');
  expect(errors).toEqual([]);
});
