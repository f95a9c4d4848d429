import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { axeViolations } from '../../support/page-checks';
import { connectFromHeader, installFundedWallet, pageWorld, type PageWorld } from '../../support/page-world';

/**
 * What the pages say about risk, in one vocabulary: a quote of a token our checks find nothing wrong with
 * carries no warning about audit providers; the audit's verdict is read off its score (the same bands for
 * the launch token and the tax token); a honeypot's receive side reads unsellable and its page offers no
 * Trade button, its badges readable in both colour schemes; a price impact notice states the loss.
 */

/** The verdict word of each score band, as the audit defines them (server/tokens/audit/verdict.ts). */
function verdictForScore(score: number): string {
  if (score === 100) return 'Clean';
  if (score >= 50) return 'Caution';
  if (score >= 1) return 'Danger';
  return 'Honeypot';
}

/**
 * What the quote and the audit say is the same at every width (the words come from the server, in the same
 * elements): the phone project skips these (playwright.config.ts). The honeypot's badges are checked on the
 * phone too, in its dark colours.
 */
const WIDTH_FREE = { tag: '@width-free' };

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

const baseToken = (symbol: string) => {
  const token = world.chains.BASE!.tokens.find((entry) => entry.symbol === symbol);
  if (!token) throw new Error(`BASE has no ${symbol}`);
  return token;
};

/** The swap page opened to receive `symbol` on BASE, a funded wallet connected, paying `amount` ETH. */
async function quoteFor(page: Page, symbol: string, amount: string) {
  const wallet = await installFundedWallet(page, world);
  await page.goto(`/?chain=BASE&tokenOut=${baseToken(symbol).address}`);
  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText(symbol);
  await swap.getByLabel('Amount to pay').fill(amount);
  await expect(swap.getByRole('region', { name: 'Quote details' })).toBeVisible({ timeout: 30_000 });
  return swap;
}

test('a quote for a token our checks pass carries no warning about audit providers', WIDTH_FREE, async ({ page }) => {
  const swap = await quoteFor(page, 'ALPHA', '0.01');
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('');
  await expect(swap.locator('.quote-warning[data-code="UNVERIFIED_AUDIT"]')).toHaveCount(0);
  await expect(swap.getByRole('list', { name: 'Warnings' })).toHaveCount(0);
  await expect(swap.getByRole('alert')).toHaveCount(0);
});

test("the launch token's and the tax token's verdicts follow their scores", WIDTH_FREE, async ({ page }) => {
  const seen: { symbol: string; score: number; verdict: string }[] = [];
  for (const symbol of ['LAUNCH', 'TAX']) {
    await page.goto(`/token/BASE/${baseToken(symbol).address}`);
    const verdict = page.getByTestId('audit-verdict');
    await expect(verdict).toBeVisible({ timeout: 30_000 });
    const score = Number(/(\d+)\/100/.exec((await page.getByTestId('audit-score').textContent()) ?? '')![1]);
    seen.push({ symbol, score, verdict: (await verdict.textContent())!.trim() });
  }
  for (const { symbol, score, verdict } of seen) expect(verdict, `${symbol} scores ${score}`).toBe(verdictForScore(score));
});

test("a honeypot's receive side reads unsellable, and its page offers no Trade button and readable badges", async ({ page }, testInfo) => {
  const swap = await quoteFor(page, 'HONEY', '0.01');
  await expect(swap.locator('.quote-warning[data-code="HONEYPOT"]')).toBeVisible();
  const receiveValue = swap.getByTestId('receive-usd');
  await expect(receiveValue).toHaveText(/cannot be sold/i);
  await expect(receiveValue).not.toContainText('$');

  await page.goto(`/token/BASE/${baseToken('HONEY').address}`);
  await expect(page.getByTestId('audit-verdict')).toHaveText('Honeypot', { timeout: 30_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Honeypot' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trade', exact: true })).toHaveCount(0);
  const violations = await axeViolations(page, 'body');
  expect(violations, `the honeypot's page in ${testInfo.project.use.colorScheme ?? 'light'} colours`).toEqual([]);
});

test('a price impact notice states the loss in figures', WIDTH_FREE, async ({ page }) => {
  // 0.3 ETH (about $900) against the launch curve's reserves of about $5,500 a side.
  const swap = await quoteFor(page, 'LAUNCH', '0.3');
  const impactText = (await swap.getByTestId('price-impact').textContent()) ?? '';
  expect(Number(/([\d.]+)/.exec(impactText)![1])).toBeGreaterThan(3);
  // The loss stated in the same figure the details show.
  await expect(swap.locator('.impact-notice')).toContainText(`you receive ${impactText} less than the market price`);
});
