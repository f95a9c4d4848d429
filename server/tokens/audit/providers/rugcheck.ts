/**
 * RugCheck (Solana): `GET {RUGCHECK_API_URL}/v1/tokens/{mint}/report/summary`. The summary carries
 * `score_normalised` (0 to 100, higher is riskier) and `risks[]`, each with a `name` and a `level`
 * ("danger", "warn" or "info"). The verdict follows the worst level RugCheck reports. A level we do not know,
 * or an `error` in the summary, leaves the report unverified (never clean), unless a danger was found anyway.
 */
import { z } from 'zod';
import { chainFamily } from '@/server/chains/chain-family';
import type { ChainInfo } from '@/server/chains/registry';
import {
  fetchProviderJson,
  joinUrl,
  unavailable,
  unverified,
  type ProviderAdapter,
  type ProviderOptions,
  type ProviderReport,
  NOT_CONSULTED,
} from './provider-adapter';

const NAME = 'RugCheck';

const summary = z
  .object({
    score: z.number().optional(),
    score_normalised: z.number().optional(),
    risks: z
      .array(
        z.object({
          name: z.string(),
          level: z.string(),
          value: z.string().optional(),
          description: z.string().optional(),
          score: z.number().optional(),
        }),
      )
      .nullable()
      .optional(),
    lpLockedPct: z.number().nullable().optional(),
    tokenProgram: z.string().optional(),
    error: z.string().nullable().optional(),
  })
  .passthrough();

const KNOWN_LEVELS = new Set(['danger', 'warn', 'info']);

export function createRugCheckAdapter(options: ProviderOptions): ProviderAdapter {
  return {
    name: NAME,
    covers: (chain: ChainInfo) => chainFamily(chain.id).tokenStandard === 'spl',
    async report(_chain, mint): Promise<ProviderReport> {
      if (!options.baseUrl) return unavailable(NAME, NOT_CONSULTED);
      const url = joinUrl(options.baseUrl, `v1/tokens/${encodeURIComponent(mint)}/report/summary`);
      const fetched = await fetchProviderJson(NAME, options, url, summary);
      if (!fetched.ok) return unavailable(NAME, fetched.detail);
      const { risks, score_normalised: normalised, error } = fetched.body;
      if (!risks && normalised === undefined && !error) return unavailable(NAME, 'RugCheck answered without a score or risks.');
      const list = risks ?? [];
      const named = list.filter((risk) => risk.level !== 'info').map((risk) => `${risk.name} (${risk.level}${risk.value ? `, ${risk.value}` : ''})`);
      const gaps = [
        ...(error ? [`RugCheck reported an error: ${error}`] : []),
        ...[...new Set(list.map((risk) => risk.level).filter((level) => !KNOWN_LEVELS.has(level)))].map((level) => `risk level "${level}" not understood`),
      ];
      const parts = [...(normalised !== undefined ? [`risk score ${normalised}/100`] : []), named.length > 0 ? named.join(', ') : 'no risks', ...gaps];
      if (list.some((risk) => risk.level === 'danger')) return { name: NAME, status: 'ok', verdict: 'danger', detail: parts.join('; ') };
      if (gaps.length > 0) return unverified(NAME, parts.join('; '));
      return { name: NAME, status: 'ok', verdict: list.some((risk) => risk.level === 'warn') ? 'caution' : 'clean', detail: parts.join('; ') };
    },
  };
}
