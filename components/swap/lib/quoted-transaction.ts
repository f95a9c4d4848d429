/**
 * The quote hands out unsigned, serialized EIP-1559 transactions. Browser wallets cannot sign those as is
 * (MetaMask refuses eth_signTransaction), so the page asks the wallet to send a transaction with exactly the
 * quoted fields instead.
 */
import { getAddress, numberToHex, parseTransaction, type Address, type Hex } from 'viem';

export interface QuotedTransaction {
  chainId: number;
  nonce: number;
  to: Address;
  data: Hex;
  value: bigint;
  gas: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

/** eth_sendTransaction's parameter object (hex quantities, as EIP-1474 writes them). */
export interface SendTransactionRequest {
  from: Address;
  to: Address;
  data: Hex;
  value: Hex;
  gas: Hex;
  nonce: Hex;
  chainId: Hex;
  maxFeePerGas?: Hex;
  maxPriorityFeePerGas?: Hex;
}

export class QuotedTransactionError extends Error {
  override readonly name = 'QuotedTransactionError';
}

export function parseQuotedTransaction(serialized: string): QuotedTransaction {
  if (!/^0x[0-9a-fA-F]+$/.test(serialized)) throw new QuotedTransactionError('The quote carries no EVM transaction.');
  const tx = parseTransaction(serialized as Hex);
  if (!tx.to || tx.chainId === undefined || tx.nonce === undefined || tx.gas === undefined) {
    throw new QuotedTransactionError('The quoted transaction misses its recipient, chain, nonce or gas.');
  }
  return {
    chainId: tx.chainId,
    nonce: tx.nonce,
    to: getAddress(tx.to),
    data: tx.data ?? '0x',
    value: tx.value ?? 0n,
    gas: tx.gas,
    maxFeePerGas: tx.maxFeePerGas,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
  };
}

export function toSendTransactionRequest(tx: QuotedTransaction, from: Address): SendTransactionRequest {
  return {
    from,
    to: tx.to,
    data: tx.data,
    value: numberToHex(tx.value),
    gas: numberToHex(tx.gas),
    nonce: numberToHex(tx.nonce),
    chainId: numberToHex(tx.chainId),
    ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: numberToHex(tx.maxFeePerGas) } : {}),
    ...(tx.maxPriorityFeePerGas !== undefined ? { maxPriorityFeePerGas: numberToHex(tx.maxPriorityFeePerGas) } : {}),
  };
}

export interface SwapPlan {
  trade: QuotedTransaction;
  /** An approval the trade needs, confirmed before it (SELL: approve nonce n, trade n + 1). */
  approveBefore?: QuotedTransaction;
  /** An approval for later sells, sent once the trade confirmed (BUY: trade n, approve n + 1). */
  approveAfter?: QuotedTransaction;
  /** The transaction the quote needs before everything else (its `extra`, nonce n), confirmed first. */
  extra?: QuotedTransaction;
}

/** Orders the quoted transactions by nonce, the order the quote says they must be mined in. */
export function planSwap(transaction: { trade: string; approve: string; extra?: string }): SwapPlan {
  const trade = parseQuotedTransaction(transaction.trade);
  const extra = transaction.extra ? { extra: parseQuotedTransaction(transaction.extra) } : {};
  if (!transaction.approve) return { trade, ...extra };
  const approve = parseQuotedTransaction(transaction.approve);
  return approve.nonce < trade.nonce ? { trade, approveBefore: approve, ...extra } : { trade, approveAfter: approve, ...extra };
}
