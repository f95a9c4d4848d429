/**
 * Everything a quote reads from the chain, in two JSON-RPC requests: the state of the pools the trade can
 * use (server/routing finds the candidate routes from it), then one batch with the QuoteLens (each candidate
 * run through the real Router call as the trader), the trader's pending nonce and native balance. Fees per
 * priority level come from the per-block cache alongside.
 */
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import { batchAnswer } from '@/server/chains/rpc-answers';
import type { LevelFees, PriorityLevel } from '@/server/fees/fee-levels';
import { findRoutes } from '@/server/routing/find-route';
import { decodeLensResult, lensCall, ZERO_ADDRESS, type LensResult } from '@/server/routing/lens-client';
import type { FeeSplit } from '../fee-model';
import { tradeFailure } from '../trade-failures';

export interface QuoteReadRequest {
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  fees: FeeSplit;
  integrator: Address;
  approvalToken: Address | undefined;
  priority: PriorityLevel;
}

export interface QuoteState {
  lens: LensResult;
  nonce: number;
  nativeBalance: bigint;
  fees: LevelFees;
}

const hexQuantity = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => (hex === '0x' ? 0n : BigInt(hex)));
const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/).transform((hex) => hex as Hex);

export async function readQuoteState(
  chain: ConfiguredChain,
  venues: EvmVenues,
  feeReader: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: QuoteReadRequest,
  amountIn: bigint,
): Promise<QuoteState> {
  const levelsRead = feeReader.read(chain.info.id);
  const routes = await findRoutes(chain, venues, {
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    swapAmount: swapAmount(request, amountIn),
    gasPrice: async () => (await levelsRead)[request.priority].maxFeePerGas,
  });
  const call = lensCall(venues, {
    router: chain.routerAddress as Address,
    trader: request.trader,
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    amountIn,
    protocolFeeBps: request.fees.protocolBps,
    integratorFeeBps: request.fees.integratorBps,
    integrator: request.integrator,
    approvalToken: request.approvalToken ?? ZERO_ADDRESS,
    // Always: the simulation is how routes are priced; `requireSimulation` only refuses the pool-math fallback.
    simulate: true,
    routes,
  });
  const [answers, levels] = await Promise.all([
    chain.rpc.requestBatch([
      call,
      { method: 'eth_getTransactionCount', params: [request.trader, 'pending'] },
      { method: 'eth_getBalance', params: [request.trader, 'latest'] },
    ]),
    levelsRead,
  ]);
  if (answers[0] && !answers[0].ok) {
    // The lens itself reverted: a token that breaks ERC-20 calls, not an RPC failure.
    throw tradeFailure('SIMULATION_FAILED', answers[0].error.message);
  }
  return {
    lens: decodeLensResult(batchAnswer(chain.info.id, 'eth_call', hexData, answers[0]), routes),
    nonce: Number(batchAnswer(chain.info.id, 'eth_getTransactionCount', hexQuantity, answers[1])),
    nativeBalance: batchAnswer(chain.info.id, 'eth_getBalance', hexQuantity, answers[2]),
    fees: levels[request.priority],
  };
}

/** What the Router's legs swap: the input less input-side fees (a token sold for native pays them from the output). */
function swapAmount(request: QuoteReadRequest, amountIn: bigint): bigint {
  if (request.tokenIn !== ZERO_ADDRESS && request.tokenOut === ZERO_ADDRESS) return amountIn;
  return amountIn - (amountIn * BigInt(request.fees.protocolBps)) / 10_000n - (amountIn * BigInt(request.fees.integratorBps)) / 10_000n;
}
