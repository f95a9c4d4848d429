import type { Page } from '@playwright/test';
import type { Hex } from 'viem';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { installTestWallet } from '../support/test-wallet';

/**
 * The quote's warnings on the swap page: a honeypot is shown as a danger above the button and needs the
 * typed word before the swap; a tax token shows its buy and sell taxes. Account 16 of BASE is this spec's alone.
 */
const ACCOUNT_INDEX = 16;

async function world() {
  const chains = await localWorld();
  const base = chains.BASE!;
  const account = base.accounts[ACCOUNT_INDEX]!;
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  return { base, account, evmChains };
}

/** The swap page with this spec's wallet connected. */
async function openSwap(page: Page) {
  const { base, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: base.chainId });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  return { base, wallet, swap: page.getByRole('region', { name: 'Swap' }) };
}

test('a honeypot is shown as a danger and needs the typed word; a tax token shows its taxes', async ({ page }) => {
  const { wallet, swap } = await openSwap(page);
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  await page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: 'HONEY Honeypot Token' }).click();
  await swap.getByLabel('Amount to pay').fill('0.01');
  const honeypot = swap.locator('.quote-warning[data-code="HONEYPOT"]');
  await expect(honeypot).toHaveAttribute('data-severity', 'danger', { timeout: 30_000 });
  await expect(honeypot.getByRole('alert')).toContainText('honeypot');
  await expect(honeypot).toContainText('honeypot');
  await expect(swap.getByRole('button', { name: 'Type "confirm" to swap' })).toBeDisabled();
  await honeypot.getByRole('textbox').fill('confirm');
  await expect(swap.getByRole('button', { name: 'Swap anyway' })).toBeEnabled();
  expect(wallet.sentTransactions).toHaveLength(0);

  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  await page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: 'TAX Taxed Token' }).click();
  await expect(swap.locator('.quote-warning[data-code="HIGH_TAX"]')).toContainText('buy tax 3 %, sell tax 5 %', { timeout: 30_000 });
  await expect(swap.getByTestId('token-tax')).toContainText('buy 3');
  await expect(swap.getByTestId('token-tax')).toContainText('sell 5');
  await expect(swap.locator('.quote-warning[data-code="HONEYPOT"]')).toHaveCount(0);
  await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled();
});

test('a launchpad token: its warning, and the launch fee as the first step of the swap progress', async ({ page }) => {
  test.setTimeout(120_000);
  const { base, wallet, swap } = await openSwap(page);
  const launch = base.tokens.find((token) => token.symbol === 'LAUNCH')!;

  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a token to receive' });
  await picker.getByLabel('Search tokens').fill(launch.address);
  await picker.getByRole('button', { name: /^LAUNCH / }).click();
  await swap.getByLabel('Amount to pay').fill('0.05');
  await expect(swap.locator('.quote-warning[data-code="LAUNCHPAD"]')).toContainText('launchpad', { timeout: 30_000 });
  await expect(swap.getByRole('region', { name: 'Quote details' }).getByTestId('route-leg').first()).toContainText('Launchpad');

  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  const progress = swap.getByRole('list', { name: 'Swap progress' });
  const fee = progress.locator('[data-step="extra"]');
  await expect(fee).toContainText('Pay the launch fee');
  await expect(swap.getByRole('region', { name: 'Swap result' })).toBeVisible({ timeout: 60_000 });
  await expect(fee).toHaveAttribute('data-status', 'done');
  await expect(progress.getByRole('link', { name: 'Pay the launch fee transaction on the explorer' })).toHaveAttribute('href', /^\/tx\/BASE\/0x[0-9a-f]{64}$/);
  await expect(progress.locator('[data-step="confirmed"]')).toHaveAttribute('data-status', 'done');
  // The fee went first (nonce n), then the trade (n + 1).
  expect(wallet.sentTransactions.length).toBeGreaterThanOrEqual(2);
});
