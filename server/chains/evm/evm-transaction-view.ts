/**
 * An EVM transaction for the transaction page: the transaction and its receipt from the node, and the
 * receipt's ERC-20 `Transfer` events with each token's symbol and decimals.
 */
import { getAddress, type Hex } from 'viem';
import { AppError } from '@/server/errors';
import { lookupToken } from './lookup-token';
import type { RpcTransport } from '../json-rpc';
import { notFoundView, type TokenTransfer, type TransactionView, type TransactionViewDeps, type ViewedToken } from '../transaction-view-types';
import { getTransaction } from './actions/get-transaction';
import { getTransactionReceipt } from './actions/get-transaction-receipt';
import type { EvmLog } from './evm-schemas';

/** keccak256("Transfer(address,address,uint256)"): ERC-20's and ERC-721's alike; ERC-721's indexes a fourth topic. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export async function readEvmTransactionView(deps: TransactionViewDeps, hash: string): Promise<TransactionView> {
  const { rpc, info } = deps.chain;
  const [transaction, receipt] = await Promise.all([getTransaction(rpc, hash), getTransactionReceipt(rpc, hash)]);
  if (!transaction) return notFoundView(info.id, hash);
  const transfers = receipt ? await withTokens(rpc, deps.known, erc20Transfers(receipt.logs)) : [];
  return {
    chain: info.id,
    hash,
    status: receipt?.status ?? 'pending',
    block: receipt?.blockNumber ?? null,
    from: getAddress(transaction.from),
    to: transaction.to ? getAddress(transaction.to) : null,
    value: transaction.value,
    transfers,
    balanceChanges: [],
  };
}

interface RawTransfer {
  token: string;
  from: string;
  to: string;
  amount: bigint;
}

/** The logs that are ERC-20 transfers: the Transfer topic, sender and recipient indexed, the amount as data. */
export function erc20Transfers(logs: readonly EvmLog[]): RawTransfer[] {
  return logs
    .filter((log) => log.topics[0]?.toLowerCase() === TRANSFER_TOPIC && log.topics.length === 3 && log.data.length === 66)
    .map((log) => ({
      token: getAddress(log.address),
      from: topicAddress(log.topics[1]!),
      to: topicAddress(log.topics[2]!),
      amount: BigInt(log.data),
    }));
}

function topicAddress(topic: Hex): string {
  return getAddress(`0x${topic.slice(-40)}`);
}

/** Each transfer with its token's symbol and decimals, every token looked up once. */
async function withTokens(rpc: RpcTransport, known: TransactionViewDeps['known'], transfers: RawTransfer[]): Promise<TokenTransfer[]> {
  const addresses = [...new Set(transfers.map((transfer) => transfer.token))];
  const tokens = new Map(await Promise.all(addresses.map(async (address) => [address, await describeToken(rpc, known, address)] as const)));
  return transfers.map(({ token, ...rest }) => ({ ...rest, token: tokens.get(token)! }));
}

/** A contract that emits Transfer yet answers no symbol or decimals is still listed, by its address and raw amount. */
async function describeToken(rpc: RpcTransport, known: TransactionViewDeps['known'], address: string): Promise<ViewedToken> {
  try {
    const { symbol, decimals } = await lookupToken(rpc, { address, known });
    return { address, symbol, decimals };
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_INPUT') return { address, symbol: null, decimals: 0 };
    throw error;
  }
}
