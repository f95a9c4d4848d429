import { Keypair } from '@solana/web3.js';
import { createPublicClient, http, numberToHex, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from '../support/fixtures';
import { connectWallet, freshWallet, localWorld, VIEWPORTS } from '../support/fresh-wallet';
import { axeViolations } from '../support/page-checks';
import { expectSwapRejectedInWallet } from '../support/swap-progress';

/**
 * What the pages say when something does not go through, at a desktop width and at a phone's: a bridge
 * larger than the server takes names its worth and the limit in dollars, and says what to do (never what the
 * solver holds); a
 * signature rejected in the wallet leaves no step waiting, on the swap and on the bridge; the test-funds
 * form confirms each amount with its transaction. Each test uses fresh wallets.
 */
for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test("a bridge beyond the server's limit names its worth and the limit in dollars, and what to do", async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'BSC');
      // Enough BNB for the form to ask, far beyond the largest bridge the server takes (BRIDGE_MAX_USD).
      await createPublicClient({ transport: http(chains.BSC!.rpcUrl) }).request({
        method: 'anvil_setBalance',
        params: [wallet.address, numberToHex(parseEther('10000000'))],
      } as never);
      await page.goto('/bridge');
      const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
      await connectWallet(page, wallet);
      await bridge.getByLabel('From chain').selectOption('BSC');
      await bridge.getByLabel('To chain').selectOption('AVAX');
      await bridge.getByLabel('Amount to send').fill('1000000');
      const refusal = bridge.locator('.quote-error');
      // The form shows the message beside the amount: without the field name the API puts first.
      await expect(refusal).toHaveText(
        /^This bridge is worth about \$[\d,]+; the largest bridge this server takes is \$100,000\. Bridge less, or split it into several bridges\.$/,
        { timeout: 30_000 },
      );
    });

    test('a swap signature rejected in the wallet leaves no step waiting', async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'BASE', 'BASE');
      await page.goto('/');
      const swap = page.getByRole('region', { name: 'Swap' });
      await connectWallet(page, wallet);
      await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
      await swap.getByLabel('Amount to pay').fill('0.01');
      await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 30_000 });

      wallet.rejectNext();
      await swap.getByRole('button', { name: 'Swap', exact: true }).click();
      await expectSwapRejectedInWallet(swap);
      expect(await axeViolations(page, 'section[aria-label="Swap"]')).toEqual([]);
      expect(wallet.sentTransactions).toHaveLength(0);
      expect(wallet.requests.filter((request) => request.error?.code === 4001)).toHaveLength(1);
    });

    test('a bridge deposit rejected in the wallet leaves nothing waiting and the form ready again', async ({ page }) => {
      const chains = await localWorld();
      const wallet = await freshWallet(page, chains, 'AVAX', 'AVAX');
      await page.goto('/bridge');
      const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
      await connectWallet(page, wallet);
      await bridge.getByLabel('From chain').selectOption('AVAX');
      await bridge.getByLabel('To chain').selectOption('XLAYER');
      await bridge.getByLabel('Amount to send').fill('1');
      await expect(bridge.getByRole('region', { name: 'Bridge quote' })).toBeVisible({ timeout: 30_000 });
      const action = bridge.getByRole('button', { name: 'Bridge', exact: true });
      await expect(action).toBeEnabled();

      wallet.rejectNext();
      await action.click();
      await expect(bridge.getByTestId('deposit-error')).toHaveText('You rejected the request in your wallet.');
      await expect(action).toBeEnabled();
      await expect(bridge).not.toContainText(/Waiting|Confirm the deposit in your wallet/);
      await expect(page).toHaveURL(/\/bridge$/);
      expect(wallet.sentTransactions).toHaveLength(0);
    });

    test('the test-funds form confirms each amount with its transaction on the explorer', async ({ page }) => {
      await page.goto('/status');
      const card = page.getByRole('region', { name: 'Test funds' });
      const cases = [
        {
          chain: 'BASE',
          address: privateKeyToAccount(generatePrivateKey()).address,
          chainName: 'Base',
          native: '10 ETH',
          link: /^\/tx\/BASE\/0x[0-9a-f]{64}$/,
        },
        {
          chain: 'SOL',
          address: Keypair.generate().publicKey.toBase58(),
          chainName: 'Solana',
          native: '10 SOL',
          link: /^\/tx\/SOL\/[1-9A-HJ-NP-Za-km-z]{64,88}$/,
        },
      ];
      for (const { chain, address, chainName, native, link } of cases) {
        await card.getByLabel('Chain').selectOption(chain);
        await card.getByLabel('Wallet address').fill(address);
        await card.getByRole('button', { name: 'Get test funds' }).click();
        const confirmation = card.getByRole('status');
        await expect(confirmation).toContainText(`Sent to ${address.slice(0, 6)}…${address.slice(-4)} on ${chainName}`);
        const sent = card.getByRole('list', { name: 'Funds sent' });
        await expect(sent.getByRole('listitem').first()).toContainText(native);
        await expect(sent).toContainText(/10,000 USDC/);
        const items = await sent.getByRole('listitem').count();
        expect(items).toBeGreaterThanOrEqual(4);
        // Every amount with a link to the transaction that sent it.
        const links = sent.getByRole('link', { name: /transaction on the explorer$/ });
        await expect(links).toHaveCount(items);
        for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))) expect(href).toMatch(link);
        expect(await axeViolations(page, 'section[aria-label="Test funds"]')).toEqual([]);
      }
    });
  });
}
