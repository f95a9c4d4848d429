import {
  bridgeExecute, bridgeQuote, bridgeRequestsInput, bridgeRequestsOutput, bridgeStatus, bridgeStatusOutput, bridgeTrackInput,
} from '../contract/bridge';
import {
  bridgeExecuteAnswer, bridgeQuoteAnswer, bridgeRequestsAnswer, bridgeStatusAnswer, bridgeTrackAnswer,
} from '../handlers/bridge';
import { withChecksummedAddresses } from '../contract/answer-addresses';
import { ownerOf } from '../handlers/owner-of';
import { authedProcedure, endpointQuery, endpointMutation, router } from '../trpc';

export const bridgeRouter = router({
  quote: endpointQuery(bridgeQuote, (ctx, input) => bridgeQuoteAnswer(ctx.services.bridge, ownerOf(ctx.principal), input)),
  execute: endpointMutation(bridgeExecute, (ctx, input) => bridgeExecuteAnswer(ctx.services.bridge, input)),
  status: endpointQuery(bridgeStatus, (ctx, input) => bridgeStatusAnswer(ctx.services.bridge, input.requestId)),
  /** The app's pages: a deposit the wallet broadcast itself. */
  track: authedProcedure.input(bridgeTrackInput).output(withChecksummedAddresses(bridgeStatusOutput))
    .mutation(({ ctx, input }) => bridgeTrackAnswer(ctx.services.bridge, input)),
  /** The app's pages: the wallet's bridges, newest first. */
  requests: authedProcedure.input(bridgeRequestsInput).output(withChecksummedAddresses(bridgeRequestsOutput))
    .query(({ ctx, input }) => bridgeRequestsAnswer(ctx.services.bridge, input)),
});
