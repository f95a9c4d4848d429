import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { expect, test } from '../support/fixtures';

test('a visitor gets test funds from the status page', async ({ page }) => {
  await page.goto('/status');
  const card = page.getByRole('region', { name: 'Test funds' });
  await expect(card.getByRole('heading', { name: 'Get test funds' })).toBeVisible();
  await card.getByLabel('Chain').selectOption('BASE');
  await card.getByLabel('Wallet address').fill(privateKeyToAccount(generatePrivateKey()).address);
  await card.getByRole('button', { name: 'Get test funds' }).click();
  const sent = card.getByRole('list', { name: 'Funds sent' });
  await expect(sent).toContainText('10 ETH');
  await expect(sent).toContainText('10,000 USDC');
});
