import type { Page } from '@playwright/test';
import { createPublicClient, formatUnits, getAddress, http, parseUnits } from 'viem';
import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe as describeResponse } from '../support/api';
import { expect, test } from '../support/fixtures';
import { connectWallet, freshWallet, localWorld } from '../support/fresh-wallet';
import { collectPageErrors, overflowingElements, axeViolations, snapshot } from '../support/page-checks';
import type { BridgeDetails } from '../support/bridge-details';

/**
 * Bridging a token on the bridge page with a MetaMask-like wallet: USDC from Base to Arbitrum, picked in
 * both token pickers, approved in its own step before the deposit, followed on the tracker to the fill;
 * then on chain the recipient holds exactly the quoted amount more. A refused approval leaves nothing
 * waiting. Each test funds a fresh wallet, so no other suite moves its balances.
 */
const SOURCE = 'BASE';
const DESTINATION = 'ARB';
const AMOUNT = '250';

function usdcOf(chain: ManifestChain | undefined, id: string) {
  const usdc = chain?.tokens.find((token) => token.symbol === 'USDC');
  if (!chain || !usdc) throw new Error(`the local world has no USDC on ${id}`);
  return { chain, address: getAddress(usdc.address), decimals: usdc.decimals };
}

/** The wallet's balance of a token on one chain, as the REST interface reads it. */
async function tokenBalance(wallet: string, chain: string, token: string): Promise<bigint> {
  const answer = await api.get<{ balances: { chain: string; balance: string }[] }>('/api/v1/balance', { wallet, token, chains: JSON.stringify([chain]) });
  expect(answer.status, describeResponse(answer)).toBe(200);
  const entry = answer.json.balances.find((balance) => balance.chain === chain);
  if (!entry) throw new Error(`no ${chain} balance in ${answer.text}`);
  return BigInt(entry.balance);
}

/**
 * Records every state the form's deposit steps pass through: the approval's receipt can come within a
 * few milliseconds on the local chains, too quickly to catch by polling the page. The tracker opens by a
 * client-side navigation, so the record survives it.
 */
async function recordDepositProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { depositProgress: string[] }).depositProgress = seen;
    new MutationObserver(() => {
      const list = document.querySelector('ol[aria-label="Deposit progress"]');
      if (!list) return;
      const state = [...list.querySelectorAll('li')]
        .map((item) => `${(item as HTMLElement).dataset.step}:${(item as HTMLElement).dataset.status} ${item.querySelector('strong')?.textContent ?? ''}`)
        .join(', ');
      if (seen.at(-1) !== state) seen.push(state);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** Picks a token on each side and types the amount, up to a quote that asks for the approval. */
async function quoteTokens(page: Page, symbolIn: string, symbolOut: string, amount: string) {
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await bridge.getByLabel('From chain').selectOption(SOURCE);
  await bridge.getByLabel('To chain').selectOption(DESTINATION);
  // Both sides start on the native coin.
  await expect(bridge.getByRole('button', { name: 'Select token to send' })).toHaveText(/ETH/);
  await expect(bridge.getByRole('button', { name: 'Select token to receive' })).toHaveText(/ETH/);

  await bridge.getByRole('button', { name: 'Select token to send' }).click();
  const sendPicker = page.getByRole('dialog', { name: 'Select a token to send' });
  // The wallet holds the faucet's tokens and ETH on Base: held tokens come first, each with its balance.
  await expect(sendPicker.getByTestId('token-row-balance').first()).toBeVisible();
  await sendPicker.getByRole('button', { name: new RegExp(`^${symbolIn} `) }).click();
  await expect(sendPicker).toHaveCount(0);
  await expect(bridge.getByTestId('send-balance')).toHaveText(new RegExp(`^Balance [\\d,.]+ ${symbolIn}$`));

  await bridge.getByRole('button', { name: 'Select token to receive' }).click();
  const receivePicker = page.getByRole('dialog', { name: 'Select a token to receive' });
  await receivePicker.getByRole('button', { name: new RegExp(`^${symbolOut} `) }).click();
  await expect(receivePicker).toHaveCount(0);
  await expect(bridge.getByRole('button', { name: 'Select token to receive' })).toHaveText(new RegExp(symbolOut));

  await bridge.getByLabel('Amount to send').fill(amount);
  const quote = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(quote).toBeVisible({ timeout: 30_000 });
  await expect(quote.getByTestId('quote-amount-in')).toContainText(`${amount} ${symbolIn}`);
  await expect(quote.getByTestId('quote-amount-out')).toContainText(new RegExp(`[\\d,.]+ ${symbolOut}`));
  // The fee is a share of what is sent.
  await expect(quote.getByTestId('quote-fee')).toContainText(symbolIn);
  await expect(bridge.getByLabel('Amount to receive')).not.toHaveValue('');
  const action = bridge.getByRole('button', { name: 'Approve and bridge' });
  await expect(action).toBeEnabled();
  return { bridge, quote, action, route: quote.getByRole('list', { name: 'Route' }) };
}

test('bridge USDC from Base to Arbitrum: approve, deposit, and the recipient gets exactly the quote', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const chains = await localWorld();
  const usdcIn = usdcOf(chains[SOURCE], SOURCE);
  const usdcOut = usdcOf(chains[DESTINATION], DESTINATION);
  const wallet = await freshWallet(page, chains, SOURCE, SOURCE);
  const sourceClient = createPublicClient({ transport: http(usdcIn.chain.rpcUrl) });
  const received0 = await tokenBalance(wallet.address, DESTINATION, usdcOut.address);
  const sent0 = await tokenBalance(wallet.address, SOURCE, usdcIn.address);
  const pageErrors = collectPageErrors(page);

  await page.goto('/bridge');
  await connectWallet(page, wallet);
  const { bridge, action, route } = await quoteTokens(page, 'USDC', 'USDC', AMOUNT);
  // The stable crosses as it is: one leg, the bridge.
  await expect(route.getByRole('listitem')).toHaveCount(1);
  await expect(route.getByRole('listitem')).toHaveText(new RegExp(`^Bridge ${AMOUNT} USDC Base → Arbitrum One[\\d,.]+ USDC arrives on Arbitrum One$`));
  await expect(bridge.getByLabel('Recipient address')).toHaveValue(wallet.address);
  await snapshot(page, testInfo, 'bridge-token-quote');

  await recordDepositProgress(page);
  await action.click();
  await page.waitForURL(/\/bridge\/[^/?]+\?tx=0x[0-9a-f]{64}$/, { timeout: 60_000 });
  // Two steps: the approval waited for its receipt before the wallet was asked for the deposit.
  const seen = await page.evaluate(() => (window as unknown as { depositProgress: string[] }).depositProgress);
  // The approval names what it allows: exactly the deposit, to the Depository.
  const approve = new RegExp(
    `^approve:(active|done) Approve exactly ${AMOUNT} USDC for the Depository 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}, deposit:(waiting|active) Deposit$`,
  );
  const first = seen.findIndex((entry) => approve.test(entry) && entry.startsWith('approve:active') && entry.endsWith('deposit:waiting Deposit'));
  const then = seen.findIndex((entry) => approve.test(entry) && entry.startsWith('approve:done') && entry.endsWith('deposit:active Deposit'));
  expect(first, seen.join('\n')).toBeGreaterThanOrEqual(0);
  expect(then, seen.join('\n')).toBeGreaterThan(first);
  const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  const tracker = page.getByRole('region', { name: 'Bridge tracker' });
  await expect(tracker.getByRole('heading', { name: 'Base → Arbitrum One' })).toBeVisible();
  await expect(tracker).toHaveAttribute('data-status', 'success', { timeout: 90_000 });
  await expect(tracker.getByTestId('bridge-headline')).toHaveText('Complete');
  const steps = tracker.getByRole('list', { name: 'Bridge progress' });
  // Every leg the request went through is done, each sent one with its transaction's page (the local world's).
  await expect(steps.locator('li:not([data-status="done"])')).toHaveCount(0);
  await expect(steps.getByRole('link', { name: `Deposit ${AMOUNT} USDC on Base transaction on the explorer` })).toHaveAttribute(
    'href',
    /^\/tx\/BASE\/0x[0-9a-f]{64}$/,
  );
  await expect(steps.getByRole('link', { name: `Bridge ${AMOUNT} USDC Base → Arbitrum One transaction on the explorer` })).toHaveAttribute(
    'href',
    /^\/tx\/ARB\/0x[0-9a-f]{64}$/,
  );

  const status = await api.get<{ status: string; details: BridgeDetails }>(`/api/v1/bridge/status/${encodeURIComponent(requestId)}`);
  expect(status.status, describeResponse(status)).toBe(200);
  const { details } = status.json;
  expect(status.json.status).toBe('success');
  expect(details.tokenIn && getAddress(details.tokenIn)).toBe(usdcIn.address);
  expect(details.tokenOut && getAddress(details.tokenOut)).toBe(usdcOut.address);
  expect([details.symbolIn, details.symbolOut]).toEqual(['USDC', 'USDC']);
  expect(details.amountIn).toBe(parseUnits(AMOUNT, usdcIn.decimals).toString());
  for (const leg of details.legs ?? []) expect(leg.status, `${leg.kind} leg`).toBe('success');
  const kinds = (details.legs ?? []).map((leg) => leg.kind);
  expect(kinds).toContain('deposit');
  expect(kinds).toContain('fill');
  for (const leg of (details.legs ?? []).filter((candidate) => candidate.txHash)) {
    await expect(steps.locator(`a[href$="${leg.txHash}"]`).first()).toBeVisible();
  }

  // On chain: the recipient holds exactly the quoted USDC more, and the wallet paid exactly the amount sent.
  const received = (await tokenBalance(wallet.address, DESTINATION, usdcOut.address)) - received0;
  expect(received).toBe(BigInt(details.amountOut));
  expect(details.paidAmount).toBe(details.amountOut);
  expect(sent0 - (await tokenBalance(wallet.address, SOURCE, usdcIn.address))).toBe(parseUnits(AMOUNT, usdcIn.decimals));

  // The wallet sent the approval of USDC, then the deposit to the depository, and signed nothing unsent.
  expect(wallet.sentTransactions).toHaveLength(2);
  const [approval, deposit] = await Promise.all(wallet.sentTransactions.map((hash) => sourceClient.getTransaction({ hash: hash })));
  expect(getAddress(approval!.to!)).toBe(usdcIn.address);
  expect(approval!.input.slice(0, 10)).toBe('0x095ea7b3');
  expect(deposit!.nonce).toBe(approval!.nonce + 1);
  expect(details.depositTxHash?.toLowerCase()).toBe(deposit!.hash.toLowerCase());
  expect(wallet.requests.some((request) => request.method === 'eth_signTransaction')).toBe(false);

  // The tracker writes every amount in USDC, to the last decimal.
  await expect(tracker.getByTestId('sent-amount')).toHaveAttribute('title', `${AMOUNT} USDC`);
  await expect(tracker.getByTestId('quoted-amount')).toHaveAttribute('title', `${formatUnits(BigInt(details.amountOut), usdcOut.decimals)} USDC`);
  await expect(tracker.getByTestId('paid-amount')).toHaveAttribute('title', `${formatUnits(received, usdcOut.decimals)} USDC`);
  await snapshot(page, testInfo, 'bridge-token-success');

  // The history lists it in USDC on both sides.
  await tracker.getByRole('link', { name: 'New bridge' }).click();
  const row = page.getByRole('region', { name: 'Bridge history' }).locator(`tr[data-request-id="${requestId}"]`);
  await expect(row).toHaveAttribute('data-state', 'success');
  await expect(row).toContainText(`${AMOUNT} USDC`);
  await expect(row.locator('td').nth(3)).toContainText('USDC');
  expect(pageErrors).toEqual([]);
});

test('an approval refused in the wallet leaves nothing waiting and the form ready again', async ({ page }) => {
  test.setTimeout(90_000);
  const chains = await localWorld();
  const wallet = await freshWallet(page, chains, SOURCE, SOURCE);
  const pageErrors = collectPageErrors(page);
  await page.goto('/bridge');
  await connectWallet(page, wallet);
  const { bridge, action } = await quoteTokens(page, 'USDC', 'USDC', AMOUNT);

  wallet.rejectNext();
  await action.click();
  await expect(bridge.getByTestId('deposit-error')).toHaveText('You rejected the request in your wallet.');
  await expect(action).toBeEnabled();
  await expect(bridge.getByRole('list', { name: 'Deposit progress' })).toHaveCount(0);
  await expect(bridge).not.toContainText(/Waiting for the approval|Confirm the (approval|deposit) in your wallet/);
  await expect(page).toHaveURL(/\/bridge$/);
  expect(wallet.sentTransactions).toHaveLength(0);
  expect(wallet.requests.filter((request) => request.error?.code === 4001)).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});

test('a token swapped on both chains shows each leg with its venue, in the quote and on the tracker', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const chains = await localWorld();
  const wallet = await freshWallet(page, chains, SOURCE, SOURCE);
  const pageErrors = collectPageErrors(page);
  await page.goto('/bridge');
  await connectWallet(page, wallet);
  const { quote, action, route } = await quoteTokens(page, 'ALPHA', 'BETA', '100');
  // ALPHA is swapped on Base's pools, the bridge carries ETH, and Arbitrum's pools buy BETA with it.
  const venue = 'Uniswap V[234]( \\+ Uniswap V[234])*';
  const sourceSwapText = new RegExp(`^Swap 100 ALPHA → [\\d,.]+ ETH on Base · ${venue}$`);
  const destinationSwapText = new RegExp(`^Swap [\\d,.]+ ETH → [\\d,.]+ BETA on Arbitrum One · ${venue}$`);
  const legs = route.getByRole('listitem');
  await expect(legs).toHaveCount(3);
  await expect(legs.nth(0)).toHaveText(sourceSwapText);
  await expect(legs.nth(1)).toHaveText(/^Bridge [\d,.]+ ETH Base → Arbitrum One[\d,.]+ ETH arrives on Arbitrum One$/);
  await expect(legs.nth(2)).toHaveText(destinationSwapText);
  await expect(quote.getByTestId('route-summary')).toHaveText('Route: Swap ALPHA → ETH on Base, bridge ETH to Arbitrum One, swap ETH → BETA on Arbitrum One');
  // A destination swap that can no longer pay the minimum returns the deposit: the quote says so.
  await expect(quote.getByTestId('quote-swap-fallback')).toHaveText('The deposit is returned on Base');
  await snapshot(page, testInfo, 'bridge-token-route');

  await action.click();
  await page.waitForURL(/\/bridge\/[^/?]+\?tx=0x[0-9a-f]{64}$/, { timeout: 60_000 });
  const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const tracker = page.getByRole('region', { name: 'Bridge tracker' });
  await expect(tracker).toHaveAttribute('data-status', 'success', { timeout: 90_000 });
  await expect(tracker.getByTestId('route-summary')).toHaveText('Swap ALPHA → ETH on Base, bridge ETH to Arbitrum One, swap ETH → BETA on Arbitrum One');

  // One step a leg, each done, in the route's words (its venues too), each with its transaction.
  const steps = tracker.getByRole('list', { name: 'Bridge progress' });
  await expect(steps.getByRole('listitem')).toHaveCount(3);
  await expect(steps.locator('li:not([data-status="done"])')).toHaveCount(0);
  const status = await api.get<{ details: BridgeDetails }>(`/api/v1/bridge/status/${encodeURIComponent(requestId)}`);
  expect(status.status, describeResponse(status)).toBe(200);
  const { depositTxHash, fillTxHash } = status.json.details;
  expect(depositTxHash && fillTxHash).toBeTruthy();
  const sourceSwap = steps.locator('[data-step="swap-0"]');
  const bridgeLeg = steps.locator('[data-step="bridge"]');
  const destinationSwap = steps.locator('[data-step="swap-2"]');
  await expect(sourceSwap.locator('strong')).toHaveText(sourceSwapText);
  await expect(bridgeLeg.locator('strong')).toHaveText(/^Bridge [\d,.]+ ETH Base → Arbitrum One$/);
  await expect(destinationSwap.locator('strong')).toHaveText(destinationSwapText);
  // The source swap is made by the deposit, the destination swap by the fill.
  await expect(sourceSwap.getByRole('link')).toHaveAttribute('href', `/tx/BASE/${depositTxHash}`);
  await expect(bridgeLeg.getByRole('link')).toHaveAttribute('href', `/tx/BASE/${depositTxHash}`);
  await expect(destinationSwap.getByRole('link')).toHaveAttribute('href', `/tx/ARB/${fillTxHash}`);
  await expect(destinationSwap.getByRole('link')).toHaveAccessibleName(`${await destinationSwap.locator('strong').textContent()} transaction on the explorer`);
  // What reached the solver is the ETH the source swap made, counted as ETH.
  await expect(tracker.getByTestId('deposited-amount')).toHaveText(/^[\d,.]+ ETH$/);
  expect(await axeViolations(page, 'section[aria-label="Bridge tracker"]')).toEqual([]);
  await snapshot(page, testInfo, 'bridge-token-route-tracker');

  // On a phone the longest step still wraps inside the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(destinationSwap).toBeVisible();
  expect(await overflowingElements(page)).toEqual([]);
  expect(pageErrors).toEqual([]);
});
