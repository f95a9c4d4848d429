import { health } from '../contract/system';
import { endpointProcedure, router } from '../trpc';

export const systemRouter = router({
  health: endpointProcedure(health).query(({ ctx }) => ctx.services.health.check()),
});
