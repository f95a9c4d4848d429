import { readBalance } from '@/server/balances/read-balance';
import { readTokenBalance } from '@/server/balances/read-token-balance';
import { listChains } from '@/server/chains/list-chains';
import { readPriorityFees } from '@/server/fees/read-priority-fees';
import { balance, chains, priorityFees, tokenBalance } from '../contract/chain-data';
import { poolInfo, tokenAudit, tokenInfo, v1Value } from '../contract/tokens';
import { v1Execute, v1Quote } from '../contract/trading';
import { poolInfoAnswer } from '../handlers/pool-info';
import { tokenAuditAnswer, tokenInfoAnswer, v1ValueAnswer } from '../handlers/tokens';
import { v1ExecuteAnswer, v1QuoteAnswer } from '../handlers/trading';
import { endpointProcedure, router } from '../trpc';

export const v1Router = router({
  quote: endpointProcedure(v1Quote).query(({ ctx, input }) => v1QuoteAnswer(ctx.services, input)),
  execute: endpointProcedure(v1Execute).mutation(({ ctx, input }) => v1ExecuteAnswer(ctx.services, ctx.principal, input)),
  tokenInfo: endpointProcedure(tokenInfo).query(({ ctx, input }) => tokenInfoAnswer(ctx.services, input)),
  tokenAudit: endpointProcedure(tokenAudit).query(({ ctx, input }) => tokenAuditAnswer(ctx.services, input)),
  poolInfo: endpointProcedure(poolInfo).query(({ ctx, input }) => poolInfoAnswer(ctx.services.chains, input)),
  value: endpointProcedure(v1Value).query(({ ctx, input }) => v1ValueAnswer(ctx.services, input)),
  priority: endpointProcedure(priorityFees).query(({ ctx, input }) => readPriorityFees(ctx.services.priorityFees, input)),
  chains: endpointProcedure(chains).query(({ ctx }) => listChains(ctx.services.chains)),
  balance: endpointProcedure(balance).query(({ ctx, input }) => readBalance(ctx.services.balances, input)),
  tokenBalance: endpointProcedure(tokenBalance).query(({ ctx, input }) => readTokenBalance(ctx.services.balances, input)),
});
