import { createPublicKey, verify } from 'node:crypto';
import type { Page } from '@playwright/test';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, LAMPORTS_PER_SOL, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { parseUnits } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { expect, test } from '../support/fixtures';
import { localWorld } from '../support/fresh-wallet';
import { installSolanaTestWallet, type SolanaTestWallet } from '../support/solana-test-wallet';
import { installTestWallet, type TestWallet } from '../support/test-wallet';
import { expectSwapRejectedInWallet } from '../support/swap-progress';
import { snapshot, collectPageErrors } from '../support/page-checks';

/**
 * The swap page on Solana with a Phantom-like Wallet Standard wallet: buy a token with SOL and sell it back,
 * the wallet signing and the server sending, and check on the node what moved. Account 5 of SOL is this
 * spec's alone. The EVM wallet (a fresh key, no funds needed) stays connected beside it.
 */
const ACCOUNT_INDEX = 5;

/** The world as the server under test sees it (also when BASE_URL points at a server started elsewhere). */
async function world() {
  const chains = await localWorld();
  const sol = chains.SOL;
  const base = chains.BASE;
  if (!sol || !base) throw new Error('the local world has no SOL or BASE chain');
  const account = sol.accounts[ACCOUNT_INDEX];
  if (!account?.secretKey) throw new Error(`SOL has no account ${ACCOUNT_INDEX} with a secret key`);
  const alpha = sol.tokens.find((token) => token.symbol === 'ALPHA');
  if (!alpha) throw new Error('SOL has no ALPHA mint');
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  return { sol, base, account: { address: account.address, secretKey: account.secretKey }, alpha, evmChains };
}

/** A full-page screenshot kept in the test's output folder (test-results/) and attached to the report. */

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

async function connectEvm(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(short(wallet.address));
}

async function connectSolana(page: Page, wallet: SolanaTestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a Solana wallet' }).getByRole('button', { name: 'E2E Solana Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(short(wallet.address));
}

/** The full decimal amount behind a shortened result figure ("0.5 SOL" from its title). */
async function resultAmount(page: Page, testId: 'result-spent' | 'result-received', decimals: number): Promise<bigint> {
  const title = await page.getByRole('region', { name: 'Swap result' }).getByTestId(testId).getAttribute('title');
  const amount = title?.split(' ')[0];
  if (!amount || !/^\d+(\.\d+)?$/.test(amount)) throw new Error(`no amount in the result's ${testId}: ${title}`);
  return parseUnits(amount, decimals);
}

test('the Solana test wallet registers through the Wallet Standard the way Phantom does', async ({ page }) => {
  const { account } = await world();
  const wallet = await installSolanaTestWallet(page, { secretKey: account.secretKey });
  await page.goto('/status');

  const seen = await page.evaluate(async () => {
    type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] };
    type Wallet = {
      version: string;
      name: string;
      icon: string;
      chains: string[];
      accounts: Account[];
      features: Record<
        string,
        Record<string, (...args: never[]) => Promise<unknown>> & {
          supportedTransactionVersions?: unknown[];
          on?: (event: string, listener: (properties: unknown) => void) => () => void;
        }
      >;
    };
    // An app that starts now asks the wallets to register with it, as @wallet-standard/app does.
    const registered: Wallet[] = [];
    window.dispatchEvent(
      new CustomEvent('wallet-standard:app-ready', {
        detail: {
          register: (...wallets: Wallet[]) => {
            registered.push(...wallets);
            return () => undefined;
          },
        },
      }),
    );
    const wallet = registered.find((candidate) => candidate.name === 'E2E Solana Wallet')!;
    const changes: number[] = [];
    wallet.features['standard:events']!.on!('change', (properties) => changes.push((properties as { accounts: Account[] }).accounts.length));
    const code = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'accepted';
      } catch (error) {
        return (error as { code?: number }).code;
      }
    };
    const connect = wallet.features['standard:connect']!.connect as (input?: { silent?: boolean }) => Promise<{ accounts: Account[] }>;
    const signMessage = wallet.features['solana:signMessage']!.signMessage as (
      ...inputs: { account: Account; message: Uint8Array }[]
    ) => Promise<{ signature: Uint8Array }[]>;
    const signTransaction = wallet.features['solana:signTransaction']!.signTransaction as (
      ...inputs: { account: Account; transaction: Uint8Array }[]
    ) => Promise<unknown>;

    const before = wallet.accounts.length;
    const silent = (await connect({ silent: true })).accounts.length;
    const { accounts } = await connect();
    const account = accounts[0]!;
    const [signed] = await signMessage({ account, message: new TextEncoder().encode('hello') });
    const garbage = await code(() => signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) }));
    const otherAccount = await code(() => signMessage({ account: { ...account, address: '11111111111111111111111111111111' }, message: new Uint8Array([1]) }));
    await (wallet.features['standard:disconnect']!.disconnect as () => Promise<void>)();
    const afterDisconnect = await code(() => signMessage({ account, message: new Uint8Array([1]) }));
    return {
      version: wallet.version,
      icon: wallet.icon.slice(0, 26),
      chains: wallet.chains,
      features: Object.keys(wallet.features).sort(),
      versions: wallet.features['solana:signTransaction']!.supportedTransactionVersions,
      before,
      silent,
      account: { address: account.address, publicKey: [...account.publicKey], chains: account.chains, features: account.features },
      signature: [...signed!.signature],
      garbage,
      otherAccount,
      afterDisconnect,
      accountsAtEnd: wallet.accounts.length,
      changes,
    };
  });

  expect(seen.version).toBe('1.0.0');
  expect(seen.icon).toBe('data:image/svg+xml;base64,');
  expect(seen.chains).toEqual(['solana:localnet']);
  expect(seen.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'standard:connect', 'standard:disconnect', 'standard:events']);
  expect(seen.versions).toEqual(['legacy', 0]);
  // Nothing before the user connects; a silent connect does not prompt and gets nothing either.
  expect(seen.before).toBe(0);
  expect(seen.silent).toBe(0);
  expect(seen.account).toEqual({
    address: wallet.address,
    publicKey: [...new PublicKey(wallet.address).toBytes()],
    chains: ['solana:localnet'],
    features: ['solana:signTransaction', 'solana:signMessage'],
  });
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), new PublicKey(wallet.address).toBuffer()]);
  expect(verify(null, Buffer.from('hello'), createPublicKey({ key: spki, format: 'der', type: 'spki' }), Buffer.from(seen.signature))).toBe(true);
  expect(seen.garbage).toBe(-32602);
  expect(seen.otherAccount).toBe(-32602);
  expect(seen.afterDisconnect).toBe(4100);
  expect(seen.accountsAtEnd).toBe(0);
  expect(seen.changes).toEqual([1, 0]);
  // The request for another account was refused in the page; it never reached the key.
  expect(wallet.requests.map((request) => request.method)).toEqual(['connect', 'connect', 'signMessage', 'signTransaction', 'disconnect', 'signMessage']);
  // The key stayed in this process: nothing in the page knows it.
  expect(await page.content()).not.toContain(account.secretKey);
});

test('buy a token with SOL and sell it back on the swap page through a Solana wallet', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const { sol, base, account, alpha, evmChains } = await world();
  const connection = new Connection(sol.rpcUrl, 'confirmed');
  const owner = new PublicKey(account.address);
  const alphaAccount = getAssociatedTokenAddressSync(new PublicKey(alpha.address), owner);
  const lamports = async () => BigInt(await connection.getBalance(owner, 'confirmed'));
  const alphaBalance = async () => BigInt((await connection.getTokenAccountBalance(alphaAccount, 'confirmed')).value.amount);

  const evmWallet = await installTestWallet(page, { privateKey: generatePrivateKey(), chains: evmChains, chainId: base.chainId });
  const wallet = await installSolanaTestWallet(page, { secretKey: account.secretKey });
  const pageErrors = collectPageErrors(page);

  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  const banner = page.getByRole('banner');
  await expect(swap.getByRole('heading', { name: 'Swap' })).toBeVisible();
  await connectEvm(page, evmWallet);

  // ---- Solana: the header turns to the Solana wallet; the EVM one stays connected behind it
  await swap.getByLabel('Chain').selectOption('SOL');
  await expect(banner.getByRole('button', { name: 'Connect wallet' })).toBeVisible();
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('SOL');
  await connectSolana(page, wallet);
  await expect(banner).toContainText('Solana');
  expect(evmWallet.connected).toBe(true);

  // ---- buy: 0.5 SOL into ALPHA
  const solBefore = await lamports();
  const alphaBefore = await alphaBalance();
  await swap.getByRole('button', { name: 'Select token to receive' }).click();
  await page.getByRole('dialog', { name: 'Select a token to receive' }).getByRole('button', { name: 'ALPHA Alpha Token' }).click();
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('ALPHA');
  await expect(swap.getByTestId('pay-balance')).toHaveText(/Balance [\d,.]+ SOL/);
  await expect(swap.getByTestId('receive-balance')).toHaveText(/Balance [\d,.]+ ALPHA/);
  await swap.getByLabel('Amount to pay').fill('0.5');
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('', { timeout: 30_000 });
  const details = swap.getByRole('region', { name: 'Quote details' });
  await expect(details).toContainText('compute units');
  await snapshot(page, testInfo, 'buy-quote');

  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  const result = swap.getByRole('region', { name: 'Swap result' });
  await expect(result).toBeVisible({ timeout: 90_000 });
  const progress = swap.getByRole('list', { name: 'Swap progress' });
  // Solana has no token approvals: no approve step at all.
  await expect(progress.locator('[data-step="approve"]')).toHaveCount(0);
  await expect(progress.locator('[data-step="swap"]')).toHaveAttribute('data-status', 'done');
  await expect(progress.locator('[data-step="confirmed"]')).toHaveAttribute('data-status', 'done');
  await expect(result.getByTestId('result-spent')).toContainText('SOL');
  await expect(result.getByTestId('result-received')).toContainText('ALPHA');
  await snapshot(page, testInfo, 'buy-result');

  // What the page says the chain did is what the node says.
  const spentLamports = await resultAmount(page, 'result-spent', 9);
  const boughtAlpha = await resultAmount(page, 'result-received', alpha.decimals);
  expect(spentLamports).toBe(parseUnits('0.5', 9));
  expect(boughtAlpha).toBeGreaterThan(0n);
  expect(await alphaBalance()).toBe(alphaBefore + boughtAlpha);
  const solAfterBuy = await lamports();
  // 0.5 SOL, plus network fees and whatever the wallet paid for its token account; nothing like another 0.01.
  expect(solBefore - solAfterBuy).toBeGreaterThanOrEqual(spentLamports);
  expect(solBefore - solAfterBuy).toBeLessThan(spentLamports + BigInt(LAMPORTS_PER_SOL / 100));
  const buyLink = await result.getByRole('link').getAttribute('href');
  // The local world's own transaction page: /tx/SOL/<signature>.
  const buySignature = buyLink?.split('/').pop();
  expect(buySignature).toBeTruthy();
  expect((await connection.getSignatureStatus(buySignature!)).value?.err).toBeNull();

  // ---- sell exactly what was bought back into SOL
  await swap.getByRole('button', { name: 'Switch tokens' }).click();
  await expect(swap.getByRole('button', { name: 'Select token to pay' })).toContainText('ALPHA');
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('SOL');
  await swap.getByLabel('Amount to pay').fill((Number(boughtAlpha) / 10 ** alpha.decimals).toFixed(alpha.decimals));
  await expect(swap.getByLabel('Amount to receive')).not.toHaveValue('', { timeout: 30_000 });
  await snapshot(page, testInfo, 'sell-quote');

  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(progress.locator('[data-step="approve"]')).toHaveCount(0);
  await expect(result.getByTestId('result-spent')).toContainText('ALPHA');
  await expect(result.getByTestId('result-received')).toContainText('SOL');
  await snapshot(page, testInfo, 'sell-result');

  expect(await resultAmount(page, 'result-spent', alpha.decimals)).toBe(boughtAlpha);
  expect(await alphaBalance()).toBe(alphaBefore);
  const solAfterSell = await lamports();
  const receivedLamports = await resultAmount(page, 'result-received', 9);
  expect(solAfterSell).toBeGreaterThan(solAfterBuy);
  expect(solAfterSell - solAfterBuy).toBeLessThanOrEqual(receivedLamports);
  // The round trip lost the maker's spread, service fees and network fees, nothing like the amount traded.
  expect(solBefore - solAfterSell).toBeLessThan(BigInt(LAMPORTS_PER_SOL / 20));

  // The wallet signed the two quoted trades and sent nothing itself; the server added the maker's part.
  expect(wallet.requests.filter((request) => request.method === 'signTransaction')).toHaveLength(2);
  expect(wallet.signedTransactions).toHaveLength(2);
  for (const signed of wallet.signedTransactions) {
    const tx = VersionedTransaction.deserialize(Buffer.from(signed, 'base64'));
    expect(tx.version).toBe(0);
    expect(tx.message.staticAccountKeys[0]!.toBase58()).toBe(wallet.address);
  }
  expect(evmWallet.sentTransactions).toHaveLength(0);

  // ---- history: both trades, recorded by the server, still there after a reload (the wallet reconnects)
  const history = page.getByRole('region', { name: 'Trade history' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('Solana');
  await page.reload();
  // The chain and pair of the visit come back: Solana, its wallet in front (reconnected without a prompt).
  await expect(swap.getByLabel('Chain')).toHaveValue('SOL');
  await expect(page.getByTestId('wallet-address')).toHaveText(short(wallet.address));
  await expect(history.locator('tbody tr[data-status="SUCCESS"]')).toHaveCount(2);
  await expect(history.locator('tbody tr').first()).toContainText('ALPHA');
  await snapshot(page, testInfo, 'history-after-reload');
  expect(wallet.requests.filter((request) => request.method === 'connect').map((request) => request.silent)).toEqual([false, true]);

  // ---- back on an EVM chain, the EVM wallet is in front again, still connected
  await swap.getByLabel('Chain').selectOption('BASE');
  await expect(page.getByTestId('wallet-address')).toHaveText(short(evmWallet.address));
  expect(await page.content()).not.toContain(account.secretKey);
  expect(pageErrors).toEqual([]);
});

test('a swap the Solana wallet refuses to sign fails with the reason and sends nothing', async ({ page }) => {
  const { sol, account } = await world();
  const connection = new Connection(sol.rpcUrl, 'confirmed');
  const wallet = await installSolanaTestWallet(page, { secretKey: account.secretKey });
  await page.goto('/');
  const swap = page.getByRole('region', { name: 'Swap' });
  await swap.getByLabel('Chain').selectOption('SOL');
  await connectSolana(page, wallet);
  await expect(swap.getByRole('button', { name: 'Select token to receive' })).toContainText('USDC');
  const before = await connection.getBalance(new PublicKey(account.address), 'confirmed');

  await swap.getByLabel('Amount to pay').fill('0.01');
  await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({ timeout: 30_000 });
  wallet.rejectNext('signTransaction');
  await swap.getByRole('button', { name: 'Swap', exact: true }).click();
  await expectSwapRejectedInWallet(swap);
  expect(wallet.signedTransactions).toHaveLength(0);
  expect(await connection.getBalance(new PublicKey(account.address), 'confirmed')).toBe(before);
});
