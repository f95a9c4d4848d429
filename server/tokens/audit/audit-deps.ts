/**
 * The audit's dependencies from the app's services: the chains, the tax probe, and the providers at the
 * URLs the configuration names (unset offline, where they answer `unavailable`).
 */
import type { Services } from '@/server/services';
import { probeTaxes } from '@/server/tokens/tax-probe';
import type { AuditDeps } from './audit-token';
import { createGoPlusAdapter } from './providers/goplus';
import { createRugCheckAdapter } from './providers/rugcheck';

export function createAuditDeps(services: Pick<Services, 'chains' | 'config'>, fetchImpl?: typeof fetch): AuditDeps {
  return {
    chains: services.chains,
    probeTaxes,
    providers: [
      createGoPlusAdapter({ baseUrl: services.config.GOPLUS_API_URL, fetch: fetchImpl }),
      createRugCheckAdapter({ baseUrl: services.config.RUGCHECK_API_URL, fetch: fetchImpl }),
    ],
  };
}
