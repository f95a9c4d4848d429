import { notImplemented } from '@/server/errors';
import { bridgeExecute, bridgeQuote, bridgeStatus } from '../contract/bridge';
import { endpointProcedure, router } from '../trpc';

export const bridgeRouter = router({
  quote: endpointProcedure(bridgeQuote).query(() => { throw notImplemented('Bridging'); }),
  execute: endpointProcedure(bridgeExecute).mutation(() => { throw notImplemented('Bridging'); }),
  status: endpointProcedure(bridgeStatus).query(() => { throw notImplemented('Bridging'); }),
});
