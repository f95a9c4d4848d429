/**
 * The Node half of the e2e browser wallet (test-wallet.ts): what one installed wallet holds (its key, chains,
 * connection, the requests it got) and how it answers each EIP-1193 request, as MetaMask would.
 */
import type { Page } from '@playwright/test';
import { getAddress, hexToBigInt, isAddressEqual, isHex, numberToHex, stringToHex, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';

export interface WalletRequest {
  method: string;
  params: unknown[];
  /** Set when the wallet refused or the chain failed the request. */
  error?: { code: number; message: string };
}

/** EIP-1193 and JSON-RPC error codes the wallet answers with. */
const USER_REJECTED = 4001;
const UNAUTHORIZED = 4100;
const UNSUPPORTED_METHOD = 4200;
const UNRECOGNIZED_CHAIN = 4902;
const INVALID_PARAMS = -32602;

export class WalletRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export type WalletEvent = { event: 'accountsChanged'; data: string[] } | { event: 'chainChanged'; data: Hex };

export interface Reply {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  events: WalletEvent[];
}

/** Read methods a wallet passes on to its node, as MetaMask does. */
const FORWARDED = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'web3_clientVersion',
]);

const REFUSED = new Set(['eth_signTransaction', 'eth_sign']);

/** Requests that open a prompt the user can reject. */
const PROMPTED = new Set(['eth_sendTransaction', 'personal_sign', 'eth_signTypedData_v4']);

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

/** One installed wallet: its state, and its answer to each request the page makes. */
export class WalletSession {
  readonly requests: WalletRequest[] = [];
  readonly sentTransactions: Hex[] = [];
  /** The user rejects the next prompt (see TestWallet.rejectNext). */
  rejectNextPrompt = false;
  // Signing requests run one at a time, so two sends never pick the same nonce.
  private signing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly page: Page,
    readonly account: PrivateKeyAccount,
    private readonly rpcUrls: Map<number, string>,
    public chainId: number,
    public connected: boolean,
  ) {}

  /** The page's request through the binding: answered, or refused with the code MetaMask would use; kept in `requests`. */
  async reply(request: { method: string; params?: unknown[] }): Promise<Reply> {
    const params = Array.isArray(request.params) ? request.params : request.params === undefined ? [] : [request.params];
    const entry: WalletRequest = { method: request.method, params };
    this.requests.push(entry);
    const events: WalletEvent[] = [];
    try {
      return { result: await this.answer(request.method, params, events), events };
    } catch (error) {
      const code = error instanceof WalletRpcError ? error.code : -32603;
      const message = error instanceof Error ? error.message : String(error);
      entry.error = { code, message };
      return { error: { code, message, data: error instanceof WalletRpcError ? error.data : undefined }, events };
    }
  }

  /** The user (or the page) moves the wallet to chain `next`; `chainChanged` goes into `events` when it changed. */
  switchTo(next: number, events: WalletEvent[]): void {
    if (!this.rpcUrls.has(next)) {
      throw new WalletRpcError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID "${numberToHex(next)}". Try adding the chain using wallet_addEthereumChain first.`);
    }
    if (next === this.chainId) return;
    this.chainId = next;
    events.push({ event: 'chainChanged', data: numberToHex(next) });
  }

  private currentRpc(): string {
    return this.rpcUrls.get(this.chainId)!;
  }

  private accounts(): string[] {
    return this.connected ? [this.account.address.toLowerCase()] : [];
  }

  private requireConnected(from?: string): void {
    if (!this.connected || (from !== undefined && !isAddressEqual(getAddress(from), this.account.address))) {
      throw new WalletRpcError(UNAUTHORIZED, 'The requested account and/or method has not been authorized by the user.');
    }
  }

  private connect(events: WalletEvent[]): void {
    if (!this.connected) {
      this.connected = true;
      events.push({ event: 'accountsChanged', data: this.accounts() });
    }
  }

  private permissions() {
    return this.connected
      ? [
          {
            parentCapability: 'eth_accounts',
            invoker: new URL(this.page.url()).origin,
            date: Date.now(),
            caveats: [{ type: 'restrictReturnedAccounts', value: this.accounts() }],
          },
        ]
      : [];
  }

  private async sendTransaction(tx: SendTransactionParams): Promise<Hex> {
    this.requireConnected(tx.from);
    if (tx.chainId !== undefined && Number(tx.chainId) !== this.chainId) {
      throw new WalletRpcError(INVALID_PARAMS, `Invalid chainId ${Number(tx.chainId)}: the wallet is on chain ${this.chainId}.`);
    }
    const url = this.currentRpc();
    const data = tx.data ?? tx.input;
    const call = { from: this.account.address, to: tx.to, data, value: tx.value };
    // MetaMask keeps its own nonce; the dapp's gas and fee suggestions are used as given.
    const nonce = Number(await rpc(url, 'eth_getTransactionCount', [this.account.address, 'pending']));
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
    const signed = await this.account.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      to: tx.to ? getAddress(tx.to) : undefined,
      data,
      value: tx.value ? hexToBigInt(tx.value) : 0n,
      gas,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const hash = (await rpc(url, 'eth_sendRawTransaction', [signed])) as Hex;
    this.sentTransactions.push(hash);
    return hash;
  }

  private async answer(method: string, params: unknown[], events: WalletEvent[]): Promise<unknown> {
    if (REFUSED.has(method)) {
      throw new WalletRpcError(UNSUPPORTED_METHOD, `The wallet does not support ${method}: send the transaction with eth_sendTransaction.`);
    }
    if (FORWARDED.has(method)) return rpc(this.currentRpc(), method, params);
    if (PROMPTED.has(method) && this.rejectNextPrompt) {
      this.rejectNextPrompt = false;
      throw new WalletRpcError(USER_REJECTED, 'MetaMask Tx Signature: User denied transaction signature.');
    }
    switch (method) {
      case 'eth_chainId':
        return numberToHex(this.chainId);
      case 'net_version':
        return String(this.chainId);
      case 'eth_accounts':
        return this.accounts();
      case 'eth_requestAccounts':
        this.connect(events);
        return this.accounts();
      case 'wallet_requestPermissions':
        this.connect(events);
        return this.permissions();
      case 'wallet_getPermissions':
        return this.permissions();
      case 'wallet_revokePermissions':
        if (this.connected) {
          this.connected = false;
          events.push({ event: 'accountsChanged', data: [] });
        }
        return null;
      case 'wallet_switchEthereumChain': {
        const [target] = params as [{ chainId?: string }];
        if (!target?.chainId || !isHex(target.chainId)) throw new WalletRpcError(INVALID_PARAMS, 'Expected [{ chainId: hex }].');
        this.switchTo(Number(target.chainId), events);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as [{ chainId?: string; rpcUrls?: string[] }];
        if (!chain?.chainId || !isHex(chain.chainId)) throw new WalletRpcError(INVALID_PARAMS, 'Expected [{ chainId: hex, rpcUrls: [...] }].');
        const id = Number(chain.chainId);
        // A chain the wallet already has keeps its node; a new one is added with the first URL given.
        if (!this.rpcUrls.has(id)) {
          const url = chain.rpcUrls?.[0];
          if (!url) throw new WalletRpcError(INVALID_PARAMS, 'rpcUrls must name at least one URL.');
          this.rpcUrls.set(id, url);
        }
        this.switchTo(id, events);
        return null;
      }
      case 'personal_sign': {
        const [message, from] = params as [string, string];
        this.requireConnected(from);
        return this.account.signMessage({ message: { raw: isHex(message) ? message : stringToHex(message) } });
      }
      case 'eth_signTypedData_v4': {
        const [from, json] = params as [string, string];
        this.requireConnected(from);
        const { types, ...typedData } = JSON.parse(json) as { types: Record<string, unknown> } & Record<string, unknown>;
        const { EIP712Domain: _domain, ...messageTypes } = types;
        return this.account.signTypedData({ ...typedData, types: messageTypes } as never);
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [SendTransactionParams];
        if (!tx || typeof tx !== 'object') throw new WalletRpcError(INVALID_PARAMS, 'Expected [transaction].');
        const sent = this.signing.then(() => this.sendTransaction(tx));
        this.signing = sent.catch(() => undefined);
        return sent;
      }
      default:
        throw new WalletRpcError(UNSUPPORTED_METHOD, `The wallet does not support ${method}.`);
    }
  }
}
