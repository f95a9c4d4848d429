/**
 * Everything a quote reads from the chain: one batch with the QuoteLens (each candidate route run through
 * the real Router call as the trader), the trader's pending nonce and native balance, and the current state
 * of the pools the candidates were chosen from (server/routing: from the state remembered from the last
 * quote over them, or read just before when there is none). When the current state picks other routes,
 * they are verified in a second request. Fees per priority level come from the per-block cache alongside.
 */
import type { Address, Hex } from 'viem';
import { z } from 'zod';
import type { ConfiguredChain, EvmVenues } from '@/server/chains/chain-directory';
import type { RpcBatchAnswer } from '@/server/chains/json-rpc';
import { batchAnswer } from '@/server/chains/rpc-answers';
import type { LevelFees, PriorityLevel } from '@/server/chains/fee-levels';
import { draftRoutes } from '@/server/routing/find-route';
import { NATIVE_TOKEN_ADDRESS } from '@/server/chains/registry';
import { decodeLensResult, lensCall, type LensResult } from '@/server/routing/lens-client';
import type { EvmQuoteCaches } from './evm-quote-caches';
import { curveTokens, launchFeePreTrades, permitPreTrade, type PreTrade } from './pre-trade';
import type { FeeSplit } from '@/server/fees/fee-model';
import { tradeFailure } from '@/server/trade-failures';

export interface QuoteReadRequest {
  trader: Address;
  tokenIn: Address;
  tokenOut: Address;
  fees: FeeSplit;
  integrator: Address;
  approvalToken: Address | undefined;
  priority: PriorityLevel;
  /** Strategy tokens of the trade: the trader's permit is read, and granted first in the simulations. */
  permitTokens?: readonly Address[];
}

export interface QuoteState {
  lens: LensResult;
  /** The block whose state the lens priced the routes on (the quote's amounts are that block's). */
  blockNumber: bigint;
  nonce: number;
  nativeBalance: bigint;
  fees: LevelFees;
  /** Transactions the trader still has to send before the trade, with the gas each used in the lens. */
  preTradesNeeded: (PreTrade & { gas: bigint })[];
}

const hexQuantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => (hex === '0x' ? 0n : BigInt(hex)));
const hexData = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((hex) => hex as Hex);

export async function readQuoteState(
  caches: EvmQuoteCaches,
  chain: ConfiguredChain,
  venues: EvmVenues,
  feeReader: { read(chain: ConfiguredChain['info']['id']): Promise<Record<PriorityLevel, LevelFees>> },
  request: QuoteReadRequest,
  amountIn: bigint,
): Promise<QuoteState> {
  const levelsRead = feeReader.read(chain.info.id);
  const draft = await draftRoutes(caches.routing, chain, venues, {
    tokenIn: request.tokenIn,
    tokenOut: request.tokenOut,
    swapAmount: swapAmount(request, amountIn),
    gasPrice: async () => (await levelsRead)[request.priority].maxFeePerGas,
  });
  const lensRequest = (routes: typeof draft.routes) =>
    lensCall(venues, {
      router: chain.routerAddress as Address,
      trader: request.trader,
      tokenIn: request.tokenIn,
      tokenOut: request.tokenOut,
      amountIn,
      protocolFeeBps: request.fees.protocolBps,
      integratorFeeBps: request.fees.integratorBps,
      integrator: request.integrator,
      approvalToken: request.approvalToken ?? NATIVE_TOKEN_ADDRESS,
      // Always: the simulation is how routes are priced; `requireSimulation` only refuses the pool-math fallback.
      simulate: true,
      routes,
      // Run whether or not the trader still needs them (a permit is idempotent, a fee credit is spent by the
      // simulated trade alone): the batch says which ones the quote hands out.
      preCalls: preTrades.map(({ target, value, data }) => ({ target, value, data })),
    });
  const preTrades = [
    ...(request.permitTokens ?? []).map((token) => permitPreTrade(token, request.trader)),
    ...(await launchFeePreTrades(caches.launchFees, chain, draft.routes, request.trader, chain.routerAddress as Address)),
  ];
  // Where `block.number` in a call is another chain's (Arbitrum), the head rides along with the lens instead.
  const headCall = chain.info.callBlockNumber === 'parent-chain' ? [{ method: 'eth_blockNumber', params: [] }] : [];
  const [answers, levels] = await Promise.all([
    chain.rpc.requestBatch([
      lensRequest(draft.routes),
      { method: 'eth_getTransactionCount', params: [request.trader, 'pending'] },
      { method: 'eth_getBalance', params: [request.trader, 'latest'] },
      ...preTrades.map((preTrade) => preTrade.check),
      ...(draft.stateCall ? [draft.stateCall] : []),
      ...headCall,
    ]),
    levelsRead,
  ]);
  let routes = draft.routes;
  let lensAnswer = answers[0];
  let headAnswer = headCall.length > 0 ? answers.at(-1) : undefined;
  const recheck = draft.recheck?.(answers[3 + preTrades.length]);
  if (recheck) {
    // The pools moved enough to pick other routes: verify those (the nonce and balance read stand).
    routes = recheck;
    [lensAnswer, headAnswer] = await chain.rpc.requestBatch([lensRequest(routes), ...headCall]);
  }
  if (lensAnswer && !lensAnswer.ok) {
    // The lens itself reverted: a token that breaks ERC-20 calls, not an RPC failure.
    throw tradeFailure('SIMULATION_FAILED', lensAnswer.error.message);
  }
  const lens = decodeLensResult(batchAnswer(chain.info.id, 'eth_call', hexData, lensAnswer), routes);
  // Routes rechecked away from a curve (it graduated) no longer need its fee.
  const curves = curveTokens(chain, routes);
  const preTradesNeeded = preTrades.flatMap((preTrade, index) => {
    if (preTrade.curveToken && !curves.has(preTrade.curveToken.toLowerCase())) return [];
    return preTrade.needed(batchAnswer(chain.info.id, 'eth_call', hexData, answers[3 + index])) ? [{ ...preTrade, gas: lens.preCallGas[index] ?? 0n }] : [];
  });
  return {
    lens,
    blockNumber: pricedBlock(chain, lens, headAnswer),
    preTradesNeeded,
    nonce: Number(batchAnswer(chain.info.id, 'eth_getTransactionCount', hexQuantity, answers[1])),
    nativeBalance: batchAnswer(chain.info.id, 'eth_getBalance', hexQuantity, answers[2]),
    fees: levels[request.priority],
  };
}

/**
 * The block the lens priced on: its own `block.number` (an eth_call runs on the state of the block it names,
 * 'latest' here, with that block's number), or the head read beside it where `block.number` is the parent
 * chain's (Arbitrum; a block sealed while the batch ran could put the head one ahead of the call's state).
 */
export function pricedBlock(chain: Pick<ConfiguredChain, 'info'>, lens: Pick<LensResult, 'blockNumber'>, headAnswer: RpcBatchAnswer | undefined): bigint {
  if (chain.info.callBlockNumber !== 'parent-chain') return lens.blockNumber;
  return batchAnswer(chain.info.id, 'eth_blockNumber', hexQuantity, headAnswer);
}

/** What the Router's legs swap: the input less input-side fees (a token sold for native pays them from the output). */
function swapAmount(request: QuoteReadRequest, amountIn: bigint): bigint {
  if (request.tokenIn !== NATIVE_TOKEN_ADDRESS && request.tokenOut === NATIVE_TOKEN_ADDRESS) return amountIn;
  return amountIn - (amountIn * BigInt(request.fees.protocolBps)) / 10_000n - (amountIn * BigInt(request.fees.integratorBps)) / 10_000n;
}
