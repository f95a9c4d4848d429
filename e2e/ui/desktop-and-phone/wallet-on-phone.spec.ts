import { expect, test } from '../../support/fixtures';
import { axeViolations, collectPageErrors } from '../../support/page-checks';

/**
 * A browser with no wallet of its own (a phone's Safari or Chrome, or a desktop without an extension): the
 * connect dialogs offer to open this very page in the wallet apps' own browsers, MetaMask for the EVM chains
 * and Phantom for Solana, through the links the wallets document.
 */
test('with no wallet in the browser, the connect dialogs open this page in MetaMask or Phantom', async ({ page }) => {
  const errors = collectPageErrors(page);
  await page.goto('/');
  const pageUrl = page.url();
  const { host, pathname, search, origin } = new URL(pageUrl);

  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  const evm = page.getByRole('dialog', { name: 'Connect a wallet' });
  await expect(evm).toContainText('No browser wallet found');
  await expect(evm.getByRole('link', { name: 'Open in MetaMask' })).toHaveAttribute('href', `https://link.metamask.io/dapp/${host}${pathname}${search}`);
  expect(await axeViolations(page, 'body')).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('region', { name: 'Swap' }).getByLabel('Chain').selectOption('SOL');
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  const solana = page.getByRole('dialog', { name: 'Connect a Solana wallet' });
  await expect(solana).toContainText('No Solana wallet found');
  // The page's address now carries the chosen chain, if the form keeps it there: the link opens what is on screen.
  const solanaPage = page.url();
  await expect(solana.getByRole('link', { name: 'Open in Phantom' })).toHaveAttribute(
    'href',
    `https://phantom.app/ul/browse/${encodeURIComponent(solanaPage)}?ref=${encodeURIComponent(origin)}`,
  );
  expect(await axeViolations(page, 'body')).toEqual([]);
  expect(errors).toEqual([]);
});
