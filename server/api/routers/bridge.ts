import { bridgeRequestsInput, bridgeRequestsOutput, bridgeStatusOutput, bridgeTrackInput } from '../contract/bridge';
import { bridgeRequestsAnswer, bridgeTrackAnswer } from '../handlers/bridge';
import { withChecksummedAddresses } from '../contract/answer-addresses';
import { ENDPOINT_MAP } from '../endpoint-map';
import { proceduresOf } from '../endpoint-procedures';
import { authedProcedure, router } from '../trpc';

/** The bridge's contract endpoints (quote, execute, status), and two procedures of the app's pages. */
export const bridgeRouter = router({
  ...proceduresOf(ENDPOINT_MAP.bridge),
  /** The app's pages: a deposit the wallet broadcast itself. */
  track: authedProcedure
    .input(bridgeTrackInput)
    .output(withChecksummedAddresses(bridgeStatusOutput))
    .mutation(({ ctx, input }) => bridgeTrackAnswer(ctx.services.bridge, input)),
  /** The app's pages: the wallet's bridges, newest first. */
  requests: authedProcedure
    .input(bridgeRequestsInput)
    .output(withChecksummedAddresses(bridgeRequestsOutput))
    .query(({ ctx, input }) => bridgeRequestsAnswer(ctx.services.bridge, input)),
});
