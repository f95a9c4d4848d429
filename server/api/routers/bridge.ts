import { bridgeStatusFor, executeBridge, trackBridgeDeposit } from '@/server/bridge/bridge-execute';
import { bridgeDetailsOf } from '@/server/bridge/bridge-status';
import { quoteBridge } from '@/server/bridge/bridge-quote';
import { ownerOf } from '@/server/trading/execute-service';
import {
  bridgeExecute, bridgeQuote, bridgeRequestsInput, bridgeRequestsOutput, bridgeStatus, bridgeStatusOutput, bridgeTrackInput,
} from '../contract/bridge';
import { authedProcedure, endpointProcedure, router } from '../trpc';

export const bridgeRouter = router({
  quote: endpointProcedure(bridgeQuote).query(({ ctx, input }) => quoteBridge(ctx.services.bridge, ownerOf(ctx.principal), input)),
  execute: endpointProcedure(bridgeExecute).mutation(({ ctx, input }) => executeBridge(ctx.services.bridge, input)),
  status: endpointProcedure(bridgeStatus).query(({ ctx, input }) => bridgeStatusFor(ctx.services.bridge, input.requestId)),
  /** The app's pages: a deposit the wallet broadcast itself. */
  track: authedProcedure.input(bridgeTrackInput).output(bridgeStatusOutput)
    .mutation(({ ctx, input }) => trackBridgeDeposit(ctx.services.bridge, input)),
  /** The app's pages: the wallet's bridges, newest first. */
  requests: authedProcedure.input(bridgeRequestsInput).output(bridgeRequestsOutput)
    .query(async ({ ctx, input }) => ({
      success: true as const,
      requests: (await ctx.services.bridge.requests.listForWallet(input.wallet, input.limit)).map(bridgeDetailsOf),
    })),
});
