/**
 * RugCheck (Solana): `GET {RUGCHECK_API_URL}/v1/tokens/{mint}/report/summary`. The summary carries
 * `score_normalised` (0 to 100, higher is riskier) and `risks[]`, each with a `name` and a `level`
 * ("danger", "warn" or "info"). The verdict follows the worst level RugCheck reports.
 */
import { z } from 'zod';
import type { ChainInfo } from '@/server/chains/registry';
import { fetchProviderJson, joinUrl, unavailable, type ProviderAdapter, type ProviderOptions, type ProviderReport } from './provider-adapter';

const NAME = 'RugCheck';

const summary = z.object({
  score: z.number().optional(),
  score_normalised: z.number().optional(),
  risks: z.array(z.object({
    name: z.string(),
    level: z.string(),
    value: z.string().optional(),
    description: z.string().optional(),
    score: z.number().optional(),
  })).nullable().optional(),
  lpLockedPct: z.number().nullable().optional(),
  tokenProgram: z.string().optional(),
}).passthrough();

export function createRugCheckAdapter(options: ProviderOptions): ProviderAdapter {
  return {
    name: NAME,
    covers: (chain: ChainInfo) => chain.family === 'solana',
    async report(_chain, mint): Promise<ProviderReport> {
      if (!options.baseUrl) return unavailable(NAME, 'RUGCHECK_API_URL is not set.');
      const url = joinUrl(options.baseUrl, `v1/tokens/${encodeURIComponent(mint)}/report/summary`);
      const fetched = await fetchProviderJson(NAME, options, url, summary);
      if (!fetched.ok) return unavailable(NAME, fetched.detail);
      const { risks, score_normalised: normalised } = fetched.body;
      if (!risks && normalised === undefined) return unavailable(NAME, 'RugCheck answered without a score or risks.');
      const list = risks ?? [];
      const verdict = list.some((risk) => risk.level === 'danger') ? 'danger' : list.some((risk) => risk.level === 'warn') ? 'caution' : 'clean';
      const named = list.filter((risk) => risk.level !== 'info').map((risk) => `${risk.name} (${risk.level}${risk.value ? `, ${risk.value}` : ''})`);
      const parts = [
        ...(normalised !== undefined ? [`risk score ${normalised}/100`] : []),
        named.length > 0 ? named.join(', ') : 'no risks',
      ];
      return { name: NAME, status: 'ok', verdict, detail: parts.join('; ') };
    },
  };
}
