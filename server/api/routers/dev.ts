import { sendTestFunds } from '@/server/devnet/faucet';
import { requireLocalWorld } from '@/server/devnet/local-world';
import { devnet, faucet } from '../contract/dev';
import { devnetAnswer } from '../handlers/devnet';
import { endpointQuery, endpointMutation, router } from '../trpc';

export const devRouter = router({
  devnet: endpointQuery(devnet, (ctx) => devnetAnswer(ctx.services.localWorld, ctx)),
  faucet: endpointMutation(faucet, (ctx, input) => sendTestFunds(requireLocalWorld(ctx.services.localWorld), input)),
});
