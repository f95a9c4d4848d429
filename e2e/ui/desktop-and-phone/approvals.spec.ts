import { createPublicClient, erc20Abi, http, type Address } from 'viem';
import { expect, test } from '../../support/fixtures';
import { connectWallet, freshWallet, localWorld } from '../../support/fresh-wallet';
import { axeViolations } from '../../support/page-checks';

/**
 * Finding 3 of the third pages round: approvals are of the exact amount unless the settings' "Unlimited
 * approval" switch is on, and the approve step names the token, the spender and the amount, on swap and bridge.
 */

test('a sale approves exactly its amount, named before and during the swap; the switch makes it unlimited', async ({ page }) => {
  const chains = await localWorld();
  const base = chains.BASE!;
  const wallet = await freshWallet(page, chains, 'BASE', 'BASE');
  const usdc = base.tokens.find((token) => token.symbol === 'USDC')!.address as Address;
  const allowance = () =>
    createPublicClient({ transport: http(base.rpcUrl) }).readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address, base.routerAddress as Address],
    });
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await connectWallet(page, wallet);
  // The pair is set once the tokens are in: switching before that would switch an empty form.
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  await swap.getByRole('button', { name: 'Switch tokens' }).click();
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('USDC');
  await swap.getByLabel('Amount to pay').fill('25');

  const router = `${base.routerAddress.slice(0, 6)}…${base.routerAddress.slice(-4)}`;
  const approval = swap.getByTestId('quote-approval');
  await expect(approval).toHaveText(`Approve exactly 25 USDC for the Router ${router}`, { timeout: 30_000 });
  await swap.getByRole('button', { name: 'Approve and swap', exact: true }).click();
  const progress = swap.getByRole('list', { name: 'Swap progress' });
  await expect(progress.locator('[data-step="approve"]')).toContainText(`Approve exactly 25 USDC for the Router ${router}`);
  await expect(swap.getByRole('region', { name: 'Swap result' })).toBeVisible({ timeout: 60_000 });
  // The Router took what it was allowed: nothing is left for it to take later.
  expect(await allowance()).toBe(0n);

  await swap.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Swap settings' });
  await settings.getByRole('switch', { name: 'Unlimited approval' }).check();
  expect(await axeViolations(page, '[role="dialog"][aria-label="Swap settings"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await swap.getByLabel('Amount to pay').fill('20');
  await expect(approval).toHaveText(`Approve unlimited USDC for the Router ${router}`, { timeout: 30_000 });
});

test('a USDC bridge deposit approves exactly the deposit to the Depository, and says so', async ({ page }) => {
  const chains = await localWorld();
  const wallet = await freshWallet(page, chains, 'BASE', 'BASE');
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge' });
  await connectWallet(page, wallet);
  await bridge.getByRole('button', { name: 'Select token to send' }).click();
  await page.getByRole('dialog', { name: 'Select a token to send' }).getByRole('button', { name: /^USDC/ }).click();
  await bridge.getByLabel('Amount to send').fill('10');
  await expect(bridge.getByTestId('quote-approval')).toHaveText(/^Approve exactly 10 USDC for the Depository 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/, {
    timeout: 30_000,
  });
  await expect(bridge.getByRole('button', { name: 'Approve and bridge', exact: true })).toBeEnabled();
  expect(await axeViolations(page)).toEqual([]);
});
