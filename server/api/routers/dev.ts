import { sendTestFunds } from '@/server/devnet/faucet';
import { requireLocalWorld } from '@/server/devnet/local-world';
import { devnet, faucet } from '../contract/dev';
import { devnetAnswer } from '../handlers/devnet';
import { endpointProcedure, router } from '../trpc';

export const devRouter = router({
  devnet: endpointProcedure(devnet).query(({ ctx }) => devnetAnswer(ctx.services.localWorld, ctx)),
  faucet: endpointProcedure(faucet).mutation(({ ctx, input }) => sendTestFunds(requireLocalWorld(ctx.services.localWorld), input)),
});
