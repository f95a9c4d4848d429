import { health } from '../contract/system';
import { endpointQuery, router } from '../trpc';

export const systemRouter = router({
  health: endpointQuery(health, (ctx) => ctx.services.health.check()),
});
