import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { api } from '../../support/api';
import { expect, test } from '../../support/fixtures';
import { connectWallet, evmChainsOf, localWorld } from '../../support/fresh-wallet';
import { installTestWallet } from '../../support/test-wallet';

/**
 * Finding 4 of the third pages round: a wallet's trades made through the app show in another browser (a new
 * session) once the same wallet connects there.
 */
test('a trade made in one browser is in the history of the same wallet in a fresh browser', async ({ page, browser, baseURL }) => {
  const chains = await localWorld();
  const privateKey = generatePrivateKey();
  expect((await api.post('/api/dev/faucet', { chain: 'BASE', address: privateKeyToAccount(privateKey).address })).status).toBe(200);
  const wallet = await installTestWallet(page, { privateKey, chains: evmChainsOf(chains), chainId: chains.BASE!.chainId });
  await page.goto('/');
  await connectWallet(page, wallet);
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  await swap.getByLabel('Amount to pay').fill('0.01');
  await swap.getByRole('button', { name: 'Swap', exact: true }).click({ timeout: 30_000 });
  await expect(swap.getByRole('region', { name: 'Swap result' })).toBeVisible({ timeout: 60_000 });
  const here = page.getByRole('region', { name: 'Trade history' }).locator('tbody tr');
  await expect(here).toHaveCount(1);

  // Another browser: no cookie, no storage, a new session; the same wallet.
  const other = await browser.newContext({ baseURL, viewport: page.viewportSize(), colorScheme: test.info().project.use.colorScheme });
  try {
    const otherPage = await other.newPage();
    const sameWallet = await installTestWallet(otherPage, { privateKey, chains: evmChainsOf(chains), chainId: chains.BASE!.chainId });
    await otherPage.goto('/');
    const history = otherPage.getByRole('region', { name: 'Trade history' });
    await expect(history).toContainText('Connect a wallet to see its trades.');
    await connectWallet(otherPage, sameWallet);
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history.locator('tbody tr')).toContainText('ETH → ');
    await expect(history.locator('tbody tr')).toHaveAttribute('data-status', 'SUCCESS');
  } finally {
    await other.close();
  }
});
