import { expect, test } from '../support/fixtures';
import { installFundedWallet, pageWorld, type PageWorld } from '../support/page-world';

/**
 * Keyboard use and what screen readers hear: the skip link, the focus staying where the user acted
 * (after connecting a wallet, closing or using the token picker, and finishing a swap), and the live
 * regions that carry a new quote, the swap's progress and its result.
 */

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

test('the skip link is the first stop and moves the keyboard past the header', async ({ page }) => {
  await page.goto('/');
  // The page is live once the header's wallet button is.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Connect wallet' })).toBeEnabled();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is the swap form's first control, not the header.
  await expect(page.getByRole('region', { name: 'Swap' }).getByLabel('Chain')).toBeFocused();
});

test('connecting from the header with the keyboard leaves the focus on the wallet', async ({ page }) => {
  const wallet = await installFundedWallet(page, world);
  await page.goto('/');
  const connect = page.getByRole('banner').getByRole('button', { name: 'Connect wallet' });
  await expect(connect).toBeEnabled();
  await connect.focus();
  await page.keyboard.press('Enter');
  const option = page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' });
  await option.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  const walletButton = page.getByRole('banner').getByRole('button', { name: 'Wallet menu' });
  await expect(walletButton).toBeFocused();
  // Escape closes the account menu, if open, and keeps the focus on its button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Wallet' })).toHaveCount(0);
  await expect(walletButton).toBeFocused();
});

test('the token picker gives the focus back to its button, whether closed or used', async ({ page }) => {
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  const receiveButton = swap.getByRole('button', { name: 'Select token to receive' });
  await expect(receiveButton).toContainText('USDC');
  const picker = page.getByRole('dialog', { name: 'Select a token to receive' });

  await receiveButton.focus();
  await page.keyboard.press('Enter');
  await expect(picker.getByLabel('Search tokens')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(receiveButton).toBeFocused();

  await page.keyboard.press('Enter');
  // Tab stays in the open picker: past its last control it comes back to its first, and back again.
  await expect(picker.getByLabel('Search tokens')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(picker.locator(':focus')).toHaveCount(1);
  await expect(picker.getByRole('button', { name: 'Close' })).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(picker.getByLabel('Search tokens')).toBeFocused();
  for (let step = 0; step < 40; step++) await page.keyboard.press('Tab');
  await expect(picker.locator(':focus')).toHaveCount(1);
  await picker.getByRole('button', { name: 'Close' }).click();
  await expect(receiveButton).toBeFocused();

  await page.keyboard.press('Enter');
  await picker.getByLabel('Search tokens').fill('ALPHA');
  await picker.getByRole('button', { name: /^ALPHA / }).focus();
  await page.keyboard.press('Enter');
  await expect(receiveButton).toContainText('ALPHA');
  await expect(receiveButton).toBeFocused();
});

test('a keyboard swap: connect, quote announced, progress and result announced, focus kept in the form', async ({ page }) => {
  test.setTimeout(120_000);
  const wallet = await installFundedWallet(page, world);
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  const announcement = swap.locator('[data-announcement="quote"]');
  await expect(announcement).toHaveAttribute('aria-live', 'polite');
  await expect(announcement).toHaveText('');

  await swap.getByLabel('Amount to pay').fill('0.01');
  const action = swap.getByRole('button', { name: 'Connect wallet' });
  await action.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  const swapButton = swap.getByRole('button', { name: 'Swap', exact: true });
  await expect(swapButton).toBeFocused();

  // The quote is read out as the receive amount the form shows.
  const receive = swap.getByLabel('Amount to receive');
  await expect(receive).not.toHaveValue('');
  await expect(announcement).toHaveText(`Quote: you receive ${await receive.inputValue()} USDC`);

  await page.keyboard.press('Enter');
  const execution = swap.locator('.execution');
  await expect(execution).toHaveAttribute('aria-live', 'polite');
  await expect(execution.getByRole('list', { name: 'Swap progress' })).toBeVisible();
  await expect(execution.getByRole('region', { name: 'Swap result' })).toContainText('Swap confirmed', { timeout: 60_000 });
  // The swap button was disabled under the focus while the swap ran (and stays so: the amount is cleared);
  // the focus goes on to the result's Done, not back to the top of the page.
  await expect(swap.getByRole('button', { name: 'Enter an amount' })).toBeDisabled();
  await expect(execution.getByRole('button', { name: 'Done' })).toBeFocused();
  // Done closes the result and hands the focus to the amount, where the next swap starts.
  await page.keyboard.press('Enter');
  await expect(execution).toHaveCount(0);
  await expect(swap.getByLabel('Amount to pay')).toBeFocused();
});

test('the bridge form announces its quote', async ({ page }) => {
  const wallet = await installFundedWallet(page, world);
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  const announcement = bridge.locator('[data-announcement="quote"]');
  await expect(announcement).toHaveText('');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  await bridge.getByLabel('To chain').selectOption('ARB');
  await bridge.getByLabel('Amount to send').fill('0.01');
  const receive = bridge.getByLabel('Amount to receive');
  await expect(receive).not.toHaveValue('');
  await expect(announcement).toHaveText(`Quote: ${await receive.inputValue()} ETH arrives`);
});
