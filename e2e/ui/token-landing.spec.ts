import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe as describeResponse } from '../support/api';
import { expect, test } from '../support/fixtures';
import { overflowingElements, axeViolations } from '../support/page-checks';

/**
 * `/token` on its own: a landing page (not a 404) with a search that filters the chain's listed tokens,
 * their price and 24 h change from the chain, and the tokens this browser viewed recently. At a desktop
 * width and at a phone's 390 px.
 */
async function baseAlpha() {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  if (response.status !== 200) throw new Error(`the local world is needed: ${describeResponse(response)}`);
  const alpha = response.json.chains.BASE?.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('the local world has no ALPHA on BASE');
  return alpha;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("lists the chain's tokens with price and 24 h change, searches them, and remembers the tokens viewed", async ({ page }, testInfo) => {
      const alpha = await baseAlpha();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });

      const response = await page.goto('/token');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tokens');
      await page.getByRole('search', { name: 'Find a token' }).getByLabel('Chain').selectOption('BASE');
      const list = page.getByRole('region', { name: 'Tokens on Base' });
      const row = list.locator('tr[data-token="ALPHA"]');
      await expect(row).toBeVisible({ timeout: 30_000 });
      await expect(row.getByTestId('token-price')).toContainText('$');
      await expect(row.getByTestId('token-change')).toHaveText(/^([+-]?\d+\.\d{2}\u00a0%|–)$/);
      // Nothing viewed yet in this browser.
      await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowingElements(page)).toEqual([]);

      // Typing filters the list; the symbol opens the token's page.
      const search = page.getByRole('search', { name: 'Find a token' }).getByLabel('Symbol, name or address');
      await search.fill('alp');
      await expect(list.locator('tr[data-token]')).toHaveCount(1);
      await search.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/token/BASE/${alpha.address}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('ALPHA');

      await page.goto('/token');
      const recent = page.getByRole('region', { name: 'Recently viewed' });
      await expect(recent.getByRole('link', { name: /ALPHA/ })).toHaveAttribute('href', `/token/BASE/${alpha.address}`);
      const path = testInfo.outputPath('token-landing.png');
      await page.screenshot({ path, fullPage: true });
      await testInfo.attach('token-landing', { path, contentType: 'image/png' });
      expect(errors).toEqual([]);
    });
  });
}

test('a search that is not a token says why, on the page', async ({ page }) => {
  await page.goto('/token');
  const form = page.getByRole('search', { name: 'Find a token' });
  await form.getByLabel('Chain').selectOption('BASE');
  await form.getByLabel('Symbol, name or address').fill('NOSUCHTOKEN');
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('No known token called NOSUCHTOKEN on Base');
  await expect(page).toHaveURL(/\/token$/);
});
