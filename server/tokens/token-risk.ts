/**
 * What a quote needs to know about the tokens it trades, beyond the price: whether the token is a honeypot,
 * its buy and sell taxes (measured by the tax probe: one `eth_call` buying and selling it back through the
 * Router), and whether any third-party audit vouches for it. Read once per token and kept for a range of
 * blocks (RISK_BLOCKS of the chain's block time, within the bounds below), so a warm quote costs no RPC
 * for it. The wrapped native token and the chain's stable are known and never read.
 */
import { boundedCache } from '@/server/cache/bounded-cache';
import type { ChainDirectory } from '@/server/chains/chain-directory';
import { chainFamily } from '@/server/chains/chain-family';
import { CHAINS, NATIVE_TOKEN_ADDRESS, type ChainId } from '@/server/chains/registry';
import type { AuditDeps } from './audit/audit-token';
import type { ProviderReport } from './audit/providers/provider-adapter';

export interface TokenRisk {
  token: string;
  honeypot: boolean;
  /** Percent of the bought (sold) amount the token keeps. */
  buyTax: number;
  sellTax: number;
  /** Why no third-party audit vouches for the token (none answered, or one could not check it); undefined when one did. */
  unverified?: string;
  /** Danger findings of third-party audits, named by provider (e.g. "GoPlus: honeypot"). */
  providerDangers: string[];
  /** A strategy token: holding it takes a trading permit (strategy-token.ts). */
  permitRequired: boolean;
}

export interface TokenRiskReader {
  /**
   * Risks of the given tokens on `chain`, keyed by lowercase address (each risk's `token` as the caller spelled
   * it: a Solana mint is base58, whose case is part of it); known tokens and native are left out.
   */
  read(chain: ChainId, tokens: readonly string[]): Promise<Map<string, TokenRisk>>;
}

const RISK_BLOCKS = 150;
const MIN_KEEP_MS = 60_000;
const MAX_KEEP_MS = 10 * 60_000;
/** Tokens whose risk is remembered (any caller may name any token: the least recently used make way). */
export const TOKEN_RISK_ENTRIES = 5_000;

export function createTokenRiskReader(deps: AuditDeps & { chains: ChainDirectory }, now: () => number = Date.now): TokenRiskReader {
  const kept = boundedCache<string, { at: number; risk: Promise<TokenRisk | undefined> }>({ name: 'token risks', max: TOKEN_RISK_ENTRIES });
  const readOne = (chain: ChainId, token: string): Promise<TokenRisk | undefined> => {
    const key = `${chain}|${chainFamily(chain).tokenKey(token)}`;
    const keepMs = Math.min(MAX_KEEP_MS, Math.max(MIN_KEEP_MS, CHAINS[chain].blockTimeMs * RISK_BLOCKS));
    const entry = kept.get(key);
    if (entry && now() - entry.at <= keepMs) return entry.risk;
    const risk = measureRisk(deps, chain, token);
    kept.set(key, { at: now(), risk });
    // A failed read is not kept: the next quote tries again.
    risk.catch(() => {
      if (kept.get(key)?.risk === risk) kept.delete(key);
    });
    return risk;
  };
  return {
    async read(chain, tokens) {
      // One read per token whatever its spelling; the read itself gets the token as given.
      const wanted = new Map(tokens.map((token) => [token.toLowerCase(), token] as const));
      for (const key of wanted.keys()) if (isKnownToken(deps.chains, chain, key)) wanted.delete(key);
      const risks = await Promise.all([...wanted].map(async ([key, token]) => [key, await readOne(chain, token).catch(() => undefined)] as const));
      return new Map(risks.flatMap(([key, risk]) => (risk ? [[key, risk] as const] : [])));
    },
  };
}

function isKnownToken(chains: ChainDirectory, chain: ChainId, token: string): boolean {
  const venues = chains[chain].venues;
  const known = [NATIVE_TOKEN_ADDRESS, venues?.wrappedNative, venues?.stable.address];
  return known.some((address) => address?.toLowerCase() === token);
}

async function measureRisk(deps: AuditDeps & { chains: ChainDirectory }, chainId: ChainId, token: string): Promise<TokenRisk | undefined> {
  const chain = deps.chains[chainId];
  const covering = deps.providers.filter((provider) => provider.covers(chain.info));
  const [taxes, permit, reports] = await Promise.all([
    deps.probeTaxes(chain, token),
    deps.families(chainId).tokens.permitRequired(chain, token),
    Promise.all(covering.map((provider) => provider.report(chain.info, token).catch((): ProviderReport => ({ name: provider.name, status: 'unavailable' })))),
  ]);
  return {
    token,
    honeypot: taxes.honeypot || reports.some((report) => report.status === 'ok' && report.verdict === 'honeypot'),
    buyTax: taxes.buyTax,
    sellTax: taxes.sellTax,
    permitRequired: permit,
    unverified: unverifiedReason(reports),
    providerDangers: reports
      .filter((report) => report.status === 'ok' && (report.verdict === 'danger' || report.verdict === 'honeypot'))
      .map((report) => `${report.name}: ${report.detail ?? report.verdict}`),
  };
}

/** Why the providers' reports do not vouch for the token, or undefined when at least one checked it. */
export function unverifiedReason(reports: readonly ProviderReport[]): string | undefined {
  if (reports.some((report) => report.status === 'ok')) return undefined;
  if (reports.length === 0) return 'no third-party audit covers this chain';
  return `no third-party audit could check this token (${reports.map((report) => `${report.name}: ${report.detail ?? report.status}`).join('; ')})`;
}
