import { withChecksummedAddresses } from '../contract/answer-addresses';
import { transactionViewInput, transactionViewOutput } from '../contract/transactions';
import { transactionViewAnswer } from '../handlers/transactions';
import { authedProcedure, router } from '../trpc';

/** The app's transaction page (tRPC only). */
export const transactionsRouter = router({
  view: authedProcedure
    .input(transactionViewInput)
    .output(withChecksummedAddresses(transactionViewOutput))
    .query(({ ctx, input }) => transactionViewAnswer(ctx.services, input)),
});
