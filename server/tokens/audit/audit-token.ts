/**
 * A token's security audit: our own checks (always made, from the chain) and third-party providers'
 * verdicts beside them (GoPlus on EVM chains, RugCheck on Solana), read at the same time. The verdict and
 * score come from our checks alone; see verdict.ts for how.
 */
import type { ChainDirectory } from '@/server/chains/chain-directory';
import type { ChainId } from '@/server/chains/registry';
import type { ConfiguredChain } from '@/server/chains/chain-directory';
import type { ProbeTaxes } from './evm-checks';
import type { ProviderAdapter, ProviderReport } from './providers/provider-adapter';
import { scoreOf, verdictOf, type AuditCheck, type AuditVerdict } from './verdict';

/** A family's part in the audit (server/tokens/token-family.ts): its own checks, and whether a token needs a permit. */
export interface AuditFamilyPart {
  auditChecks(chain: ConfiguredChain, token: string, probeTaxes: ProbeTaxes): Promise<AuditCheck[]>;
  permitRequired(chain: ConfiguredChain, token: string): Promise<boolean>;
}

export interface AuditDeps {
  chains: ChainDirectory;
  /** Each chain's family object (server/family-services.ts): here, its audit part. */
  families: (chain: ChainId) => { tokens: AuditFamilyPart };
  /** Any chain's taxes (each family's probe, through `families`, in the app). */
  probeTaxes: ProbeTaxes;
  /** Asked when they cover the token's chain; each answers `unavailable` rather than failing. */
  providers: readonly ProviderAdapter[];
}

export interface TokenAudit {
  chain: ChainId;
  verdict: AuditVerdict;
  /** 0 to 100, 100 best. */
  score: number;
  checks: AuditCheck[];
  providers: ProviderReport[];
}

export async function auditToken(deps: AuditDeps, chainId: ChainId, token: string): Promise<TokenAudit> {
  const chain = deps.chains[chainId];
  const covering = deps.providers.filter((provider) => provider.covers(chain.info));
  const [checks, providers] = await Promise.all([
    deps.families(chainId).tokens.auditChecks(chain, token, deps.probeTaxes),
    Promise.all(
      covering.map((provider) =>
        provider.report(chain.info, token).catch((error: unknown): ProviderReport => ({
          name: provider.name,
          status: 'unavailable',
          detail: `${provider.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        })),
      ),
    ),
  ]);
  return { chain: chainId, verdict: verdictOf(checks), score: scoreOf(checks), checks, providers };
}
