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
import { getAddress, hexToBigInt, isAddressEqual, isHex, numberToHex, stringToHex, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

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

export interface WalletRequest {
  method: string;
  params: unknown[];
  /** Set when the wallet refused or the chain failed the request. */
  error?: { code: number; message: string };
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

/** EIP-1193 and JSON-RPC error codes the wallet answers with. */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const UNRECOGNIZED_CHAIN = 4902;
const INVALID_PARAMS = -32602;

class WalletRpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

type WalletEvent = { event: 'accountsChanged'; data: string[] } | { event: 'chainChanged'; data: Hex };

interface Reply {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  events: WalletEvent[];
}

/** Read methods a wallet passes on to its node, as MetaMask does. */
const FORWARDED = new Set([
  'eth_blockNumber', 'eth_call', 'eth_estimateGas', 'eth_feeHistory', 'eth_gasPrice', 'eth_getBalance',
  'eth_getBlockByHash', 'eth_getBlockByNumber', 'eth_getCode', 'eth_getLogs', 'eth_getStorageAt',
  'eth_getTransactionByHash', 'eth_getTransactionCount', 'eth_getTransactionReceipt', 'eth_maxPriorityFeePerGas',
  'web3_clientVersion',
]);

const REFUSED = new Set(['eth_signTransaction', 'eth_sign']);

/** Requests that open a prompt the user can reject. */
const PROMPTED = new Set(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']);

/** Where the page half finds the Node half; also how Node reaches the page to emit events. */
const BINDING = '__e2eWalletRequest';
const PAGE_HANDLE = '__e2eWallet';

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f6851b"/><path d="M8 11h16v11H8z" fill="#fff"/><circle cx="20" cy="16.5" r="2" fill="#f6851b"/></svg>',
).toString('base64')}`;

let rpcId = 1;

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  if (body.error) throw new WalletRpcError(body.error.code, body.error.message, body.error.data);
  return body.result;
}

interface SendTransactionParams {
  from?: string;
  to?: string;
  data?: Hex;
  input?: Hex;
  value?: Hex;
  gas?: Hex;
  gasLimit?: Hex;
  nonce?: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
  gasPrice?: Hex;
  chainId?: Hex;
}

export async function installTestWallet(page: Page, options: TestWalletOptions): Promise<TestWallet> {
  const account = privateKeyToAccount(options.privateKey);
  const rpcUrls = new Map(options.chains.map((chain) => [chain.chainId, chain.rpcUrl]));
  if (!rpcUrls.has(options.chainId)) throw new Error(`the wallet does not know its starting chain ${options.chainId}`);
  let chainId = options.chainId;
  let connected = options.connected ?? false;
  const requests: WalletRequest[] = [];
  const sentTransactions: Hex[] = [];
  // Signing requests run one at a time, so two sends never pick the same nonce.
  let signing: Promise<unknown> = Promise.resolve();
  let rejectNextPrompt = false;

  const currentRpc = () => rpcUrls.get(chainId)!;
  const accounts = () => (connected ? [account.address.toLowerCase()] : []);
  const requireConnected = (from?: string) => {
    if (!connected || (from !== undefined && !isAddressEqual(getAddress(from), account.address))) {
      throw new WalletRpcError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.');
    }
  };
  const connect = (events: WalletEvent[]) => {
    if (!connected) {
      connected = true;
      events.push({ event: 'accountsChanged', data: accounts() });
    }
  };
  const switchTo = (next: number, events: WalletEvent[]) => {
    if (!rpcUrls.has(next)) {
      throw new WalletRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${numberToHex(next)}". Try adding the chain using wallet_addEthereumChain first.`);
    }
    if (next === chainId) return;
    chainId = next;
    events.push({ event: 'chainChanged', data: numberToHex(next) });
  };
  const permissions = () => (connected
    ? [{ parentCapability: 'eth_accounts', invoker: new URL(page.url()).origin, date: Date.now(), caveats: [{ type: 'restrictReturnedAccounts', value: accounts() }] }]
    : []);

  async function sendTransaction(tx: SendTransactionParams): Promise<Hex> {
    requireConnected(tx.from);
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId) {
      throw new WalletRpcError(INVALID_PARAMS, `Invalid chainId ${Number(tx.chainId)}: the wallet is on chain ${chainId}.`);
    }
    const url = currentRpc();
    const data = tx.data ?? tx.input;
    const call = { from: account.address, to: tx.to, data, value: tx.value };
    // MetaMask keeps its own nonce; the dapp's gas and fee suggestions are used as given.
    const nonce = Number(await rpc(url, 'eth_getTransactionCount', [account.address, 'pending']));
    const gasHex = tx.gas ?? tx.gasLimit;
    const gas = gasHex ? hexToBigInt(gasHex) : (hexToBigInt((await rpc(url, 'eth_estimateGas', [call])) as Hex) * 13n) / 10n;
    let maxFeePerGas: bigint;
    let maxPriorityFeePerGas: bigint;
    if (tx.maxFeePerGas) {
      maxFeePerGas = hexToBigInt(tx.maxFeePerGas);
      maxPriorityFeePerGas = tx.maxPriorityFeePerGas ? hexToBigInt(tx.maxPriorityFeePerGas) : 0n;
    } else if (tx.gasPrice) {
      maxFeePerGas = maxPriorityFeePerGas = hexToBigInt(tx.gasPrice);
    } else {
      const block = (await rpc(url, 'eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: Hex };
      maxPriorityFeePerGas = hexToBigInt((await rpc(url, 'eth_maxPriorityFeePerGas', [])) as Hex);
      maxFeePerGas = hexToBigInt(block.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas;
    }
    const signed = await account.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      to: tx.to ? getAddress(tx.to) : undefined,
      data,
      value: tx.value ? hexToBigInt(tx.value) : 0n,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const hash = (await rpc(url, 'eth_sendRawTransaction', [signed])) as Hex;
    sentTransactions.push(hash);
    return hash;
  }

  async function answer(method: string, params: unknown[], events: WalletEvent[]): Promise<unknown> {
    if (REFUSED.has(method)) {
      throw new WalletRpcError(UNSUPPORTED_METHOD, `The wallet does not support ${method}: send the transaction with eth_sendTransaction.`);
    }
    if (FORWARDED.has(method)) return rpc(currentRpc(), method, params);
    if (PROMPTED.has(method) && rejectNextPrompt) {
      rejectNextPrompt = false;
      throw new WalletRpcError(USER_REJECTED, 'MetaMask Tx Signature: User denied transaction signature.');
    }
    switch (method) {
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'net_version':
        return String(chainId);
      case 'eth_accounts':
        return accounts();
      case 'eth_requestAccounts':
        connect(events);
        return accounts();
      case 'wallet_requestPermissions':
        connect(events);
        return permissions();
      case 'wallet_getPermissions':
        return permissions();
      case 'wallet_revokePermissions':
        if (connected) {
          connected = false;
          events.push({ event: 'accountsChanged', data: [] });
        }
        return null;
      case 'wallet_switchEthereumChain': {
        const [target] = params as [{ chainId?: string }];
        if (!target?.chainId || !isHex(target.chainId)) throw new WalletRpcError(INVALID_PARAMS, 'Expected [{ chainId: hex }].');
        switchTo(Number(target.chainId), events);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as [{ chainId?: string; rpcUrls?: string[] }];
        if (!chain?.chainId || !isHex(chain.chainId)) throw new WalletRpcError(INVALID_PARAMS, 'Expected [{ chainId: hex, rpcUrls: [...] }].');
        const id = Number(chain.chainId);
        // A chain the wallet already has keeps its node; a new one is added with the first URL given.
        if (!rpcUrls.has(id)) {
          const url = chain.rpcUrls?.[0];
          if (!url) throw new WalletRpcError(INVALID_PARAMS, 'rpcUrls must name at least one URL.');
          rpcUrls.set(id, url);
        }
        switchTo(id, events);
        return null;
      }
      case 'personal_sign': {
        const [message, from] = params as [string, string];
        requireConnected(from);
        return account.signMessage({ message: { raw: isHex(message) ? message : stringToHex(message) } });
      }
      case 'eth_signTypedData_v4': {
        const [from, json] = params as [string, string];
        requireConnected(from);
        const { types, ...typedData } = JSON.parse(json) as { types: Record<string, unknown> } & Record<string, unknown>;
        const { EIP712Domain: _domain, ...messageTypes } = types;
        return account.signTypedData({ ...typedData, types: messageTypes } as never);
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [SendTransactionParams];
        if (!tx || typeof tx !== 'object') throw new WalletRpcError(INVALID_PARAMS, 'Expected [transaction].');
        const sent = signing.then(() => sendTransaction(tx));
        signing = sent.catch(() => undefined);
        return sent;
      }
      default:
        throw new WalletRpcError(UNSUPPORTED_METHOD, `The wallet does not support ${method}.`);
    }
  }

  await page.exposeFunction(BINDING, async (request: { method: string; params?: unknown[] }): Promise<Reply> => {
    const params = Array.isArray(request.params) ? request.params : request.params === undefined ? [] : [request.params];
    const entry: WalletRequest = { method: request.method, params };
    requests.push(entry);
    const events: WalletEvent[] = [];
    try {
      return { result: await answer(request.method, params, events), events };
    } catch (error) {
      const code = error instanceof WalletRpcError ? error.code : -32603;
      const message = error instanceof Error ? error.message : String(error);
      entry.error = { code, message };
      return { error: { code, message, data: error instanceof WalletRpcError ? error.data : undefined }, events };
    }
  });

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
    address: account.address,
    get chainId() {
      return chainId;
    },
    get connected() {
      return connected;
    },
    requests,
    sentTransactions,
    async switchChain(next) {
      const events: WalletEvent[] = [];
      switchTo(next, events);
      for (const event of events) await emit(event);
    },
    async disconnect() {
      if (!connected) return;
      connected = false;
      await emit({ event: 'accountsChanged', data: [] });
    },
    rejectNext() {
      rejectNextPrompt = true;
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
