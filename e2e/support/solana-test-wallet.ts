/**
 * A Solana browser wallet for the UI suites that behaves like Phantom towards the page: a Wallet Standard
 * wallet registered through the standard's window events, with `standard:connect`, `standard:disconnect`,
 * `standard:events`, `solana:signTransaction` (legacy and v0) and `solana:signMessage`. Like Phantom towards
 * a dapp that uses `signTransaction`, it signs only; sending is the dapp's business.
 *
 * The page half is a thin shim with the public key only; every request is answered here in the test
 * process, where a @solana/web3.js Keypair signs. The secret key never enters the page.
 *
 * Every prompt is approved unless the test said to reject the next one (then the page gets Phantom's 4001).
 * A silent connect (the dapp's auto-connect) succeeds only for a site connected before, as in Phantom.
 */
import { createPrivateKey, sign as signEd25519, type KeyObject } from 'node:crypto';
import type { Page } from '@playwright/test';
import { getBase58Encoder } from '@solana/kit';
import { Keypair, VersionedTransaction } from '@solana/web3.js';

/** Wallet Standard chain ids; `solana:localnet` is what a local node is (Phantom's "Solana Localnet"). */
export type SolanaChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet';

export interface SolanaTestWalletOptions {
  /** base58 of the 64-byte secret key (the manifest's `secretKey`). */
  secretKey: string;
  /** The name the page lists. Default "E2E Solana Wallet". */
  name?: string;
  chains?: readonly SolanaChain[];
  /** The site is already connected (as after an earlier visit), so a silent connect succeeds. Default false. */
  connected?: boolean;
}

export type SolanaWalletMethod = 'connect' | 'disconnect' | 'signTransaction' | 'signMessage';

export interface SolanaWalletRequest {
  method: SolanaWalletMethod;
  /** `connect` only: the dapp asked without a prompt (auto-connect). */
  silent?: boolean;
  /** Set when the wallet refused the request. */
  error?: { code: number; message: string };
}

export interface SolanaTestWallet {
  /** base58 public key. */
  readonly address: string;
  readonly connected: boolean;
  /** Every request the page made, in order. */
  readonly requests: readonly SolanaWalletRequest[];
  /** The transactions the wallet signed and gave back to the page (base64), in order. */
  readonly signedTransactions: readonly string[];
  /** The user rejects the next prompt of this kind in the wallet. */
  rejectNext(method: 'connect' | 'signTransaction' | 'signMessage'): void;
  /** The user disconnects the site in the wallet itself. */
  disconnect(): Promise<void>;
}

/** Phantom's codes (EIP-1193's, which Solana wallets reuse). */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const INVALID_PARAMS = -32602;

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Where the page half finds the Node half; also how Node reaches the page to emit events. */
const BINDING = '__e2eSolanaWalletRequest';
const PAGE_HANDLE = '__e2eSolanaWallet';

const ICON = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#ab9ff2"/><path d="M7 21c3-9 15-12 18-3-4-2-9-1-11 3z" fill="#fff"/></svg>',
).toString('base64')}`;

/** DER prefix of an Ed25519 PKCS#8 private key: the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

type NodeRequest =
  | { method: 'connect'; silent?: boolean }
  | { method: 'disconnect' }
  | { method: 'signTransaction'; transactions: string[] }
  | { method: 'signMessage'; message: string };

interface Reply {
  result?: unknown;
  error?: { code: number; message: string };
}

/** The wallet's state in the test process: what the page sees, what it asked, and the prompts the test rejects. */
interface WalletState {
  connected: boolean;
  readonly requests: SolanaWalletRequest[];
  readonly signedTransactions: string[];
  readonly rejections: Set<string>;
}

interface WalletKeys {
  keypair: Keypair;
  /** The same key for node:crypto, which signs messages. */
  privateKey: KeyObject;
}

function walletKeys(secretKey: string): WalletKeys {
  const keypair = Keypair.fromSecretKey(new Uint8Array(getBase58Encoder().encode(secretKey)));
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(keypair.secretKey.subarray(0, 32))]),
    format: 'der',
    type: 'pkcs8',
  });
  return { keypair, privateKey };
}

function prompt(state: WalletState, method: string): void {
  if (state.rejections.delete(method)) throw new WalletError(USER_REJECTED, 'User rejected the request.');
}

function requireConnected(state: WalletState): void {
  if (!state.connected) throw new WalletError(UNAUTHORIZED, 'The requested method and/or account has not been authorized by the user.');
}

function signTransaction(state: WalletState, keypair: Keypair, base64: string): string {
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  } catch (error) {
    throw new WalletError(INVALID_PARAMS, `Not a Solana transaction: ${(error as Error).message}`);
  }
  const signers = tx.message.staticAccountKeys.slice(0, tx.message.header.numRequiredSignatures);
  if (!signers.some((key) => key.equals(keypair.publicKey))) {
    throw new WalletError(INVALID_PARAMS, 'The transaction does not ask this wallet to sign.');
  }
  // Only this wallet's slot is filled; other signers' slots stay as the dapp gave them.
  tx.sign([keypair]);
  const signed = Buffer.from(tx.serialize()).toString('base64');
  state.signedTransactions.push(signed);
  return signed;
}

async function answer(state: WalletState, keys: WalletKeys, request: NodeRequest): Promise<unknown> {
  switch (request.method) {
    case 'connect':
      if (!state.connected) {
        if (request.silent) return { connected: false };
        prompt(state, 'connect');
        state.connected = true;
      }
      return { connected: true };
    case 'disconnect':
      state.connected = false;
      return { connected: false };
    case 'signTransaction': {
      requireConnected(state);
      if (!Array.isArray(request.transactions) || request.transactions.length === 0) throw new WalletError(INVALID_PARAMS, 'Expected transactions.');
      prompt(state, 'signTransaction');
      return request.transactions.map((transaction) => signTransaction(state, keys.keypair, transaction));
    }
    case 'signMessage': {
      requireConnected(state);
      prompt(state, 'signMessage');
      return signEd25519(null, Buffer.from(request.message, 'base64'), keys.privateKey).toString('base64');
    }
    default:
      throw new WalletError(INVALID_PARAMS, `The wallet does not support ${(request as { method: string }).method}.`);
  }
}

/** Answers a page request, recording it (and the refusal, if any) in `state.requests`. */
async function reply(state: WalletState, keys: WalletKeys, request: NodeRequest): Promise<Reply> {
  const entry: SolanaWalletRequest = { method: request.method };
  if (request.method === 'connect') entry.silent = !!request.silent;
  state.requests.push(entry);
  try {
    return { result: await answer(state, keys, request) };
  } catch (error) {
    const code = error instanceof WalletError ? error.code : -32603;
    const message = error instanceof Error ? error.message : String(error);
    entry.error = { code, message };
    return { error: { code, message } };
  }
}

export async function installSolanaTestWallet(page: Page, options: SolanaTestWalletOptions): Promise<SolanaTestWallet> {
  const keys = walletKeys(options.secretKey);
  const address = keys.keypair.publicKey.toBase58();
  const state: WalletState = { connected: options.connected ?? false, requests: [], signedTransactions: [], rejections: new Set() };

  await page.exposeFunction(BINDING, (request: NodeRequest) => reply(state, keys, request));

  await page.addInitScript({
    content: pageWalletScript({
      binding: BINDING,
      handle: PAGE_HANDLE,
      wallet: {
        name: options.name ?? 'E2E Solana Wallet',
        icon: ICON,
        address,
        publicKey: [...keys.keypair.publicKey.toBytes()],
        chains: [...(options.chains ?? ['solana:localnet'])],
      },
    }),
  });

  return {
    address,
    get connected() {
      return state.connected;
    },
    requests: state.requests,
    signedTransactions: state.signedTransactions,
    rejectNext(method) {
      state.rejections.add(method);
    },
    async disconnect() {
      if (!state.connected) return;
      state.connected = false;
      await page.evaluate((handle) => (window as unknown as Record<string, { disconnected(): void }>)[handle]?.disconnected(), PAGE_HANDLE);
    },
  };
}

// ---------------------------------------------------------------- the page half

interface PageWalletInfo {
  name: string;
  icon: string;
  address: string;
  publicKey: number[];
  chains: string[];
}

interface PageWalletSetup {
  binding: string;
  handle: string;
  wallet: PageWalletInfo;
}

type PageAccount = { address: string; publicKey: Uint8Array; chains: readonly string[]; features: readonly string[] };
type AccountsListener = (properties: { accounts?: readonly PageAccount[] }) => void;
type PageWalletSession = ReturnType<typeof pageWalletSession>;
type PageWalletParts = { session: typeof pageWalletSession; features: typeof pageWalletFeatures };

/**
 * The page half as one init script. The page gets these functions as text, so each of `installPageWallet`,
 * `pageWalletSession` and `pageWalletFeatures` must stay self-contained: it may use its parameters, the page's
 * globals and types, and nothing else of this module. The script hands the two parts to `installPageWallet` as
 * arguments, which is how the page half is split into steps without a reference across functions; the text is
 * what Playwright itself sends for a function and its argument, `(function)(argument)`.
 */
function pageWalletScript(setup: PageWalletSetup): string {
  return `(${installPageWallet.toString()})(${JSON.stringify(setup)}, { session: ${pageWalletSession.toString()}, features: ${pageWalletFeatures.toString()} })`;
}

/**
 * Runs in the page before any page script. It holds the public key only. The wallet registers itself the
 * way `registerWallet` of @wallet-standard/wallet does: it dispatches `wallet-standard:register-wallet`
 * with a callback for apps already listening, and listens for `wallet-standard:app-ready` from apps that
 * start later (the usual case here: this script runs first). Self-contained (see `pageWalletScript`).
 */
function installPageWallet({ binding, handle, wallet: info }: PageWalletSetup, parts: PageWalletParts) {
  const call = async (request: unknown): Promise<unknown> => {
    // Looked up per request: the binding is installed by Playwright, not by this script.
    const reply = await (window as unknown as Record<string, (request: unknown) => Promise<Reply>>)[binding]!(request);
    if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
    return reply.result;
  };
  const session = parts.session(info);

  const wallet = Object.freeze({
    version: '1.0.0' as const,
    name: info.name,
    icon: info.icon,
    chains: Object.freeze([...info.chains]),
    get accounts() {
      return session.accounts;
    },
    features: parts.features(session, call),
  });

  (window as unknown as Record<string, unknown>)[handle] = { disconnected: () => session.setConnected(false) };

  const register = ({ register: registerWallet }: { register: (wallet: unknown) => () => void }) => registerWallet(wallet);
  try {
    window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
  } catch (error) {
    console.error('wallet-standard:register-wallet event could not be dispatched', error);
  }
  window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent<{ register: (wallet: unknown) => () => void }>).detail));
}

/**
 * The page's connection state: the account shown while connected and the `change` listeners told of every
 * switch. Runs in the page; self-contained (see `pageWalletScript`).
 */
function pageWalletSession(info: PageWalletInfo) {
  // One account object for the whole session: apps compare accounts by identity.
  const account: PageAccount = Object.freeze({
    address: info.address,
    publicKey: new Uint8Array(info.publicKey),
    chains: Object.freeze([...info.chains]),
    features: Object.freeze(['solana:signTransaction', 'solana:signMessage']),
  });
  let accounts: readonly PageAccount[] = [];
  const listeners = new Set<AccountsListener>();
  const setConnected = (next: boolean) => {
    if (next === accounts.length > 0) return;
    accounts = next ? [account] : [];
    for (const listener of [...listeners]) {
      try {
        listener({ accounts });
      } catch (error) {
        console.error(error);
      }
    }
  };
  const checkAccount = (input: { account?: { address?: string } }) => {
    if (input?.account?.address !== account.address) throw Object.assign(new Error('invalid account'), { code: -32602 });
  };
  return {
    get accounts() {
      return accounts;
    },
    listeners,
    setConnected,
    checkAccount,
  };
}

/**
 * The Wallet Standard features; every request goes to the Node half through `call`. Runs in the page;
 * self-contained (see `pageWalletScript`).
 */
function pageWalletFeatures(session: PageWalletSession, call: (request: unknown) => Promise<unknown>) {
  const toBase64 = (bytes: Uint8Array) => {
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  };
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  const { checkAccount } = session;

  return Object.freeze({
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        const { connected } = (await call({ method: 'connect', silent: !!input?.silent })) as { connected: boolean };
        session.setConnected(connected);
        return { accounts: session.accounts };
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        await call({ method: 'disconnect' });
        session.setConnected(false);
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: AccountsListener) {
        if (event !== 'change') return () => undefined;
        session.listeners.add(listener);
        return () => session.listeners.delete(listener);
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: Object.freeze(['legacy', 0]),
      async signTransaction(...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]) {
        inputs.forEach(checkAccount);
        const signed = (await call({ method: 'signTransaction', transactions: inputs.map((input) => toBase64(input.transaction)) })) as string[];
        return signed.map((text) => ({ signedTransaction: fromBase64(text) }));
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
        const outputs = [];
        for (const input of inputs) {
          checkAccount(input);
          const signature = (await call({ method: 'signMessage', message: toBase64(input.message) })) as string;
          outputs.push({ signedMessage: input.message, signature: fromBase64(signature), signatureType: 'ed25519' as const });
        }
        return outputs;
      },
    },
  });
}
