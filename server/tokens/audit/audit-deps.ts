/**
 * The audit's dependencies from the app's configuration: the chains, the tax probe, and the providers at the
 * URLs the configuration names (unset offline, where they answer `unavailable`).
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { Config } from '@/server/config/env';
import { probeTaxes } from '@/server/tokens/tax-probe';
import type { AuditDeps } from './audit-token';
import { createGoPlusAdapter } from './providers/goplus';
import { createRugCheckAdapter } from './providers/rugcheck';

export interface AuditSetup {
  chains: ChainDirectory;
  config: Pick<Config, 'GOPLUS_API_URL' | 'RUGCHECK_API_URL'>;
}

export function createAuditDeps(setup: AuditSetup, fetchImpl?: typeof fetch): AuditDeps {
  return {
    chains: setup.chains,
    probeTaxes,
    providers: [
      createGoPlusAdapter({ baseUrl: setup.config.GOPLUS_API_URL, fetch: fetchImpl }),
      createRugCheckAdapter({ baseUrl: setup.config.RUGCHECK_API_URL, fetch: fetchImpl }),
    ],
  };
}
