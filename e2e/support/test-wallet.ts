/**
 * A browser wallet for the UI suites that behaves like MetaMask towards the page: an EIP-1193 provider
 * announced through EIP-6963 and set as `window.ethereum`. The page half is a thin shim; every request is
 * answered here in the test process, where a viem local account signs and raw transactions go straight to
 * the chain's RPC. The private key never enters the page.
 *
 * Like MetaMask it asks nothing (every prompt is approved unless a test calls `rejectNext`), answers `eth_accounts` with nothing until the
 * site connected, broadcasts with `eth_sendTransaction` using its own nonce (the dapp's gas and fees are
 * kept), refuses `eth_signTransaction` and `eth_sign` with 4200, and emits `accountsChanged` and
 * `chainChanged` when they change.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { WalletSession, type WalletEvent, type WalletRequest } from './wallet-session';

export interface TestWalletChain {
  chainId: number;
  rpcUrl: string;
}

export interface TestWalletOptions {
  privateKey: Hex;
  /** Chains the wallet knows; `wallet_addEthereumChain` can add more. */
  chains: readonly TestWalletChain[];
  /** The chain the wallet is on when the page opens. */
  chainId: number;
  /** EIP-6963 name shown in the page's wallet list. */
  name?: string;
  rdns?: string;
  /** The site is already connected (as after an earlier visit). Default false. */
  connected?: boolean;
}

export interface TestWallet {
  readonly address: Address;
  readonly chainId: number;
  readonly connected: boolean;
  /** Every request the page made, in order. */
  readonly requests: readonly WalletRequest[];
  /** Hashes the wallet broadcast for `eth_sendTransaction`, in order. */
  readonly sentTransactions: readonly Hex[];
  /** The user switches chains in the wallet itself. */
  switchChain(chainId: number): Promise<void>;
  /** The user disconnects the site in the wallet itself. */
  disconnect(): Promise<void>;
  /**
   * The user rejects the next signature or transaction prompt: it fails with EIP-1193's 4001 "User
   * rejected the request", as MetaMask's Reject button does. Later prompts are approved again.
   */
  rejectNext(): void;
}

/** Where the page half finds the Node half; also how Node reaches the page to emit events. */
const BINDING = '__e2eWalletRequest';
const PAGE_HANDLE = '__e2eWallet';

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/><path d="M8 11h16v11H8z" fill="#fff"/><circle cx="20" cy="16.5" r="2" fill="#f6851b"/></svg>',
).toString('base64')}`;

export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const rpcUrls = new Map(options.chains.map((chain) => [chain.chainId, chain.rpcUrl]));
  if (!rpcUrls.has(options.chainId)) throw new Error(`the wallet does not know its starting chain ${options.chainId}`);
  const session = new WalletSession(page, privateKeyToAccount(options.privateKey), rpcUrls, options.chainId, options.connected ?? false);

  await page.exposeFunction(BINDING, (request: { method: string; params?: unknown[] }) => session.reply(request));

  await page.addInitScript(installPageProvider, {
    binding: BINDING,
    handle: PAGE_HANDLE,
    info: { uuid: randomUUID(), name: options.name ?? 'E2E Wallet', icon: ICON, rdns: options.rdns ?? 'dev.swapbridge.e2e-wallet' },
  });

  const emit = async (event: WalletEvent) => {
    await page.evaluate(
      ({ handle, event: name, data }) => (window as unknown as Record<string, { emit(name: string, data: unknown): void }>)[handle]?.emit(name, data),
      { handle: PAGE_HANDLE, ...event },
    );
  };

  return {
    address: session.account.address,
    get chainId() {
      return session.chainId;
    },
    get connected() {
      return session.connected;
    },
    requests: session.requests,
    sentTransactions: session.sentTransactions,
    async switchChain(next) {
      const events: WalletEvent[] = [];
      session.switchTo(next, events);
      for (const event of events) await emit(event);
    },
    async disconnect() {
      if (!session.connected) return;
      session.connected = false;
      await emit({ event: 'accountsChanged', data: [] });
    },
    rejectNext() {
      session.rejectNextPrompt = true;
    },
  };
}

/**
 * The page half, run before any page script. It holds no key: requests go to the binding, and events the
 * Node half reports are emitted to the page's listeners after the request resolves, as an extension's
 * messages arrive.
 */
function installPageProvider({ binding, handle, info }: { binding: string; handle: string; info: { uuid: string; name: string; icon: string; rdns: string } }) {
  type Listener = (payload: unknown) => void;
  type Reply = { result?: unknown; error?: { code: number; message: string; data?: unknown }; events: { event: string; data: unknown }[] };
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload);
      } catch (error) {
        console.error(error);
      }
    }
  };
  // Looked up per request: the binding is installed by Playwright, not by this script.
  const call = (request: unknown) => (window as unknown as Record<string, (request: unknown) => Promise<Reply>>)[binding]!(request);
  const provider = {
    isMetaMask: true,
    async request(args: { method: string; params?: unknown[] | Record<string, unknown> }) {
      if (!args || typeof args.method !== 'string') {
        throw Object.assign(new Error('Expected a single, non-array, object argument.'), { code: -32600 });
      }
      const reply = await call({ method: args.method, params: args.params });
      if (reply.events.length > 0) setTimeout(() => reply.events.forEach(({ event, data }) => emit(event, data)), 0);
      if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code, data: reply.error.data });
      return reply.result;
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    off(event: string, listener: Listener) {
      return provider.removeListener(event, listener);
    },
  };
  (window as unknown as Record<string, unknown>)[handle] = { emit };
  (window as unknown as { ethereum?: unknown }).ethereum = provider;
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
