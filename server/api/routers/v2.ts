import { executeV2, tradeHistoryFor, trackV2 } from '@/server/trading/execute-service';
import { quoteV2 } from '@/server/trading/quote-service';
import { valueV2 } from '@/server/tokens/value';
import { v2Value } from '../contract/tokens';
import { tradeHistory, v2Execute, v2Quote, v2Track } from '../contract/trading';
import { endpointProcedure, router } from '../trpc';

export const v2Router = router({
  quote: endpointProcedure(v2Quote).query(({ ctx, input }) => quoteV2(ctx.services, input)),
  execute: endpointProcedure(v2Execute).mutation(({ ctx, input }) => executeV2(ctx.services, ctx.principal, input)),
  track: endpointProcedure(v2Track).mutation(({ ctx, input }) => trackV2(ctx.services, ctx.principal, input)),
  history: endpointProcedure(tradeHistory).query(({ ctx, input }) => tradeHistoryFor(ctx.services, ctx.principal, input)),
  value: endpointProcedure(v2Value).query(({ ctx, input }) => valueV2(ctx.services, input)),
});
