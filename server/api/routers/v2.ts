import { v2Value } from '../contract/tokens';
import { tradeHistory, v2Execute, v2Quote, v2Track } from '../contract/trading';
import { v2ValueAnswer } from '../handlers/tokens';
import { tradeHistoryAnswer, v2ExecuteAnswer, v2QuoteAnswer, v2TrackAnswer } from '../handlers/trading';
import { endpointQuery, endpointMutation, router } from '../trpc';

export const v2Router = router({
  quote: endpointQuery(v2Quote, (ctx, input) => v2QuoteAnswer(ctx.services, input)),
  execute: endpointMutation(v2Execute, (ctx, input) => v2ExecuteAnswer(ctx.services, ctx.principal, input)),
  track: endpointMutation(v2Track, (ctx, input) => v2TrackAnswer(ctx.services, ctx.principal, input)),
  history: endpointQuery(tradeHistory, (ctx, input) => tradeHistoryAnswer(ctx.services, ctx.principal, input)),
  value: endpointQuery(v2Value, (ctx, input) => v2ValueAnswer(ctx.services, input)),
});
