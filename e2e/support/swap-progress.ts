import { expect, type Locator } from '@playwright/test';

/**
 * A signature refused in the wallet: the form says so, the swap step reads rejected, and nothing is left
 * waiting (the steps after it did not start).
 */
export async function expectSwapRejectedInWallet(swap: Locator): Promise<void> {
  await expect(swap.getByRole('alert').filter({ hasText: 'You rejected the request in your wallet.' })).toBeVisible();
  const progress = swap.getByRole('list', { name: 'Swap progress' });
  await expect(progress.locator('[data-step="swap"]')).toHaveAttribute('data-status', 'rejected');
  await expect(progress.locator('[data-step="swap"]')).toContainText('Rejected in the wallet');
  await expect(progress.locator('[data-status="waiting"], [data-status="active"]')).toHaveCount(0);
  await expect(progress).not.toContainText('Waiting');
}
