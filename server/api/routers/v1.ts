import { readBalance } from '@/server/balances/read-balance';
import { readTokenBalance } from '@/server/balances/read-token-balance';
import { listChains } from '@/server/chains/list-chains';
import { notImplemented } from '@/server/errors';
import { readPriorityFees } from '@/server/fees/read-priority-fees';
import { executeV1 } from '@/server/trading/execute-service';
import { quoteV1 } from '@/server/trading/quote-service';
import { tokenAuditAnswer } from '@/server/tokens/audit/token-audit-answer';
import { tokenInfoFor } from '@/server/tokens/token-info';
import { valueV1 } from '@/server/tokens/value';
import { poolInfoAnswer } from '../handlers/pool-info';
import { balance, chains, priorityFees, tokenBalance } from '../contract/chain-data';
import { poolInfo, tokenAudit, tokenInfo, v1Value } from '../contract/tokens';
import { v1Execute, v1Quote } from '../contract/trading';
import { endpointProcedure, router } from '../trpc';

export const v1Router = router({
  quote: endpointProcedure(v1Quote).query(({ ctx, input }) => quoteV1(ctx.services, input)),
  execute: endpointProcedure(v1Execute).mutation(({ ctx, input }) => executeV1(ctx.services, ctx.principal, input)),
  tokenInfo: endpointProcedure(tokenInfo).query(({ ctx, input }) => tokenInfoFor(ctx.services, input)),
  tokenAudit: endpointProcedure(tokenAudit).query(({ ctx, input }) => tokenAuditAnswer(ctx.services, input)),
  poolInfo: endpointProcedure(poolInfo).query(({ ctx, input }) => poolInfoAnswer(ctx.services.chains, input)),
  value: endpointProcedure(v1Value).query(({ ctx, input }) => valueV1(ctx.services, input)),
  priority: endpointProcedure(priorityFees).query(({ ctx, input }) => readPriorityFees(ctx.services.priorityFees, input)),
  chains: endpointProcedure(chains).query(({ ctx }) => listChains(ctx.services.chains)),
  balance: endpointProcedure(balance).query(({ ctx, input }) => readBalance(ctx.services.balances, input)),
  tokenBalance: endpointProcedure(tokenBalance).query(({ ctx, input }) => readTokenBalance(ctx.services.balances, input)),
});
