import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../../support/fixtures';
import { axeViolations, collectPageErrors } from '../../support/page-checks';
import { connectFromHeader, installFundedWallet, pageWorld, type PageWorld } from '../../support/page-world';

/**
 * Refusals in plain words: a bad faucet address in one sentence, an address without a token named as such,
 * the native coin in the Solana picker by its symbol. Refusals the pages expect (a honeypot that cannot be
 * sold, an address that is no token) leave the browser's console clean: no error of ours, no failed request.
 */

/** Axe again until the page settles: a button fading between states reads as low contrast for a moment. */
const AXE_SETTLED = { intervals: [1_000], timeout: 30_000 };

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

/** An address nothing was ever deployed at. */
const nobody = () => privateKeyToAccount(generatePrivateKey()).address;

test('the faucet refuses an address that is no wallet in one plain sentence', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/status');
  const card = page.getByRole('region', { name: 'Test funds' });
  await card.getByLabel('Chain').selectOption('BASE');
  await card.getByLabel('Wallet address').fill('0x12345');
  await card.getByRole('button', { name: 'Get test funds' }).click();
  await expect(card.getByRole('alert')).toHaveText('This is not a wallet address on Base, where an address is 0x followed by 40 hex digits.');
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
  expect(errors).toEqual([]);
});

test('a token page for an address without a token says so plainly', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto(`/token/BASE/${nobody()}`);
  const alert = page.getByRole('alert').filter({ hasText: 'This token could not be read.' });
  await expect(alert).toHaveText('This token could not be read. This address is not a token on Base.');
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
  expect(errors).toEqual([]);
});

test('the picker names an address without a token plainly; a honeypot sell is refused without console errors', async ({ page }) => {
  const errors = collectPageErrors(page);
  const wallet = await installFundedWallet(page, world);
  await page.goto('/');
  await connectFromHeader(page, wallet);
  await page.keyboard.press('Escape');
  const swap = page.getByRole('region', { name: 'Swap' });

  await swap.getByRole('button', { name: 'Select token to pay' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a token to pay' });
  await picker.getByLabel('Search tokens').fill(nobody());
  await expect(picker.getByRole('alert')).toHaveText('This address is not a token on Base.');
  await picker.getByLabel('Search tokens').fill('HONEY');
  await picker.getByRole('button', { name: 'HONEY Honeypot Token' }).click();
  await swap.getByLabel('Amount to pay').fill('1');
  await expect(swap.locator('.quote-error')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
  expect(errors).toEqual([]);
});

test('the Solana picker shows the native coin as SOL, not as a zero address', async ({ page }) => {
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await swap.getByLabel('Chain').selectOption('SOL');
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a token to receive' });
  const sol = picker.getByRole('button', { name: /^SOL / });
  await expect(sol).toContainText('SOL (native)');
  await expect(sol).not.toContainText('0x');
  await expect.poll(() => axeViolations(page), AXE_SETTLED).toEqual([]);
});
