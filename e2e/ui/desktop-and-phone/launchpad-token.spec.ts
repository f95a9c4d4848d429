import { expect, test } from '../../support/fixtures';
import { pageWorld, type PageWorld } from '../../support/page-world';

/**
 * Launch tokens as the token pages show them: LAUNCH, still on the launchpad's bonding curve, has the
 * curve's price, liquidity and progress and no danger verdict; the token list prices every token the swap
 * form prices, the launch tokens and GAMMA (which trades only against ALPHA) included.
 */

let world: PageWorld;

test.beforeAll(async () => {
  world = await pageWorld();
});

test("LAUNCH's page shows its curve: a price, liquidity, progress, and no danger verdict", async ({ page }) => {
  const launch = world.chains.BASE!.tokens.find((token) => token.symbol === 'LAUNCH')!;
  await page.goto(`/token/BASE/${launch.address}`);
  const market = page.getByRole('region', { name: 'Market' });
  await expect(market.getByTestId('price-usd')).toHaveText(/^\$\d/, { timeout: 30_000 });
  await expect(market.getByTestId('liquidity')).toHaveText(/^\$[1-9]/);
  await expect(market.getByTestId('curve-progress')).toHaveText(/^\d+(\.\d+)? %$/);
  await expect(page.getByRole('region', { name: 'Main pool' }).getByTestId('pool-type')).toHaveText('Launchpad curve');
  const verdict = page.getByTestId('audit-verdict');
  await expect(verdict).toBeVisible({ timeout: 30_000 });
  await expect(verdict).not.toHaveText(/danger|honeypot/i);
  await expect(page.locator('.risk-banner[data-level="danger"]')).toHaveCount(0);
});

test('the token list prices GAMMA, LAUNCH and GRAD', async ({ page }) => {
  await page.goto('/token');
  const list = page.getByRole('region', { name: 'Tokens on Base' });
  await expect(list.locator('tr[data-token="ALPHA"]').getByTestId('token-price')).toHaveText(/^\$/, { timeout: 30_000 });
  for (const symbol of ['GAMMA', 'LAUNCH', 'GRAD']) {
    await expect(list.locator(`tr[data-token="${symbol}"]`).getByTestId('token-price'), symbol).toHaveText(/^\$\d/);
  }
});
