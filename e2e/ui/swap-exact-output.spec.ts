import { createPublicClient, erc20Abi, http, type Address, type Hex } from 'viem';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { installTestWallet } from '../support/test-wallet';

/**
 * Exact output on the swap page: the amount typed in the receive field is quoted by exact output, the pay
 * field shows the quoted input, the details show the most the trade may send, and the chain delivers exactly
 * the typed amount. Account 14 of BASE is this spec's alone.
 */
const ACCOUNT_INDEX = 14;

test('typing the amount to receive quotes by exact output, shows the maximum sent, and delivers exactly that much', async ({ page }) => {
  test.setTimeout(180_000);
  const chains = await localWorld();
  const base = chains.BASE!;
  const account = base.accounts[ACCOUNT_INDEX]!;
  const usdc = base.tokens.find((token) => token.symbol === 'USDC')!;
  const client = createPublicClient({ transport: http(base.rpcUrl) });
  const usdcBalance = () =>
    client.readContract({ address: usdc.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account.address as Address] });
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: base.chainId });

  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ETH');
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');

  // Letters never reach the field.
  await swap.getByLabel('Amount to receive').pressSequentially('2a5');
  await expect(swap.getByLabel('Amount to receive')).toHaveValue('25');
  await expect(swap.getByLabel('Amount to pay')).toHaveValue(/^0\.0\d+$/, { timeout: 30_000 });
  await expect(swap.getByLabel('Amount to receive')).toHaveValue('25');

  // The output is exact: what the slippage bounds is the input, shown as the most the trade may send.
  const details = page.getByRole('region', { name: 'Quote details' });
  await expect(details.getByText('Maximum sent')).toBeVisible();
  await expect(details.getByText('Minimum received')).toHaveCount(0);
  const paid = Number(await swap.getByLabel('Amount to pay').inputValue());
  const maximum = Number((await details.getByTestId('maximum-sent').innerText()).replace(/[^0-9.]/g, ''));
  expect(maximum).toBeGreaterThan(paid);
  expect(maximum).toBeLessThan(paid * 1.02);

  const before = await usdcBalance();
  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(swap.getByRole('region', { name: 'Swap result' })).toBeVisible({ timeout: 60_000 });
  expect((await usdcBalance()) - before).toBe(25_000_000n);
});
