import { readBalance } from '@/server/balances/read-balance';
import { readTokenBalance } from '@/server/balances/read-token-balance';
import { listChains } from '@/server/doctor/list-chains';
import { readPriorityFees } from '@/server/fees/read-priority-fees';
import { balance, chains, priorityFees, tokenBalance } from '../contract/chain-data';
import { poolInfo, tokenAudit, tokenInfo, v1Value } from '../contract/tokens';
import { v1Execute, v1Quote } from '../contract/trading';
import { poolInfoAnswer } from '../handlers/pool-info';
import { tokenAuditAnswer, tokenInfoAnswer, v1ValueAnswer } from '../handlers/tokens';
import { v1ExecuteAnswer, v1QuoteAnswer } from '../handlers/trading';
import { endpointQuery, endpointMutation, router } from '../trpc';

export const v1Router = router({
  quote: endpointQuery(v1Quote, (ctx, input) => v1QuoteAnswer(ctx.services, input)),
  execute: endpointMutation(v1Execute, (ctx, input) => v1ExecuteAnswer(ctx.services, ctx.principal, input)),
  tokenInfo: endpointQuery(tokenInfo, (ctx, input) => tokenInfoAnswer(ctx.services, input)),
  tokenAudit: endpointQuery(tokenAudit, (ctx, input) => tokenAuditAnswer(ctx.services, input)),
  poolInfo: endpointQuery(poolInfo, (ctx, input) => poolInfoAnswer(ctx.services.chains, input)),
  value: endpointQuery(v1Value, (ctx, input) => v1ValueAnswer(ctx.services, input)),
  priority: endpointQuery(priorityFees, (ctx, input) => readPriorityFees(ctx.services.priorityFees, input)),
  chains: endpointQuery(chains, async (ctx) => listChains(ctx.services.chains, (await ctx.services.doctor()).chains)),
  balance: endpointQuery(balance, (ctx, input) => readBalance(ctx.services.balances, input)),
  tokenBalance: endpointQuery(tokenBalance, (ctx, input) => readTokenBalance(ctx.services.balances, input)),
});
