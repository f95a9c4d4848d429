/**
 * The audit's dependencies from the app's configuration: the chains, the tax probe, and the providers at the
 * URLs the configuration names (unset offline, where they answer `unavailable`).
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { Config } from '@/server/config/env';
import type { ChainId } from '@/server/chains/registry';
import type { TaxProbePart } from '@/server/tokens/token-family';
import type { AuditDeps, AuditFamilyPart } from './audit-token';
import { createGoPlusAdapter } from './providers/goplus';
import { createRugCheckAdapter } from './providers/rugcheck';

export interface AuditSetup {
  chains: ChainDirectory;
  /** Each chain's family object (server/family-services.ts): its audit part and its tax probe. */
  families: (chain: ChainId) => { tokens: AuditFamilyPart & TaxProbePart };
  config: Pick<Config, 'GOPLUS_API_URL' | 'RUGCHECK_API_URL'>;
}

export function createAuditDeps(setup: AuditSetup, fetchImpl?: typeof fetch): AuditDeps {
  return {
    chains: setup.chains,
    families: setup.families,
    probeTaxes: (chain, token) => setup.families(chain.info.id).tokens.probeTaxes(chain, token),
    providers: [
      createGoPlusAdapter({ baseUrl: setup.config.GOPLUS_API_URL, fetch: fetchImpl }),
      createRugCheckAdapter({ baseUrl: setup.config.RUGCHECK_API_URL, fetch: fetchImpl }),
    ],
  };
}
