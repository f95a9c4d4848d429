import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { readDevnetManifest, type DevnetManifest, type ManifestChain } from '../../server/chains/devnet-manifest';
import { api, describe as describeResponse } from './api';
import { expect } from './fixtures';
import { installTestWallet, type TestWallet } from './test-wallet';

/** The two widths every page is checked at: a desktop window and a phone (390 px, an iPhone 14's). */
export const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
] as const;

/**
 * The world as the server under test sees it (also when BASE_URL points at a server started elsewhere), with
 * the node URLs the tests and their wallets use (withNodeUrls).
 */
export async function localWorld(): Promise<Record<string, ManifestChain>> {
  const response = await api.get<{ chains: Record<string, ManifestChain> }>('/api/dev/devnet');
  if (response.status !== 200) throw new Error(`the local world is needed: ${describeResponse(response)}`);
  return withNodeUrls(response.json.chains);
}

let ownManifest: DevnetManifest | undefined;

/**
 * The chains with the RPC URLs of the world's own manifest (DEVNET_MANIFEST, when this run has it). The server
 * answers its own RPC addresses cut to scheme, host and port; the setup's server reaches the nodes through
 * gateways that demand credentials (e2e/support/rpc-gateway.ts), so those addresses are not for the tests.
 */
export function withNodeUrls<T extends { rpcUrl: string; wsUrl?: string }>(chains: Record<string, T>): Record<string, T> {
  const file = process.env.DEVNET_MANIFEST;
  ownManifest ??= file ? readDevnetManifest(file) : undefined;
  const own = ownManifest?.chains as Record<string, ManifestChain | undefined> | undefined;
  if (!own) return chains;
  return Object.fromEntries(
    Object.entries(chains).map(([id, chain]) => {
      const node = own[id];
      return [id, node ? { ...chain, rpcUrl: node.rpcUrl, ...(node.wsUrl ? { wsUrl: node.wsUrl } : {}) } : chain];
    }),
  );
}

export function evmChainsOf(chains: Record<string, ManifestChain>) {
  return Object.entries(chains)
    .filter(([id]) => id !== 'SOL')
    .map(([, chain]) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }));
}

/**
 * A MetaMask-like wallet on a fresh key, so a test shares no account with any other: funded through the
 * faucet on `fundOn` (10 native coins and every test token) unless told not to.
 */
export async function freshWallet(page: Page, chains: Record<string, ManifestChain>, chain: string, fundOn?: string): Promise<TestWallet> {
  const privateKey = generatePrivateKey();
  if (fundOn) {
    const funded = await api.post('/api/dev/faucet', { chain: fundOn, address: privateKeyToAccount(privateKey).address });
    if (funded.status !== 200) throw new Error(`faucet: ${describeResponse(funded)}`);
  }
  return installTestWallet(page, { privateKey, chains: evmChainsOf(chains), chainId: chains[chain]!.chainId });
}

/** Connects the EVM wallet through the header, and closes the account menu it opens. */
export async function connectWallet(page: Page, wallet: TestWallet): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect wallet' }).click();
  await page.getByRole('dialog', { name: 'Connect a wallet' }).getByRole('button', { name: 'E2E Wallet' }).click();
  await expect(page.getByTestId('wallet-address')).toHaveText(`${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`);
  await page.keyboard.press('Escape');
}
