import type { Page } from '@playwright/test';
import { createPublicClient, erc20Abi, http, parseEther, verifyMessage, type Address, type Hex } from 'viem';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { installTestWallet, type TestWallet } from '../support/test-wallet';
import { snapshot } from '../support/page-checks';

/**
 * The swap page with a MetaMask-like wallet: buy a token with the native coin, sell all of it back, and
 * check on chain what moved. Account 17 of BASE is this spec's alone.
 */
const ACCOUNT_INDEX = 17;

/** The world as the server under test sees it (also when BASE_URL points at a server started elsewhere). */
async function world() {
  const chains = await localWorld();
  const base = chains.BASE;
  const eth = chains.ETH;
  if (!base || !eth) throw new Error('the local world has no BASE or ETH chain');
  const account = base.accounts[ACCOUNT_INDEX];
  if (!account?.privateKey) throw new Error(`BASE has no account ${ACCOUNT_INDEX} with a key`);
  const alpha = base.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('BASE has no ALPHA token');
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  return { base, eth, account, alpha, evmChains };
}

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to the report. */

async function connect(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
}

test('the test wallet speaks EIP-1193 and EIP-6963 the way MetaMask does', async ({ page }) => {
  const { base, eth, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: eth.chainId });
  await page.goto('/status');

  const seen = await page.evaluate(
    async ({ baseChainId }) => {
      type Provider = { request(args: { method: string; params?: unknown[] }): Promise<unknown>; on(event: string, listener: (data: unknown) => void): void };
      const announced: { name: string; rdns: string; provider: Provider }[] = [];
      window.addEventListener('eip6963:announceProvider', (event) => {
        const detail = (event as CustomEvent).detail as { info: { name: string; rdns: string }; provider: Provider };
        announced.push({ ...detail.info, provider: detail.provider });
      });
      window.dispatchEvent(new Event('eip6963:requestProvider'));
      // A wallet answers a request at once. The page's own wallet library asks too, whenever it starts, and
      // each of its requests is answered again; only the answers to this request are counted.
      const answeredNow = announced.map(({ name, rdns }) => ({ name, rdns }));
      const provider = announced[0]!.provider;
      const events: [string, unknown][] = [];
      provider.on('accountsChanged', (data) => events.push(['accountsChanged', data]));
      provider.on('chainChanged', (data) => events.push(['chainChanged', data]));
      const refusal = async (method: string, params: unknown[]) => {
        try {
          await provider.request({ method, params });
          return 'accepted';
        } catch (error) {
          return (error as { code?: number }).code;
        }
      };
      const before = await provider.request({ method: 'eth_accounts' });
      const sendBeforeConnect = await refusal('eth_sendTransaction', [{ to: '0x0000000000000000000000000000000000000001' }]);
      const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[];
      const chainBefore = await provider.request({ method: 'eth_chainId' });
      const unknownChain = await refusal('wallet_switchEthereumChain', [{ chainId: '0x7a69a' }]);
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${baseChainId.toString(16)}` }] });
      const chainAfter = await provider.request({ method: 'eth_chainId' });
      const signTransaction = await refusal('eth_signTransaction', [{ from: accounts[0], to: accounts[0] }]);
      const signature = await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', accounts[0]] });
      const blockNumber = await provider.request({ method: 'eth_blockNumber' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return {
        announced: answeredNow,
        isWindowEthereum: (window as unknown as { ethereum?: unknown }).ethereum === provider,
        before,
        sendBeforeConnect,
        accounts,
        chainBefore,
        unknownChain,
        chainAfter,
        signTransaction,
        signature,
        blockNumber,
        events,
      };
    },
    { baseChainId: base.chainId },
  );

  expect(seen.announced).toEqual([{ name: 'E2E Wallet', rdns: 'dev.swapbridge.e2e-wallet' }]);
  expect(seen.isWindowEthereum).toBe(true);
  expect(seen.before).toEqual([]);
  expect(seen.sendBeforeConnect).toBe(4100);
  expect(seen.accounts).toEqual([wallet.address.toLowerCase()]);
  expect(seen.chainBefore).toBe(`0x${eth.chainId.toString(16)}`);
  expect(seen.unknownChain).toBe(4902);
  expect(seen.chainAfter).toBe(`0x${base.chainId.toString(16)}`);
  expect(seen.signTransaction).toBe(4200);
  expect(await verifyMessage({ address: wallet.address, message: 'hello', signature: seen.signature as Hex })).toBe(true);
  expect(BigInt(seen.blockNumber as string)).toBeGreaterThan(0n);
  expect(seen.events).toEqual([
    ['accountsChanged', [wallet.address.toLowerCase()]],
    ['chainChanged', `0x${base.chainId.toString(16)}`],
  ]);
  // The key stayed in this process: nothing in the page knows it.
  expect(await page.content()).not.toContain(account.privateKey!.slice(2));
});

test('buy a token and sell it back on the swap page through the wallet', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const { base, eth, account, alpha, evmChains } = await world();
  const trader = account.address as Address;
  const client = createPublicClient({ transport: http(base.rpcUrl) });
  const nativeBalance = () => client.getBalance({ address: trader });
  const alphaBalance = () => client.readContract({ address: alpha.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [trader] });

  // The wallet starts on another chain, so the page has to ask it to switch.
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: eth.chainId });
  // Script errors and console errors (React reports hydration mismatches there) both fail the test.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });

  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByRole('heading', { name: 'Swap' })).toBeVisible();
  await connect(page, wallet);
  await expect(swap.getByLabel('Chain')).toHaveValue('BASE');

  // ---- buy: 0.5 ETH into ALPHA, ALPHA picked by pasting its address
  const ethBefore = await nativeBalance();
  const alphaBefore = await alphaBalance();
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  const picker = page.getByRole('dialog', { name: 'Select a token to receive' });
  await picker.getByLabel('Search tokens').fill(alpha.address);
  await picker.getByRole('button', { name: 'ALPHA Alpha Token' }).click();
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('ALPHA');
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ETH');
  await expect(swap.getByTestId('pay-balance')).toContainText('ETH');
  await expect(swap.getByTestId('receive-balance')).toHaveText(/Balance [\d,.]+ ALPHA/);

  await swap.getByLabel('Amount to pay').fill('0.5');
  const details = swap.getByRole('region', { name: 'Quote details' });
  await expect(details).toBeVisible();
  await expect(details.getByTestId('quote-countdown')).toHaveText(/New quote in \d+s/);
  await expect(details).toContainText('Protocol fee');
  await expect(details).toContainText('Network cost');
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('');
  // The route reads as legs: each with its share, its tokens and its pools by venue and fee tier.
  const legs = details.getByTestId('route-leg');
  await expect(legs.first()).toHaveText(/^\d+(\.\d+)?\u00a0% \S+ → (\S+ → )*ALPHA (Uniswap V[234]|PancakeSwap V3) [\d.]+\u00a0%/);

  await swap.getByRole('button', { name: 'Switch to Base' }).click();
  await expect.poll(() => wallet.chainId).toBe(base.chainId);
  await expect(page.getByTestId('wallet-address').locator('..')).toContainText('Base');
  await snapshot(page, testInfo, 'buy-quote');

  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  const progress = swap.getByRole('list', { name: 'Swap progress' });
  await expect(progress.locator('[data-step="approve"]')).toHaveAttribute('data-status', 'skipped');
  const buyResult = swap.getByRole('region', { name: 'Swap result' });
  await expect(buyResult).toBeVisible({ timeout: 60_000 });
  await expect(progress.locator('[data-step="swap"]')).toHaveAttribute('data-status', 'done');
  await expect(progress.locator('[data-step="confirmed"]')).toHaveAttribute('data-status', 'done');
  await expect(progress.getByRole('link', { name: 'Swap transaction on the explorer' })).toHaveAttribute('href', /^\/tx\/BASE\/0x[0-9a-f]{64}$/);
  await expect(buyResult.getByTestId('result-spent')).toHaveText('0.5 ETH');
  await expect(buyResult.getByTestId('result-received')).toContainText('ALPHA');
  await snapshot(page, testInfo, 'buy-result');

  const ethAfterBuy = await nativeBalance();
  const alphaAfterBuy = await alphaBalance();
  expect(alphaAfterBuy).toBeGreaterThan(alphaBefore);
  // 0.5 ETH went in, plus gas.
  expect(ethBefore - ethAfterBuy).toBeGreaterThanOrEqual(parseEther('0.5'));
  expect(ethBefore - ethAfterBuy).toBeLessThan(parseEther('0.51'));
  const received = (await buyResult.getByTestId('result-received').textContent())!.replace(/[^\d.]/g, '');
  expect(Number(received)).toBeCloseTo(Number(alphaAfterBuy - alphaBefore) / 1e18, 3);

  // ---- sell: all of it back, through the 100 % chip (the server resolves the share of the balance)
  await swap.getByRole('button', { name: 'Switch tokens' }).click();
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ALPHA');
  await expect(swap.getByTestId('pay-balance')).toHaveText(/Balance [1-9][\d,.]* ALPHA/);
  await swap.getByRole('group', { name: 'Amount shortcuts' }).getByRole('button', { name: '100 %' }).click();
  await expect(details).toBeVisible();
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('');
  await snapshot(page, testInfo, 'sell-quote');

  // The sell needs the token approved first: the button says both steps.
  await swap.getByRole('button', { name: 'Approve and swap', exact: true }).click();
  const sellResult = swap.getByRole('region', { name: 'Swap result' });
  await expect(sellResult).toBeVisible({ timeout: 90_000 });
  await expect(progress.locator('[data-step="approve"]')).toHaveAttribute('data-status', 'done');
  // The approve step names what it allowed: the whole sale, to the Router.
  await expect(
    progress.getByRole('link', { name: /^Approve exactly [\d,.]+ ALPHA for the Router 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} transaction on the explorer$/ }),
  ).toBeVisible();
  await expect(sellResult.getByTestId('result-spent')).toContainText('ALPHA');
  await expect(sellResult.getByTestId('result-received')).toContainText('ETH');
  await snapshot(page, testInfo, 'sell-result');

  expect(await alphaBalance()).toBe(alphaBefore);
  const ethAfterSell = await nativeBalance();
  expect(ethAfterSell).toBeGreaterThan(ethAfterBuy);
  // The round trip lost pool fees, service fees and gas, nothing like the amount traded.
  expect(ethBefore - ethAfterSell).toBeLessThan(parseEther('0.02'));
  const allowance = await client.readContract({
    address: alpha.address as Address,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [trader, base.routerAddress as Address],
  });
  // An exact approval: the Router took all it was allowed, and may take nothing more.
  expect(allowance).toBe(0n);

  // The wallet broadcast everything itself: approve, buy, sell; nothing asked it to sign without sending.
  expect(wallet.sentTransactions).toHaveLength(3);
  expect(wallet.requests.filter((request) => request.method === 'eth_sendTransaction')).toHaveLength(3);
  expect(wallet.requests.some((request) => request.method === 'eth_signTransaction')).toBe(false);

  // ---- history: both trades, recorded by the server, still there after a reload
  const history = page.getByRole('region', { name: 'Trade history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await page.reload();
  await expect(page.getByTestId('wallet-address')).toBeVisible();
  await expect(history.locator('tbody tr[data-status="SUCCESS"]')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('ALPHA');
  await snapshot(page, testInfo, 'history-after-reload');
  expect(pageErrors).toEqual([]);
});

test('refused quotes show the reason, and a price impact above 10 % needs the typed word', async ({ page }, testInfo) => {
  const { base, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: base.chainId });
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await connect(page, wallet);

  // Half of a balance of nothing: the server refuses with a reason a person can act on.
  await swap.getByRole('button', { name: 'Select token to pay' }).click();
  await page.getByRole('dialog', { name: 'Select a token to pay' }).getByRole('button', { name: 'HONEY Honeypot Token' }).click();
  await swap.getByRole('group', { name: 'Amount shortcuts' }).getByRole('button', { name: '50 %' }).click();
  const refusal = swap.locator('.quote-error');
  await expect(refusal).toContainText('is nothing to trade');
  await expect(swap.getByRole('button', { name: 'Quote unavailable' })).toBeDisabled();
  await expect(swap).not.toContainText(/at \w+ \(|\.ts:\d+|TRPCClientError|INTERNAL/);

  // 5,000 ETH against pools a few thousand ETH deep.
  await swap.getByRole('button', { name: 'Select token to pay' }).click();
  await page.getByRole('dialog', { name: 'Select a token to pay' }).getByRole('button', { name: 'ETH ETH (native)' }).click();
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  await page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: 'ALPHA Alpha Token' }).click();
  await swap.getByLabel('Amount to pay').fill('5000');
  const notice = swap.locator('.impact-notice');
  await expect(notice).toHaveAttribute('data-level', 'blocking', { timeout: 30_000 });
  await expect(swap.getByRole('button', { name: 'Type "confirm" to swap' })).toBeDisabled();
  await notice.getByRole('textbox').fill('confirm');
  await expect(swap.getByRole('button', { name: 'Swap anyway' })).toBeEnabled();
  await snapshot(page, testInfo, 'price-impact');
  expect(wallet.sentTransactions).toHaveLength(0);
});

test('the quote counts down and replaces itself when it runs out', async ({ page }) => {
  const { base, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey as Hex, chains: evmChains, chainId: base.chainId });
  await page.clock.install();
  const quoteRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/trpc/') && url.pathname.includes('v2.quote')) quoteRequests.push(request.url());
  });
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  await swap.getByLabel('Amount to pay').fill('0.01');
  // Before a wallet connects the quote is a price only; connecting asks for the wallet's own.
  await expect(swap.getByTestId('price-only-hint')).toBeVisible();
  await connect(page, wallet);
  await expect(swap.getByTestId('price-only-hint')).toHaveCount(0);
  const countdown = swap.getByTestId('quote-countdown');
  await expect(countdown).toHaveText(/New quote in \d+s/);
  const secondsShown = async () => Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1]);
  const first = await secondsShown();
  expect(first).toBeGreaterThan(20);
  expect(first).toBeLessThanOrEqual(30);

  await page.clock.fastForward(5_000);
  await expect.poll(secondsShown).toBeLessThan(first);
  const asked = quoteRequests.length;
  await page.clock.fastForward(30_000);
  await expect.poll(() => quoteRequests.length).toBeGreaterThan(asked);
  await expect(countdown).toHaveText(/New quote in \d+s/);
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('');
});
