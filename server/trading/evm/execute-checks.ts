/**
 * What execute checks before it sends, read in one JSON-RPC batch: whether the trade is already mined, the
 * trader's nonces (mined and pending), its native balance, and the simulation of the trade as the trader on
 * the current state. One round trip instead of five; each answer is then checked in the order the checks
 * have always run, so the first failing one names the refusal.
 */
import { decodeFunctionData, formatUnits, toHex, type Address } from 'viem';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import { receiptSchema, type EvmReceipt } from '@/server/chains/evm/evm-schemas';
import type { SignedTxPayload } from '@/server/chains/evm/evm-transactions';
import { classifyRevert, revertDataOf } from '@/server/chains/evm/revert-reasons';
import { JsonRpcError, type RpcBatchAnswer, type RpcCall } from '@/server/chains/json-rpc';
import { batchAnswer, hexQuantity } from '@/server/chains/rpc-answers';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { decodeLensTransferProbe, preflightCall, transferProbeCall } from '@/server/routing/lens-client';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import type { QuoteClaims } from '../quote-id';
import { tradeFailure } from '@/server/trade-failures';

export interface ExecuteCheckInput {
  claims: QuoteClaims;
  trade: SignedTxPayload;
  /** The first transaction to send (the trade, or what precedes it): its nonce must be the wallet's next. */
  first: SignedTxPayload;
  /** Every transaction sent now; the wallet must afford all of them. */
  sentNow: SignedTxPayload[];
  approveFirst?: SignedTxPayload;
  preTrade?: SignedTxPayload;
  simulation: boolean;
}

export interface ExecuteState {
  /** The trade's receipt when it is already mined. */
  onChain: EvmReceipt | null;
  /** Throws the first refusal among nonce, funds and simulation. */
  check(): Promise<void>;
}

export async function readExecuteState(chain: ConfiguredChain, input: ExecuteCheckInput): Promise<ExecuteState> {
  const trader = input.claims.trader as Address;
  const calls: RpcCall[] = [
    { method: 'eth_getTransactionReceipt', params: [input.trade.txHash] },
    { method: 'eth_getTransactionCount', params: [trader, 'latest'] },
    { method: 'eth_getTransactionCount', params: [trader, 'pending'] },
    { method: 'eth_getBalance', params: [trader.toLowerCase(), 'latest'] },
  ];
  if (input.simulation) calls.push(simulationCall(input));
  const answers = await chain.rpc.requestBatch(calls);
  const chainId = chain.info.id;
  const count = (index: number) => Number(batchAnswer(chainId, 'eth_getTransactionCount', hexQuantity, answers[index]));
  return {
    onChain: batchAnswer(chainId, 'eth_getTransactionReceipt', receiptSchema.nullable(), answers[0]),
    async check() {
      checkNonces(count(1), count(2), input.first.nonce);
      checkGasFunds(chain, batchAnswer(chainId, 'eth_getBalance', hexQuantity, answers[3]), input.sentNow);
      if (input.simulation) await checkSimulation(chain, input, answers[4]);
    },
  };
}

function checkNonces(latest: number, pending: number, firstNonce: number): void {
  if (firstNonce < latest) throw tradeFailure('NONCE_TOO_LOW', `the wallet is at nonce ${latest}, the transaction has ${firstNonce}`, 'trade');
  if (firstNonce < pending) throw tradeFailure('NONCE_ALREADY_USED', `a pending transaction of the wallet holds nonce ${firstNonce}`, 'trade');
  if (firstNonce > pending) throw tradeFailure('TX_MISMATCH', `the nonce ${firstNonce} is ahead of the wallet (${pending})`, 'trade');
}

/** The wallet must afford every transaction it sends now, so a SELL never pays for an approval alone. */
function checkGasFunds(chain: ConfiguredChain, balance: bigint, txs: SignedTxPayload[]): void {
  const needed = txs.reduce((sum, tx) => sum + tx.maxCost, 0n);
  if (balance < needed) {
    const decimals = chain.info.nativeDecimals;
    throw tradeFailure(
      'INSUFFICIENT_FUNDS_FOR_GAS',
      `the wallet holds ${formatUnits(balance, decimals)} and may need ${formatUnits(needed, decimals)} of the native token`,
    );
  }
}

/**
 * The trade run as the trader on the current state, after the quoted permit and approval that precede it. A
 * trade with nothing before it is a plain call from the trader (as the chain will run it, `tx.origin` too);
 * the others run through the lens placed at the trader's address, which makes those calls first in the
 * same simulation.
 */
function simulationCall(input: ExecuteCheckInput): RpcCall {
  const { trade, approveFirst, preTrade } = input;
  if (!approveFirst && !preTrade) {
    return { method: 'eth_call', params: [{ from: input.claims.trader, to: trade.to, value: toHex(trade.value), data: trade.data }, 'latest'] };
  }
  return preflightCall({
    trader: input.claims.trader as Address,
    preCalls: preTrade?.to ? [{ target: preTrade.to, value: preTrade.value, data: preTrade.data }] : [],
    approveToken: approveFirst ? (approveFirst.to ?? undefined) : undefined,
    spender: trade.to as Address,
    to: trade.to as Address,
    value: trade.value,
    data: trade.data,
  });
}

async function checkSimulation(chain: ConfiguredChain, input: ExecuteCheckInput, answer: RpcBatchAnswer | undefined): Promise<void> {
  if (!answer) throw tradeFailure('SIMULATION_FAILED', 'the node left the simulation unanswered');
  if (answer.ok) return;
  const reason = classifyRevert(revertDataOf(answer.error));
  if (reason.code === 'SIMULATION_FAILED' && input.claims.tokenIn !== NATIVE_TOKEN_ADDRESS && !(await transferAllowed(chain, input.claims, input.trade))) {
    throw tradeFailure('TRANSFER_BLOCKED', reason.reason);
  }
  throw tradeFailure(reason.code, reason.reason);
}

/** Whether the trader's input token moves into the trade's first pool at all (honeypots refuse). */
async function transferAllowed(chain: ConfiguredChain, claims: QuoteClaims, trade: SignedTxPayload): Promise<boolean> {
  const { args } = decodeFunctionData({ abi: routerAbi, data: trade.data });
  const firstPool = (args[0] as { legs: readonly { hops: readonly { pool: Address }[] }[] }).legs[0]?.hops[0]?.pool;
  if (!firstPool) return true;
  const call = transferProbeCall(claims.trader as Address, claims.tokenIn as Address, firstPool, 1n);
  try {
    await chain.rpc.request(call.method, call.params);
    return true;
  } catch (error) {
    if (!(error instanceof JsonRpcError)) throw error;
    return decodeLensTransferProbe(revertDataOf(error));
  }
}
