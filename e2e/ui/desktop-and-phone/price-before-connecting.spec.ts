import { expect, test } from '../../support/fixtures';
import { axeViolations, collectPageErrors } from '../../support/page-checks';

/**
 * Finding 1 of the third pages round: a visitor without a wallet gets a price on the swap and bridge forms,
 * with the quote's details, and the button asks to connect. No wallet is installed in these pages.
 */

test('the swap form quotes before a wallet connects: receive amount, details, "Connect wallet"', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  await swap.getByLabel('Amount to pay').fill('0.01');

  const details = swap.getByRole('region', { name: 'Quote details' });
  await expect(details).toBeVisible({ timeout: 30_000 });
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue(/^(0(\.0*)?)?$/);
  await expect(swap.getByTestId('price-only-hint')).toHaveText('A price only: connect a wallet to swap at it.');
  await expect(swap.getByRole('button', { name: 'Connect wallet', exact: true })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the bridge form quotes before a wallet connects, across families too (no recipient needed for a price)', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge' });
  await bridge.getByLabel('Amount to send').fill('0.01');

  const details = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(details).toBeVisible({ timeout: 30_000 });
  await expect(details.getByTestId('quote-amount-out')).not.toHaveText(/^0 /);
  await expect(bridge.getByTestId('price-only-hint')).toHaveText('A price only: connect a wallet to bridge at it.');
  await expect(bridge.getByRole('button', { name: 'Connect wallet', exact: true })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);

  await bridge.getByLabel('To chain').selectOption('SOL');
  await expect(details.getByTestId('quote-amount-out')).toContainText('SOL', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
