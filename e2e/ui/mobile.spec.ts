import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectNoSidewaysScroll } from '../support/page-checks';
import { bridgeRequest, connectFromHeader, fundedKey, installFundedWallet, pageWorld, type PageWorld } from '../support/page-world';

/**
 * The pages on a 390 px phone (the `mobile` project): nothing scrolls sideways, the connected wallet stays
 * in view, the swap's receive amount and the history tables fit, and the bridge's Max stays in its card.
 * That no page scrolls sideways as it first shows is checked where the phone opens each page already, in
 * accessibility.spec.ts.
 */

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

/** `inner` lies wholly within `outer`'s box (a pixel of rounding allowed). */
async function expectInside(inner: Locator, outer: Locator, what: string) {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  expect(a && b, `${what}: both boxes`).toBeTruthy();
  expect(a!.x, `${what}: left edge`).toBeGreaterThanOrEqual(b!.x - 1);
  expect(a!.x + a!.width, `${what}: right edge`).toBeLessThanOrEqual(b!.x + b!.width + 1);
}

/** The element shows all of its content: nothing cut off or scrolled within it. */
async function expectUnclipped(element: Locator, what: string) {
  const { scrollWidth, clientWidth } = await element.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
  expect(scrollWidth, `${what} needs ${scrollWidth} px and has ${clientWidth} px`).toBeLessThanOrEqual(clientWidth);
}

const viewport = (page: Page) => page.locator('body');

test('a swap on a phone: the wallet stays in view, the receive amount and the history fit', async ({ page }) => {
  test.setTimeout(120_000);
  const wallet = await installFundedWallet(page, world);
  await page.goto('/');
  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  const address = page.getByRole('banner').getByTestId('wallet-address');
  await expect(address).toBeInViewport({ ratio: 1 });
  await expectInside(address, viewport(page), 'the connected wallet');

  const swap = page.getByRole('region', { name: 'Swap' });
  // A large amount of a cheap token: the longest receive amount the form shows.
  await swap.getByLabel('Amount to pay').fill('5');
  const receive = swap.getByLabel('Amount to receive');
  await expect(receive).not.toHaveValue('');
  await expectUnclipped(receive, `the receive amount ${await receive.inputValue()}`);
  await expectInside(receive, swap, 'the receive amount');
  await expectNoSidewaysScroll(page, 'the swap page with a quote');

  await swap.getByLabel('Amount to pay').fill('0.01');
  await expect(swap.getByRole('region', { name: 'Quote details' })).toBeVisible();
  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(swap.getByRole('region', { name: 'Swap result' })).toBeVisible({ timeout: 60_000 });
  const history = page.getByRole('region', { name: 'Trade history' });
  await expect(history.locator('tr[data-status="SUCCESS"]')).toHaveCount(1, { timeout: 30_000 });
  await expectUnclipped(history, 'the trade history');
  await expectInside(history.locator('table'), history, 'the trade history table');
  await expectInside(history, viewport(page), 'the trade history');
  await expectNoSidewaysScroll(page, 'the swap page with a trade');
  // Back at the top, the wallet is where it was: the header kept it on its first line.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(address).toBeInViewport({ ratio: 1 });
});

test('the bridge on a phone: Max stays in its card, the wallet stays in view, the history fits', async ({ page }) => {
  const key = await fundedKey('BASE');
  await bridgeRequest(key);
  const wallet = await installFundedWallet(page, world, key);
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  const max = bridge.getByRole('button', { name: 'Max' });
  // Without a wallet the balance line is the longest it gets.
  await expect(bridge.getByTestId('send-balance')).toHaveText('Connect a wallet to see the balance');
  await expectInside(max, bridge, 'Max without a wallet');
  await expectInside(max, bridge.locator('.token-panel').first(), 'Max in the send panel');

  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByTestId('wallet-address')).toBeInViewport({ ratio: 1 });
  await expect(bridge.getByTestId('send-balance')).toHaveText(/^Balance [\d,.]+ ETH$/);
  await expectInside(max, bridge.locator('.token-panel').first(), 'Max with a balance');
  await max.click();
  await expect(bridge.getByLabel('Amount to send')).not.toHaveValue('');

  const history = page.getByRole('region', { name: 'Bridge history' });
  await expect(history.locator('tr[data-request-id]')).toHaveCount(1);
  await expectUnclipped(history, 'the bridge history');
  await expectInside(history.locator('table'), history, 'the bridge history table');
  await expectInside(history, viewport(page), 'the bridge history');
  await expectNoSidewaysScroll(page, 'the bridge page with a history');
});
