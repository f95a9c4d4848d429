/**
 * Every contract endpoint this server answers, by tRPC router and procedure name, each with its one domain
 * call. The tRPC routers (root.ts), the REST run (endpoint-runner.ts) and the route table both servers use
 * (server/rest/api-routes.ts: the production server's, and Next's through app/api/[...path]) are built from
 * this map, so an endpoint is added here once. A test holds it to the contract's list (contract/index.ts).
 */
import { readBalance } from '@/server/balances/read-balance';
import { readTokenBalance } from '@/server/balances/read-token-balance';
import { listChains } from '@/server/doctor/list-chains';
import { sendTestFunds } from '@/server/devnet/faucet';
import { requireLocalWorld } from '@/server/devnet/local-world';
import { readPriorityFees } from '@/server/fees/read-priority-fees';
import { bridgeExecute, bridgeQuote, bridgeStatus } from './contract/bridge';
import { balance, chains, priorityFees, tokenBalance } from './contract/chain-data';
import { devnet, faucet } from './contract/dev';
import { health } from './contract/system';
import { poolInfo, tokenAudit, tokenInfo, v1Value, v2Value } from './contract/tokens';
import { tradeHistory, v2Execute, v2Quote, v2Track } from './contract/trading';
import { v1Execute, v1Quote } from './contract/trading-v1';
import { bridgeExecuteAnswer, bridgeQuoteAnswer, bridgeStatusAnswer } from './handlers/bridge';
import { devnetAnswer } from './handlers/devnet';
import { ownerOf } from './handlers/owner-of';
import { poolInfoAnswer } from './handlers/pool-info';
import { tokenAuditAnswer, tokenInfoAnswer, v1ValueAnswer, v2ValueAnswer } from './handlers/tokens';
import { tradeHistoryAnswer, v1ExecuteAnswer, v1QuoteAnswer, v2ExecuteAnswer, v2QuoteAnswer, v2TrackAnswer } from './handlers/trading';
import { serve, type ServedEndpoint } from './served-endpoint';

export const ENDPOINT_MAP = {
  system: {
    health: serve(health, (ctx) => ctx.services.health.check()),
  },
  v1: {
    quote: serve(v1Quote, (ctx, input) => v1QuoteAnswer(ctx.services, input)),
    execute: serve(v1Execute, (ctx, input) => v1ExecuteAnswer(ctx.services, ctx.principal, input)),
    tokenInfo: serve(tokenInfo, (ctx, input) => tokenInfoAnswer(ctx.services, input)),
    tokenAudit: serve(tokenAudit, (ctx, input) => tokenAuditAnswer(ctx.services, input)),
    poolInfo: serve(poolInfo, (ctx, input) => poolInfoAnswer(ctx.services, input)),
    value: serve(v1Value, (ctx, input) => v1ValueAnswer(ctx.services, input)),
    priority: serve(priorityFees, (ctx, input) => readPriorityFees(ctx.services.priorityFees, input)),
    chains: serve(chains, async (ctx) => listChains(ctx.services.chains, (await ctx.services.doctor()).chains)),
    balance: serve(balance, (ctx, input) => readBalance(ctx.services.balances, input)),
    tokenBalance: serve(tokenBalance, (ctx, input) => readTokenBalance(ctx.services.balances, input)),
  },
  v2: {
    quote: serve(v2Quote, (ctx, input) => v2QuoteAnswer(ctx.services, input)),
    execute: serve(v2Execute, (ctx, input) => v2ExecuteAnswer(ctx.services, ctx.principal, input)),
    track: serve(v2Track, (ctx, input) => v2TrackAnswer(ctx.services, ctx.principal, input)),
    history: serve(tradeHistory, (ctx, input) => tradeHistoryAnswer(ctx.services, ctx.principal, input)),
    value: serve(v2Value, (ctx, input) => v2ValueAnswer(ctx.services, input)),
  },
  bridge: {
    quote: serve(bridgeQuote, (ctx, input) => bridgeQuoteAnswer(ctx.services.bridge, ownerOf(ctx.principal), input)),
    execute: serve(bridgeExecute, (ctx, input) => bridgeExecuteAnswer(ctx.services.bridge, input)),
    status: serve(bridgeStatus, (ctx, input) => bridgeStatusAnswer(ctx.services.bridge, input.requestId)),
  },
  /** The local chain world's endpoints: 404 on a server with real RPCs, left out of the document. */
  dev: {
    devnet: serve(devnet, (ctx) => devnetAnswer(ctx.services.localWorld, ctx)),
    faucet: serve(faucet, (ctx, input) => sendTestFunds(requireLocalWorld(ctx.services.localWorld), input)),
  },
} as const;

/** The map as one list, in the map's order (the route table's order). */
export const SERVED_ENDPOINTS: readonly ServedEndpoint[] = Object.values(ENDPOINT_MAP).flatMap((group) => Object.values<ServedEndpoint>(group));

/** The served endpoint of a procedure name such as `v1.quote`. */
export function servedEndpoint(procedure: string): ServedEndpoint {
  const found = SERVED_ENDPOINTS.find((served) => served.endpoint.procedure === procedure);
  if (!found) throw new Error(`no endpoint for procedure ${procedure}`);
  return found;
}
