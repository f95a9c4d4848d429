import type { Page } from '@playwright/test';
import { createPublicClient, formatUnits, http, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { api, describe as describeResponse, type Failure } from '../support/api';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { installSolanaTestWallet } from '../support/solana-test-wallet';
import { installTestWallet, type TestWallet } from '../support/test-wallet';
import { collectPageErrors, axeViolations, snapshot } from '../support/page-checks';
import type { BridgeDetails } from '../support/bridge-details';

/**
 * The bridge page and its tracker with a MetaMask-like wallet: bridge from AVAX to X Layer (a pair no
 * other suite trades on), follow the tracker to the fill, and check on chain that the recipient got exactly
 * what was quoted; then from Solana with a Phantom-like wallet. Account 11 of the EVM chains and of SOL is
 * this spec's alone.
 */
const ACCOUNT_INDEX = 11;
const SOURCE = 'AVAX';
const DESTINATION = 'XLAYER';

/** The world as the server under test sees it (also when BASE_URL points at a server started elsewhere). */
async function world() {
  const chains = await localWorld();
  const source = chains[SOURCE];
  const destination = chains[DESTINATION];
  const base = chains.BASE;
  const sol = chains.SOL;
  if (!source || !destination || !base || !sol) throw new Error(`the local world has no ${SOURCE}, ${DESTINATION}, BASE or SOL chain`);
  const account = source.accounts[ACCOUNT_INDEX];
  if (!account?.privateKey) throw new Error(`${SOURCE} has no account ${ACCOUNT_INDEX} with a key`);
  const solAccount = sol.accounts[ACCOUNT_INDEX];
  if (!solAccount?.secretKey) throw new Error(`SOL has no account ${ACCOUNT_INDEX} with a secret key`);
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  return {
    source,
    destination,
    base,
    sol,
    evmChains,
    account: { address: account.address as Address, privateKey: account.privateKey as Hex },
    solAccount: { address: solAccount.address, secretKey: solAccount.secretKey },
  };
}

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to the report. */

/** A fresh EVM wallet (the recipient: nothing else moves its balance) beside this spec's Solana account, both installed. */
async function walletsFromSolana(
  page: Page,
  { source, solAccount, evmChains }: Pick<Awaited<ReturnType<typeof world>>, 'source' | 'solAccount' | 'evmChains'>,
) {
  const evmKey = generatePrivateKey();
  const evmWallet = await installTestWallet(page, { privateKey: evmKey, chains: evmChains, chainId: source.chainId });
  const solanaWallet = await installSolanaTestWallet(page, { secretKey: solAccount.secretKey });
  return { recipient: privateKeyToAccount(evmKey).address, evmWallet, solanaWallet };
}

/** The bridge page with the EVM wallet connected, from SOL to this spec's EVM chain. */
async function openBridgeFromSolana(page: Page, evmWallet: TestWallet) {
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await connect(page, evmWallet);
  await bridge.getByLabel('From chain').selectOption('SOL');
  await bridge.getByLabel('To chain').selectOption(SOURCE);
  return bridge;
}

async function connect(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  // The header opens its account menu once connected; it would cover the page in screenshots.
  await page.keyboard.press('Escape');
}

test('bridge AVAX to X Layer through the wallet and follow the tracker to the fill', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const { source, destination, base, account, evmChains } = await world();
  const sourceClient = createPublicClient({ transport: http(source.rpcUrl) });
  const destinationClient = createPublicClient({ transport: http(destination.rpcUrl) });
  const sourceBefore = await sourceClient.getBalance({ address: account.address });
  const recipientBefore = await destinationClient.getBalance({ address: account.address });

  // The wallet starts on another chain, so the page has to ask it to switch to the source chain.
  const wallet = await installTestWallet(page, { privateKey: account.privateKey, chains: evmChains, chainId: base.chainId });
  const pageErrors = collectPageErrors(page);
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bridge' }).click();
  await expect(page).toHaveURL(/\/bridge$/);
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await expect(bridge.getByRole('heading', { name: 'Bridge', exact: true })).toBeVisible();

  await bridge.getByLabel('From chain').selectOption(SOURCE);
  await bridge.getByLabel('To chain').selectOption(DESTINATION);
  await bridge.getByLabel('Amount to send').fill('2');
  await expect(bridge.getByTestId('price-only-hint')).toBeVisible({ timeout: 30_000 });
  await connect(page, wallet);

  // Between EVM chains the connected wallet receives unless told otherwise.
  await expect(bridge.getByLabel('Recipient address')).toHaveValue(wallet.address);
  await expect(bridge.getByTestId('send-balance')).toHaveText(/^Balance [\d,.]+ AVAX$/);
  await bridge.getByRole('button', { name: 'Switch to Avalanche C-Chain' }).click();
  await expect.poll(() => wallet.chainId).toBe(source.chainId);

  const quote = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(quote).toBeVisible();
  await expect(quote.getByTestId('quote-countdown')).toHaveText(/New quote in \d+s/);
  await expect(quote.getByTestId('quote-amount-in')).toContainText('2 AVAX');
  await expect(quote.getByTestId('quote-amount-out')).toContainText(/[\d.]+ OKB \$[\d,.]+/);
  await expect(quote.getByTestId('quote-fee')).toContainText('AVAX');
  await expect(quote.getByTestId('quote-destination-gas')).toContainText('OKB');
  await expect(quote.getByTestId('quote-time')).toHaveText(/^about \d+ s$/);
  await expect(bridge.getByLabel('Amount to receive')).not.toHaveValue('');
  await snapshot(page, testInfo, 'bridge-quote');

  await bridge.getByRole('button', { name: 'Bridge', exact: true }).click();
  // The wallet sent the deposit: the tracker opens with its hash and takes over.
  await page.waitForURL(/\/bridge\/[^/?]+\?tx=0x[0-9a-f]{64}$/, { timeout: 30_000 });
  const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const tracker = page.getByRole('region', { name: 'Bridge tracker' });
  await expect(tracker.getByRole('heading', { name: 'Avalanche C-Chain → X Layer' })).toBeVisible();
  await expect(tracker).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  await expect(tracker.getByTestId('bridge-headline')).toHaveText('Complete');
  const steps = tracker.getByRole('list', { name: 'Bridge progress' });
  // Native coins cross in one leg, the bridge, after the deposit.
  await expect(tracker.getByTestId('route-summary')).toHaveText('Bridge AVAX to X Layer as OKB');
  await expect(steps.getByRole('listitem')).toHaveCount(2);
  await expect(steps.locator('[data-step="deposit"]')).toHaveAttribute('data-status', 'done');
  await expect(steps.locator('[data-step="deposit"] strong')).toHaveText('Deposit 2 AVAX on Avalanche C-Chain');
  await expect(steps.locator('[data-step="bridge"]')).toHaveAttribute('data-status', 'done');
  await expect(steps.locator('[data-step="bridge"] strong')).toHaveText('Bridge 2 AVAX Avalanche C-Chain → X Layer');
  // Each transaction on its own chain (the local world's transaction page): the deposit, and the fill on the bridge step.
  await expect(steps.getByRole('link', { name: /^Deposit .* transaction on the explorer$/ })).toHaveAttribute('href', /^\/tx\/AVAX\/0x[0-9a-f]{64}$/);
  await expect(steps.getByRole('link', { name: /^Bridge .* transaction on the explorer$/ })).toHaveAttribute('href', /^\/tx\/XLAYER\/0x[0-9a-f]{64}$/);

  // On chain: the recipient got exactly what was quoted, and the wallet paid 2 AVAX plus gas.
  const status = await api.get<{ status: string; details: BridgeDetails }>(`/api/v1/bridge/status/${encodeURIComponent(requestId)}`);
  expect(status.status, describeResponse(status)).toBe(200);
  const { details } = status.json;
  expect(status.json.status).toBe('success');
  expect(details.recipient.toLowerCase()).toBe(account.address.toLowerCase());
  expect(details.amountIn).toBe(parseEther('2').toString());
  const received = (await destinationClient.getBalance({ address: account.address })) - recipientBefore;
  expect(received).toBe(BigInt(details.amountOut));
  expect(details.paidAmount).toBe(details.amountOut);
  expect(details.depositTxHash?.toLowerCase()).toBe(wallet.sentTransactions[0]?.toLowerCase());
  const spent = sourceBefore - (await sourceClient.getBalance({ address: account.address }));
  expect(spent).toBeGreaterThan(parseEther('2'));
  expect(spent).toBeLessThan(parseEther('2.01'));

  // The page shows what was paid next to what was quoted, to the last decimal.
  await expect(tracker.getByTestId('paid-amount')).toHaveAttribute('title', `${formatUnits(received, 18)} OKB`);
  await expect(tracker.getByTestId('quoted-amount')).toHaveAttribute('title', `${formatUnits(BigInt(details.amountOut), 18)} OKB`);
  await expect(tracker.getByTestId('sent-amount')).toHaveAttribute('title', '2 AVAX');
  await expect(tracker.getByTestId('bridge-time')).toHaveText(/^Filled \d+ s after the deposit confirmed$/);
  await snapshot(page, testInfo, 'bridge-success');

  // The wallet broadcast the deposit itself; nothing asked it to sign without sending.
  expect(wallet.sentTransactions).toHaveLength(1);
  expect(wallet.requests.some((request) => request.method === 'eth_signTransaction')).toBe(false);

  // The bridge is listed on /bridge, also after a reload, and opens its tracker.
  await tracker.getByRole('link', { name: 'New bridge' }).click();
  const history = page.getByRole('region', { name: 'Bridge history' });
  const row = history.locator(`tr[data-request-id="${requestId}"]`);
  await expect(row).toHaveAttribute('data-state', 'success');
  await page.reload();
  await expect(page.getByTestId('wallet-address')).toBeVisible();
  await expect(row).toHaveAttribute('data-state', 'success');
  await expect(row).toContainText('Avalanche C-Chain → X Layer');
  await expect(row).toContainText('2 AVAX');
  await snapshot(page, testInfo, 'bridge-history');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/bridge/${requestId}$`));
  await expect(tracker).toHaveAttribute('data-status', 'success');
  expect(pageErrors).toEqual([]);
});

/** One bridge quote the page asked for: the slippage it asked with, and what the server answered. */
interface AskedQuote {
  slippage?: number;
  amountOut?: string;
  minAmountOut?: string;
}

/**
 * Records every bridge quote the page fetches over tRPC (a batched GET: its inputs by position in the URL; the
 * answers streamed as JSON lines, where the quote's stats are the only ones of the batch), so a test can see
 * what the page asked and what it got. The answers are read on their way to the page: the browser keeps no
 * copy of a body the page read as a stream.
 */
async function recordBridgeQuotes(page: Page): Promise<AskedQuote[]> {
  const asked: AskedQuote[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/trpc/') && url.pathname.split(',').some((path) => path.endsWith('bridge.quote')),
    async (route) => {
      const url = new URL(route.request().url());
      const index = url.pathname.replace('/api/trpc/', '').split(',').indexOf('bridge.quote');
      const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, { slippage?: number; json?: { slippage?: number } }>;
      const input = inputs[String(index)];
      const response = await route.fetch();
      const body = await response.text();
      const field = (name: string) => new RegExp(`"${name}":"(\\d+)"`).exec(body)?.[1];
      if (response.ok()) asked.push({ slippage: input?.slippage ?? input?.json?.slippage, amountOut: field('amountOut'), minAmountOut: field('minAmountOut') });
      await route.fulfill({ response, body });
    },
  );
  return asked;
}

test('the settings set the slippage the quote asks for, and the minimum received follows it', async ({ page }) => {
  const { source, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey, chains: evmChains, chainId: source.chainId });
  const pageErrors = collectPageErrors(page);
  const asked = await recordBridgeQuotes(page);
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await connect(page, wallet);
  await bridge.getByLabel('From chain').selectOption(SOURCE);
  await bridge.getByLabel('To chain').selectOption(DESTINATION);
  await bridge.getByLabel('Amount to send').fill('1');

  // 5 % unless told otherwise, as the server's own default.
  const quote = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(quote.getByTestId('quote-slippage')).toHaveText('at 5 % slippage');
  const minimumAt5 = await quote.getByTestId('quote-min-out').textContent();
  await expect.poll(() => asked.at(-1)?.slippage).toBe(500);

  const gear = bridge.getByRole('button', { name: 'Settings' });
  const settings = page.getByRole('dialog', { name: 'Bridge settings' });
  await gear.click();
  await expect(gear).toHaveAttribute('aria-expanded', 'true');
  // The swap page's presets; 5 % is none of them, so it stands in the custom field.
  const custom = settings.getByLabel('Custom slippage in percent');
  await expect(custom).toHaveValue('5');
  await expect(settings.getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(settings.getByRole('button', { name: /%$/ })).toHaveText(['0.1 %', '0.5 %', '1 %']);
  expect(await axeViolations(page, '[role="dialog"][aria-label="Bridge settings"]')).toEqual([]);

  await custom.fill('1,5');
  await expect(custom).toHaveValue('1.5');
  await expect(quote.getByTestId('quote-slippage')).toHaveText('at 1.5 % slippage');
  await expect(quote.getByTestId('quote-min-out')).not.toHaveText(minimumAt5!);
  // The page asked for 150 basis points, and the server's minimum is its amount less exactly that.
  await expect.poll(() => asked.some((answer) => answer.slippage === 150 && !!answer.minAmountOut)).toBe(true);
  const at150 = asked.find((answer) => answer.slippage === 150 && !!answer.minAmountOut)!;
  expect(BigInt(at150.minAmountOut!)).toBe((BigInt(at150.amountOut!) * 9_850n) / 10_000n);

  // A value the quotes would refuse is marked and never asked for; the quote keeps the last good one.
  await custom.fill('60');
  await expect(custom).toHaveAttribute('aria-invalid', 'true');
  await expect(settings.getByText('Slippage must be at least 0.01 % and at most 50 %.')).toBeVisible();
  await expect(quote.getByTestId('quote-slippage')).toHaveText('at 1.5 % slippage');

  // Escape closes the panel and gives the focus back to the gear; a preset then replaces the custom value.
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(gear).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(settings).toBeVisible();
  await settings.getByRole('button', { name: '1 %', exact: true }).click();
  await expect(settings.getByRole('button', { name: '1 %', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(custom).toHaveValue('');
  await expect(quote.getByTestId('quote-slippage')).toHaveText('at 1 % slippage');
  // A click inside keeps it open; one elsewhere on the page closes it.
  await expect(settings).toBeVisible();
  await bridge.getByText('You receive').click();
  await expect(settings).toBeHidden();
  expect(asked.some((answer) => answer.slippage === 6_000)).toBe(false);
  expect(wallet.sentTransactions).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

test('a bridge across chain families needs a recipient of the other family, and says so', async ({ page }, testInfo) => {
  const { source, account, evmChains } = await world();
  const wallet = await installTestWallet(page, { privateKey: account.privateKey, chains: evmChains, chainId: source.chainId });
  const pageErrors = collectPageErrors(page);
  const quoteRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.includes('bridge.quote')) quoteRequests.push(request.url());
  });
  await page.goto('/bridge');
  const bridge = page.getByRole('region', { name: 'Bridge', exact: true });
  await connect(page, wallet);

  // EVM to Solana: the EVM wallet cannot receive there, so nothing is filled in and the form says why.
  await bridge.getByLabel('From chain').selectOption(SOURCE);
  await bridge.getByLabel('To chain').selectOption('SOL');
  await bridge.getByLabel('Amount to send').fill('1');
  const recipient = bridge.getByLabel('Recipient address');
  await expect(recipient).toHaveValue('');
  const problem = bridge.getByTestId('recipient-problem');
  await expect(problem).toHaveText(
    'A recipient is required: Avalanche C-Chain addresses cannot receive on Solana. Enter a Solana address (base58, 32 to 44 characters).',
  );
  await expect(problem).toHaveAttribute('role', 'alert');
  await expect(bridge.getByRole('button', { name: 'Enter a recipient' })).toBeDisabled();
  await snapshot(page, testInfo, 'bridge-recipient-required');

  await recipient.fill(wallet.address);
  await expect(problem).toHaveText('This is not a Solana address, which Solana needs: base58, 32 to 44 characters.');
  await expect(bridge.getByRole('button', { name: 'Enter a recipient' })).toBeDisabled();

  // Solana to EVM: an 0x recipient is needed; the connected EVM wallet is offered with one click.
  await bridge.getByLabel('From chain').selectOption('SOL');
  await bridge.getByLabel('To chain').selectOption('BASE');
  await recipient.fill('');
  await expect(problem).toHaveText('A recipient is required: Solana addresses cannot receive on Base. Enter an EVM address (0x followed by 40 hex digits).');
  await bridge.getByRole('button', { name: /^Use my wallet 0x/ }).click();
  await expect(recipient).toHaveValue(wallet.address);
  await expect(problem).toHaveCount(0);
  // The deposit would be signed by a Solana wallet, which is not connected.
  await expect(bridge.getByRole('button', { name: 'Connect a Solana wallet' })).toBeEnabled();

  // The page asked the server for nothing it would refuse; the server refuses the same bridge with the same reason.
  expect(quoteRequests).toEqual([]);
  const refused = await api.get<Failure>('/api/v1/bridge/quote', {
    source: SOURCE,
    destination: 'SOL',
    amount: parseEther('1').toString(),
    trader: account.address,
  });
  expect(refused.status, describeResponse(refused)).toBe(400);
  expect(refused.json.field).toBe('recipient');
  expect(wallet.sentTransactions).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

test('bridge SOL to Avalanche with a Solana wallet, paid to the connected EVM wallet', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const { source, solAccount, evmChains } = await world();
  // A fresh EVM wallet receives: nothing else moves its balance, so what arrives is exactly the fill.
  const { recipient, evmWallet, solanaWallet } = await walletsFromSolana(page, { source, solAccount, evmChains });
  const destinationClient = createPublicClient({ transport: http(source.rpcUrl) });
  const pageErrors = collectPageErrors(page);

  const bridge = await openBridgeFromSolana(page, evmWallet);
  await bridge.getByLabel('Amount to send').fill('1');
  await expect(bridge.getByTestId('recipient-problem')).toContainText('A recipient is required: Solana addresses cannot receive on Avalanche C-Chain.');
  await bridge.getByRole('button', { name: /^Use my wallet 0x/ }).click();
  await expect(bridge.getByLabel('Recipient address')).toHaveValue(recipient);

  // The deposit is paid from Solana, so the form asks for the Solana wallet.
  await bridge.getByRole('button', { name: 'Connect a Solana wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a Solana wallet' }).getByRole('button', { name: 'E2E Solana Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${solanaWallet.address.slice(0, 6)}…${solanaWallet.address.slice(-4)}`);
  await expect(bridge.getByTestId('send-balance')).toHaveText(/^Balance [\d,.]+ SOL$/);
  const quote = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(quote.getByTestId('quote-amount-out')).toContainText('AVAX');
  await snapshot(page, testInfo, 'bridge-solana-quote');

  await bridge.getByRole('button', { name: 'Bridge', exact: true }).click();
  // The wallet signs; the server sends the deposit and waits for the fill before the tracker opens.
  await page.waitForURL(/\/bridge\/[^/?]+$/, { timeout: 60_000 });
  const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const tracker = page.getByRole('region', { name: 'Bridge tracker' });
  await expect(tracker).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  await expect(tracker.getByRole('list', { name: 'Bridge progress' }).getByRole('link', { name: /^Deposit .* transaction on the explorer$/ })).toHaveAttribute(
    'href',
    /^\/tx\/SOL\/[1-9A-HJ-NP-Za-km-z]{64,90}$/,
  );

  const status = await api.get<{ details: BridgeDetails }>(`/api/v1/bridge/status/${encodeURIComponent(requestId)}`);
  expect(status.status, describeResponse(status)).toBe(200);
  const received = await destinationClient.getBalance({ address: recipient });
  expect(received).toBe(BigInt(status.json.details.amountOut));
  expect(status.json.details.paidAmount).toBe(status.json.details.amountOut);
  await expect(tracker.getByTestId('paid-amount')).toHaveAttribute('title', `${formatUnits(received, 18)} AVAX`);
  await snapshot(page, testInfo, 'bridge-solana-success');
  expect(solanaWallet.signedTransactions).toHaveLength(1);
  expect(evmWallet.sentTransactions).toHaveLength(0);
  expect(pageErrors).toEqual([]);
});

test('bridge USDC from Solana to USDC on Avalanche: the Solana side offers SOL and its stable', async ({ page }) => {
  test.setTimeout(120_000);
  const { source, solAccount, evmChains } = await world();
  const { recipient, evmWallet, solanaWallet } = await walletsFromSolana(page, { source, solAccount, evmChains });
  const pageErrors = collectPageErrors(page);

  const bridge = await openBridgeFromSolana(page, evmWallet);
  await bridge.getByRole('button', { name: 'Connect a Solana wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a Solana wallet' }).getByRole('button', { name: 'E2E Solana Wallet' }).click();
  await bridge.getByRole('button', { name: 'Select token to send' }).click();
  const sendPicker = page.getByRole('dialog', { name: 'Select a token to send' });
  // Beside SOL, the bridge takes Solana's stable only: no other mint is offered.
  await expect(sendPicker.getByRole('button', { name: /^(SOL|USDC) / })).toHaveCount(2);
  await expect(sendPicker.getByRole('button', { name: /^ALPHA / })).toHaveCount(0);
  await sendPicker.getByRole('button', { name: /^USDC / }).click();
  await bridge.getByRole('button', { name: 'Select token to receive' }).click();
  await page
    .getByRole('dialog', { name: 'Select a token to receive' })
    .getByRole('button', { name: /^USDC / })
    .click();
  await bridge.getByLabel('Amount to send').fill('25');
  await bridge.getByRole('button', { name: /^Use my wallet 0x/ }).click();
  const quote = bridge.getByRole('region', { name: 'Bridge quote' });
  await expect(quote.getByTestId('quote-amount-out')).toContainText('USDC', { timeout: 30_000 });

  await bridge.getByRole('button', { name: 'Bridge', exact: true }).click();
  await page.waitForURL(/\/bridge\/[^/?]+$/, { timeout: 60_000 });
  const requestId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('region', { name: 'Bridge tracker' })).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  const status = await api.get<{ details: BridgeDetails }>(`/api/v1/bridge/status/${encodeURIComponent(requestId)}`);
  const usdc = source.tokens.find((token) => token.symbol === 'USDC')!.address;
  const received = await api.get<{ balance: string }>('/api/v1/balance', { wallet: recipient, network: SOURCE, token: usdc });
  expect(received.json.balance).toBe(status.json.details.amountOut);
  expect(solanaWallet.signedTransactions).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});

test('the tracker of an unknown request says so, without a stack trace', async ({ page }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`/bridge/0x${'ab'.repeat(32)}`);
  const tracker = page.getByRole('region', { name: 'Bridge tracker' });
  await expect(tracker.getByRole('alert')).toHaveText(/^This server has no bridge request 0xabab…abab\. Check the link, or start a new bridge\.$/);
  await expect(tracker).not.toContainText(/at \w+ \(|\.ts:\d+|TRPCClientError|INTERNAL/);
  await page.goto('/bridge/not%20an%20id');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link names no bridge request');
  expect(pageErrors).toEqual([]);
});
