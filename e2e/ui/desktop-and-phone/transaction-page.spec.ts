import type { Page } from '@playwright/test';
import { Keypair } from '@solana/web3.js';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { api, describe as describeResponse } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { axeViolations, collectPageErrors } from '../../support/page-checks';

/**
 * On the local world a transaction's link opens the app's own transaction page (a mainnet explorer has never
 * heard of it): its status, block, sender, recipient, value and the tokens it moved, read from the chain.
 */

async function expectAccessible(page: Page) {
  expect(await axeViolations(page, 'body')).toEqual([]);
}

test('the test-funds links open the transaction page, which shows the token transfer', async ({ page }) => {
  const errors = collectPageErrors(page);
  const address = privateKeyToAccount(generatePrivateKey()).address;
  await page.goto('/status');
  const card = page.getByRole('region', { name: 'Test funds' });
  await card.getByLabel('Chain').selectOption('BASE');
  await card.getByLabel('Wallet address').fill(address);
  await card.getByRole('button', { name: 'Get test funds' }).click();
  const link = card.getByRole('list', { name: 'Funds sent' }).getByRole('link', { name: 'USDC transaction on the explorer' });
  await expect(link).toHaveAttribute('href', /^\/tx\/BASE\/0x[0-9a-f]{64}$/);
  const href = (await link.getAttribute('href'))!;
  const hash = href.split('/').pop()!;
  expect(errors).toEqual([]);

  await page.goto(href);
  const view = page.getByRole('region', { name: 'Transaction' });
  await expect(view.getByTestId('tx-status')).toHaveText('Success');
  await expect(view).toContainText(hash);
  await expect(view.getByTestId('tx-block')).toHaveText(/^[\d,]+$/);
  await expect(view.getByTestId('tx-from')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  // A token transfer is a call of the token contract, with no native value.
  await expect(view.getByTestId('tx-to')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  await expect(view.getByTestId('tx-value')).toHaveText('0 ETH');
  const transfers = view.getByRole('table', { name: 'Token transfers' });
  const row = transfers.getByRole('row').filter({ hasText: 'USDC' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('10,000 USDC');
  await expect(row).toContainText(address);
  await expectAccessible(page);
  expect(errors).toEqual([]);
});

test('a Solana transaction shows the tokens it moved, and an unknown hash says so plainly', async ({ page }) => {
  const errors = collectPageErrors(page);
  const owner = Keypair.generate().publicKey.toBase58();
  const funded = await api.post<{ funded: { symbol: string; txHash: string }[] }>('/api/dev/faucet', { chain: 'SOL', address: owner });
  expect(funded.status, describeResponse(funded)).toBe(200);
  const usdc = funded.json.funded.find((token) => token.symbol === 'USDC')!;

  await page.goto(`/tx/SOL/${usdc.txHash}`);
  const view = page.getByRole('region', { name: 'Transaction' });
  await expect(view.getByTestId('tx-status')).toHaveText('Success');
  await expect(view.getByTestId('tx-block')).toHaveText(/^[\d,]+$/);
  const changes = view.getByRole('table', { name: 'Balance changes' });
  const row = changes.getByRole('row').filter({ hasText: owner }).filter({ hasText: 'USDC' });
  await expect(row).toContainText('+10,000 USDC');
  await expectAccessible(page);

  const unknown = `0x${'ab'.repeat(32)}`;
  await page.goto(`/tx/BASE/${unknown}`);
  await expect(page.getByRole('region', { name: 'Transaction' }).getByTestId('tx-status')).toHaveText('Not found');
  await expect(page.getByRole('main')).toContainText('Base has no transaction with this hash');
  await expectAccessible(page);
  expect(errors).toEqual([]);
});
