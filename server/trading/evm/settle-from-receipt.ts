/**
 * A trade settled from its mined receipt: spent and received from the Router's Swapped event on success, and
 * on a revert the reason, found by replaying the call on the state just before its block.
 */
import { decodeEventLog, formatUnits, toHex, type Address, type Hex } from 'viem';
import type { EvmReceipt } from '@/server/chains/evm/evm-schemas';
import type { SignedTxPayload } from '@/server/chains/evm/evm-transactions';
import { classifyRevert, revertDataOf } from '@/server/chains/evm/revert-reasons';
import { JsonRpcError, type RpcTransport } from '@/server/chains/json-rpc';
import { settledRow, type TradeRow, type TradeSettlement } from '@/server/store/trade-repository';
import { routerAbi } from '@/server/venues/evm/generated/contracts';
import type { QuoteClaims } from '../quote-id';
import type { TradeFailureCode } from '@/server/trade-failures';
import { claimsOf, outcomeOf, type TradeOutcome } from '../trade-outcome';
import type { EvmExecuteDeps } from './evm-execute-types';

export async function settleFromReceipt(
  deps: EvmExecuteDeps,
  row: TradeRow,
  claims: QuoteClaims | undefined,
  receipt: EvmReceipt,
  trade: SignedTxPayload | undefined,
): Promise<TradeOutcome> {
  const decimalsIn = claims?.decimalsIn ?? 18;
  const decimalsOut = claims?.decimalsOut ?? 18;
  if (receipt.status === 'success') {
    const swapped = swappedEvent(deps.chain.routerAddress, receipt);
    const settlement: TradeSettlement = {
      status: 'SUCCESS',
      amountOut: swapped?.amountOut.toString(),
      spent: swapped ? formatUnits(swapped.amountIn, decimalsIn) : undefined,
      received: swapped ? formatUnits(swapped.amountOut, decimalsOut) : undefined,
    };
    // In turn before it is answered: whatever asks about this trade after the answer, here or on another
    // instance, reads the same. Any other settlement of it is read from the same receipt, so it is equal.
    const { turnTaken, written } = deps.trades.settleInTurn(row.id, settlement);
    written.catch((error: unknown) => {
      // The trade stays PENDING in the store; a re-submission or track settles it from the chain again.
      deps.logger.error('trade outcome not stored', {
        chain: deps.chain.info.id,
        txHash: row.tx_hash,
        error: error instanceof Error ? error.message : String(error),
      });
    });
    await turnTaken;
    return outcomeOf(settledRow(row, settlement), claims ?? claimsOf(row));
  }
  const reason = trade ? await replayRevert(deps.chain.rpc, row.wallet as Address, trade, receipt) : undefined;
  const code: TradeFailureCode = reason && reason.code !== 'SIMULATION_FAILED' ? reason.code : 'REVERTED';
  deps.logger.info('trade reverted', { chain: deps.chain.info.id, txHash: row.tx_hash, reason: reason?.reason });
  const settled = await deps.trades.settle(row.id, { status: 'FAILED', parsedError: code });
  return outcomeOf(settled ?? (await deps.trades.findByTxHash(row.tx_hash))!, claims ?? claimsOf(row));
}

/** Why a mined trade reverted: the same call replayed on the state just before its block. */
async function replayRevert(rpc: RpcTransport, from: Address, trade: SignedTxPayload, receipt: EvmReceipt) {
  const parent = toHex(receipt.blockNumber - 1n);
  try {
    await rpc.request('eth_call', [{ from, to: trade.to, value: `0x${trade.value.toString(16)}`, data: trade.data }, parent]);
    return undefined;
  } catch (error) {
    return error instanceof JsonRpcError ? classifyRevert(revertDataOf(error)) : undefined;
  }
}

function swappedEvent(router: string, receipt: EvmReceipt): { amountIn: bigint; amountOut: bigint } | undefined {
  for (const log of receipt.logs) {
    if (log.address.toLowerCase() !== router.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: routerAbi, data: log.data, topics: log.topics as [Hex, ...Hex[]] });
      if (event.eventName === 'Swapped') return { amountIn: event.args.amountIn, amountOut: event.args.amountOut };
    } catch {
      // another of the Router's events
    }
  }
  return undefined;
}
