import type { Page } from '@playwright/test';
import { parseTransaction, type Hex, type TransactionSerializableEIP1559 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe as describeResponse } from './api';
import { expect } from './fixtures';
import { localWorld } from './fresh-wallet';
import { installTestWallet, type TestWallet } from './test-wallet';

/**
 * What the page-wide suites (accessibility, mobile, focus) need from the local world: one EVM and one
 * Solana token to open, a freshly funded wallet of their own (so they share no account with the trading
 * suites), and a real bridge request to track.
 */
export interface PageWorld {
  chains: Record<string, ManifestChain>;
  evmToken: { chain: string; address: string; symbol: string };
  solanaToken: { chain: string; address: string; symbol: string };
  evmChains: { chainId: number; rpcUrl: string }[];
}

export async function pageWorld(): Promise<PageWorld> {
  const chains = await localWorld();
  const alpha = chains.BASE?.tokens.find((token) => token.symbol === 'ALPHA');
  const solToken = chains.SOL?.tokens.find((token) => token.address !== 'So11111111111111111111111111111111111111112');
  if (!alpha || !solToken) throw new Error('the local world needs ALPHA on BASE and a listed SOL token');
  const evmChains = Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
  return {
    chains,
    evmToken: { chain: 'BASE', address: alpha.address, symbol: alpha.symbol },
    solanaToken: { chain: 'SOL', address: solToken.address, symbol: solToken.symbol },
    evmChains,
  };
}

/** A new key with the faucet's coins and tokens on `chain`. */
export async function fundedKey(chain: string): Promise<Hex> {
  const key = generatePrivateKey();
  const funded = await api.post('/api/dev/faucet', { chain, address: privateKeyToAccount(key).address });
  if (funded.status !== 200) throw new Error(`the faucet refused: ${describeResponse(funded)}`);
  return key;
}

/** A test wallet on BASE with `key` (a new funded one by default), injected into the page before it loads. */
export async function installFundedWallet(page: Page, world: PageWorld, key?: Hex): Promise<TestWallet> {
  const privateKey = key ?? (await fundedKey('BASE'));
  return installTestWallet(page, { privateKey, chains: world.evmChains, chainId: world.chains.BASE!.chainId });
}

/** Connect the injected wallet through the header, as a person does. */
export async function connectFromHeader(page: Page, wallet: TestWallet) {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
}

/**
 * A bridge from BASE to ARB paid over REST by `key` (a new funded one by default), so a tracker page has a
 * real, finished request to show and the key's wallet has one in its history.
 */
export async function bridgeRequest(key?: Hex): Promise<string> {
  const trader = privateKeyToAccount(key ?? (await fundedKey('BASE')));
  const quote = await api.get<{ transaction: { trade: string; requestId: string } }>('/api/v1/bridge/quote', {
    source: 'BASE',
    destination: 'ARB',
    amount: '10000000000000000',
    trader: trader.address,
  });
  if (quote.status !== 200) throw new Error(`bridge quote refused: ${describeResponse(quote)}`);
  const trade = await trader.signTransaction(parseTransaction(quote.json.transaction.trade as Hex) as TransactionSerializableEIP1559);
  const executed = await api.post<{ status: string }>('/api/v1/bridge/execute', {
    trade,
    sourceChain: 'BASE',
    requestId: quote.json.transaction.requestId,
  });
  if (executed.status !== 200) throw new Error(`bridge execute refused: ${describeResponse(executed)}`);
  return quote.json.transaction.requestId;
}
