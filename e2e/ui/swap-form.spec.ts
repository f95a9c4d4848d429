import { getBase58Decoder } from '@solana/kit';
import { Keypair } from '@solana/web3.js';
import { createPublicClient, formatUnits, http } from 'viem';
import { api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { connectWallet, freshWallet, localWorld, VIEWPORTS } from '../support/fresh-wallet';
import { axeViolations } from '../support/page-checks';
import { installSolanaTestWallet } from '../support/solana-test-wallet';

/**
 * The swap form's details, at a desktop width and at a phone's: Max on a native coin leaves gas, the
 * button names the approval, amount fields keep numbers only, the pair survives a reload, the settings
 * close on Escape and on a click outside, the token picker shows balances with held tokens first, and the
 * receive side shows its USD value. Each test uses a fresh wallet funded by the faucet on BASE.
 */
for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test('Max on the native coin leaves the gas reserve; a token sold first needs "Approve and swap"', async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'BASE', 'BASE');
      const balance = await createPublicClient({ transport: http(chains.BASE!.rpcUrl) }).getBalance({ address: wallet.address });
      await page.goto('/');
      const swap = page.getByRole('region', { name: 'Swap' });
      await connectWallet(page, wallet);
      await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ETH');
      await expect(swap.getByTestId('pay-balance')).toHaveText('Balance 10 ETH');

      await swap.getByRole('group', { name: 'Amount shortcuts' }).getByRole('button', { name: 'Max' }).click();
      // The whole balance less 0.01 ETH for gas, never the whole balance.
      await expect(swap.getByLabel('Amount to pay')).toHaveValue(formatUnits(balance - 10n ** 16n, 18));
      await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 30_000 });

      // Selling a token the router may not spend yet: one button, both steps named.
      await swap.getByRole('button', { name: 'Switch tokens' }).click();
      await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('USDC');
      await swap.getByLabel('Amount to pay').fill('25');
      await expect(swap.getByRole('button', { name: 'Approve and swap', exact: true })).toBeEnabled({ timeout: 30_000 });
      expect(wallet.sentTransactions).toHaveLength(0);
    });

    test('amount fields keep digits and one point; the pair survives a reload; settings close on Escape and outside', async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'BASE');
      await page.goto('/');
      const swap = page.getByRole('region', { name: 'Swap' });
      await connectWallet(page, wallet);
      await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');

      await swap.getByLabel('Amount to pay').pressSequentially('1a,5.2e-3 ');
      await expect(swap.getByLabel('Amount to pay')).toHaveValue('1.523');
      await swap.getByLabel('Amount to pay').fill('');

      await swap.getByRole('button', { name: 'Select token to receive' }).click();
      await page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: 'ALPHA Alpha Token' }).click();
      await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('ALPHA');
      await page.reload();
      await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('ALPHA');
      await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ETH');
      await expect(swap.getByLabel('Chain')).toHaveValue('BASE');

      const settingsButton = swap.getByRole('button', { name: 'Settings' });
      const settings = page.getByRole('dialog', { name: 'Swap settings' });
      await settingsButton.click();
      await expect(settings).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(settings).toBeHidden();
      await expect(settingsButton).toHaveAttribute('aria-expanded', 'false');
      await settingsButton.click();
      await expect(settings).toBeVisible();
      // A click inside keeps it open; one elsewhere on the page closes it.
      await settings.getByRole('button', { name: '1 %', exact: true }).click();
      await expect(settings).toBeVisible();
      await swap.getByText('You receive').click();
      await expect(settings).toBeHidden();
    });

    test('the token picker shows balances with held tokens first, and the receive side its USD value', async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'BASE', 'BASE');
      const listCalls: { tokens: string[] }[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        const procedures = url.pathname.replace('/api/trpc/', '').split(',');
        const index = procedures.indexOf('tokens.balances');
        if (index === -1) return;
        const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { json?: { tokens: string[] }; tokens?: string[] }>;
        const input = inputs[String(index)];
        listCalls.push({ tokens: input?.json?.tokens ?? input?.tokens ?? [] });
      });
      await page.goto('/');
      const swap = page.getByRole('region', { name: 'Swap' });
      await connectWallet(page, wallet);

      await swap.getByRole('button', { name: 'Select token to receive' }).click();
      const picker = page.getByRole('dialog', { name: 'Select a token to receive' });
      const rows = picker.getByRole('list', { name: 'Tokens' }).getByRole('listitem');
      // The faucet sent 10,000 USDC, 1,000 of each plain, tax and honeypot token and 10 ETH; no WETH.
      await expect(rows.first()).toContainText('USDC');
      await expect(rows.first().getByTestId('token-row-balance')).toHaveText('10,000');
      await expect(rows.filter({ hasText: 'ETH (native)' }).getByTestId('token-row-balance')).toHaveText('10');
      const balances = await rows.evaluateAll((items) => items.map((item) => item.querySelector('[data-testid="token-row-balance"]')?.textContent ?? ''));
      const amounts = balances.map((text) => Number(text.replace(/,/g, '')));
      const held = amounts.filter((amount) => amount > 0);
      expect(held.length).toBeGreaterThanOrEqual(5);
      // Held first, largest first; the tokens the wallet does not hold (WETH, the launchpad's) after them.
      expect(amounts.slice(0, held.length)).toEqual([...held].sort((a, b) => b - a));
      expect(amounts.slice(held.length).every((amount) => amount === 0)).toBe(true);
      const symbols = await rows.evaluateAll((items) => items.map((item) => item.querySelector('strong')?.textContent ?? ''));
      expect(symbols.indexOf('WETH')).toBeGreaterThanOrEqual(held.length);
      // The whole list came from one call (its addresses all in one input), not one call per token.
      expect(listCalls.some((input) => input.tokens.length === amounts.length)).toBe(true);
      expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
      await picker.getByRole('button', { name: 'ALPHA Alpha Token' }).click();

      await swap.getByLabel('Amount to pay').fill('0.5');
      await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('', { timeout: 30_000 });
      const payUsd = Number((await swap.getByTestId('pay-usd').textContent())!.replace(/[$,]/g, ''));
      await expect(swap.getByTestId('receive-usd')).toHaveText(/^\$[\d,]+\.\d{2}$/);
      expect(await axeViolations(page, '.token-panel')).toEqual([]);
      const receiveUsd = Number((await swap.getByTestId('receive-usd').textContent())!.replace(/[$,]/g, ''));
      // Worth a little less than what is paid: pool fees, price impact and the service fee.
      expect(receiveUsd).toBeLessThanOrEqual(payUsd);
      expect(receiveUsd).toBeGreaterThan(payUsd * 0.9);
    });

    test("on Solana the picker shows the Solana wallet's balances, held mints first", async ({ page }) => {
      const keypair = Keypair.generate();
      expect((await api.post('/api/dev/faucet', { chain: 'SOL', address: keypair.publicKey.toBase58() })).status).toBe(200);
      const wallet = await installSolanaTestWallet(page, { secretKey: getBase58Decoder().decode(keypair.secretKey) });
      await page.goto('/');
      const swap = page.getByRole('region', { name: 'Swap' });
      await swap.getByLabel('Chain').selectOption('SOL');
      await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
      await page.getByRole('dialog', { name: 'Connect a Solana wallet' }).getByRole('button', { name: 'E2E Solana Wallet' }).click();
      await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
      await page.keyboard.press('Escape');

      await swap.getByRole('button', { name: 'Select token to pay' }).click();
      const rows = page.getByRole('dialog', { name: 'Select a token to pay' }).getByRole('list', { name: 'Tokens' }).getByRole('listitem');
      // 10,000 USDC, 1,000 of each other mint, then 10 SOL.
      await expect(rows.first()).toContainText('USDC');
      await expect(rows.first().getByTestId('token-row-balance')).toHaveText('10,000');
      await expect(rows.last()).toContainText('SOL');
      await expect(rows.last().getByTestId('token-row-balance')).toHaveText('10');
    });
  });
}
