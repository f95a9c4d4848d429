import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { axeViolations, expectNoSidewaysScroll } from '../support/page-checks';
import { bridgeRequest, connectFromHeader, installFundedWallet, pageWorld, type PageWorld } from '../support/page-world';

/**
 * Every page through axe-core on the desktop (light colours) and the mobile project (dark colours): no
 * violation of any impact (contrast, names, labels, ARIA), and one main landmark reached by the skip
 * link. The swap and bridge forms are checked again with a connected wallet and a quote on screen, and with
 * the token picker open. On the phone, every page as it first shows also fits the screen (mobile.spec.ts
 * checks the pages with a wallet, a quote and a history).
 */

/**
 * Axe in the project's colour scheme: light on the desktop, dark on the phone (`playwright.config.ts`; the
 * page loads in it, as the renderers read it once). The colours come from the same tokens at every width,
 * so each page meets both schemes without paying for four axe runs (the API reference takes seconds a run).
 */
async function expectAccessible(page: Page, testInfo: TestInfo, label: string) {
  const colorScheme = testInfo.project.use.colorScheme ?? 'light';
  const violations = await axeViolations(page, 'body');
  await testInfo.attach(`axe-${label}-${colorScheme}.txt`, { body: violations.join('\n'), contentType: 'text/plain' });
  expect.soft(violations, `${label} in ${colorScheme} colours`).toEqual([]);
  await expect.soft(page.getByRole('main'), 'one main landmark').toHaveCount(1);
  await expect.soft(page.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
}

/**
 * On the phone, no page scrolls sideways and the main navigation stays in view: checked here, where the phone
 * opens each page anyway, rather than by opening them all again.
 */
async function expectFitsThePhone(page: Page, isMobile: boolean, what: string) {
  if (!isMobile) return;
  await test.step('no page scrolls sideways', async () => {
    await expectNoSidewaysScroll(page, what);
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeInViewport();
  });
}

let world: PageWorld;
let requestId: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await pageWorld();
  requestId = await bridgeRequest();
});

test('the swap page', async ({ page, isMobile }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Swap' }).getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  await expectFitsThePhone(page, isMobile, '/');
  await expectAccessible(page, testInfo, 'swap');
});

test('the swap page with a connected wallet, a quote and the token picker', async ({ page }, testInfo) => {
  const wallet = await installFundedWallet(page, world);
  await page.goto('/');
  await connectFromHeader(page, wallet);
  await expectAccessible(page, testInfo, 'swap-wallet-menu');
  await page.keyboard.press('Escape');
  const swap = page.getByRole('region', { name: 'Swap' });
  await swap.getByLabel('Amount to pay').fill('0.01');
  await expect(swap.getByRole('region', { name: 'Quote details' })).toBeVisible();
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('');
  await expectAccessible(page, testInfo, 'swap-quote');
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  await expect(page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: /^ALPHA / })).toBeVisible();
  await expectAccessible(page, testInfo, 'swap-picker');
});

test('the bridge page', async ({ page, isMobile }, testInfo) => {
  await page.goto('/bridge');
  await expect(page.getByRole('region', { name: 'Bridge', exact: true })).toBeVisible();
  await expectFitsThePhone(page, isMobile, '/bridge');
  await expectAccessible(page, testInfo, 'bridge');
});

test('the bridge page with a connected wallet, a quote and the history', async ({ page }, testInfo) => {
  const wallet = await installFundedWallet(page, world);
  await page.goto('/bridge');
  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await bridge.getByLabel('To chain').selectOption('ARB');
  await bridge.getByLabel('Amount to send').fill('0.01');
  await expect(bridge.getByRole('region', { name: 'Bridge quote' })).toBeVisible();
  await expectAccessible(page, testInfo, 'bridge-quote');
});

test('a bridge tracker page', async ({ page, isMobile }, testInfo) => {
  await page.goto(`/bridge/${requestId}`);
  await expect(page.getByRole('region', { name: 'Bridge tracker' })).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expectFitsThePhone(page, isMobile, `/bridge/${requestId}`);
  await expectAccessible(page, testInfo, 'tracker');
});

test('an EVM token page', async ({ page, isMobile }, testInfo) => {
  await page.goto(`/token/${world.evmToken.chain}/${world.evmToken.address}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(world.evmToken.symbol);
  await expect(page.getByTestId('audit-verdict')).toBeVisible({ timeout: 30_000 });
  await expectFitsThePhone(page, isMobile, `/token/${world.evmToken.chain}/${world.evmToken.address}`);
  await expectAccessible(page, testInfo, 'token-evm');
});

test('a Solana token page', async ({ page, isMobile }, testInfo) => {
  await page.goto(`/token/${world.solanaToken.chain}/${world.solanaToken.address}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(world.solanaToken.symbol);
  await expect(page.getByTestId('audit-verdict')).toBeVisible({ timeout: 30_000 });
  await expectFitsThePhone(page, isMobile, `/token/${world.solanaToken.chain}/${world.solanaToken.address}`);
  await expectAccessible(page, testInfo, 'token-solana');
});

test('the token landing page', async ({ page, isMobile }, testInfo) => {
  await page.goto('/token');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFitsThePhone(page, isMobile, '/token');
  await expectAccessible(page, testInfo, 'token-landing');
});

test('the status page', async ({ page, isMobile }, testInfo) => {
  await page.goto('/status');
  await expect(page.getByRole('region', { name: 'Chain status' }).locator('tr[data-chain]')).toHaveCount(15);
  await expectFitsThePhone(page, isMobile, '/status');
  await expectAccessible(page, testInfo, 'status');
});

test('the API reference', async ({ page, isMobile }, testInfo) => {
  // The reference renders every operation on one page: axe reads a few thousand elements there.
  test.setTimeout(120_000);
  await page.goto('/docs');
  await expect(page.getByRole('heading', { name: 'Trading and bridging API', level: 1 })).toBeVisible();
  await expectFitsThePhone(page, isMobile, '/docs');
  await expectAccessible(page, testInfo, 'docs');
});
