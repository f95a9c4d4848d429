import { v2Value } from '../contract/tokens';
import { tradeHistory, v2Execute, v2Quote, v2Track } from '../contract/trading';
import { v2ValueAnswer } from '../handlers/tokens';
import { tradeHistoryAnswer, v2ExecuteAnswer, v2QuoteAnswer, v2TrackAnswer } from '../handlers/trading';
import { endpointProcedure, router } from '../trpc';

export const v2Router = router({
  quote: endpointProcedure(v2Quote).query(({ ctx, input }) => v2QuoteAnswer(ctx.services, input)),
  execute: endpointProcedure(v2Execute).mutation(({ ctx, input }) => v2ExecuteAnswer(ctx.services, ctx.principal, input)),
  track: endpointProcedure(v2Track).mutation(({ ctx, input }) => v2TrackAnswer(ctx.services, ctx.principal, input)),
  history: endpointProcedure(tradeHistory).query(({ ctx, input }) => tradeHistoryAnswer(ctx.services, ctx.principal, input)),
  value: endpointProcedure(v2Value).query(({ ctx, input }) => v2ValueAnswer(ctx.services, input)),
});
