/**
 * GoPlus token security (EVM): `GET {GOPLUS_API_URL}/api/v1/token_security/{chainId}?contract_addresses={token}`.
 * The answer is `{ code, message, result: { <lowercase address>: { ...flags } } }` where flags are "0"/"1"
 * strings and taxes are fractions as strings ("0.05" = 5 %), empty when GoPlus could not tell. Code 1 is a
 * full answer, 2 a partial one; anything else, or no entry for the token, is unavailable.
 */
import { z } from 'zod';
import type { ChainInfo } from '@/server/chains/registry';
import { fetchProviderJson, joinUrl, unavailable, type ProviderAdapter, type ProviderOptions, type ProviderReport } from './provider-adapter';

const NAME = 'GoPlus';
const flag = z.string().optional();

const tokenSecurity = z.object({
  is_honeypot: flag,
  cannot_sell_all: flag,
  buy_tax: flag,
  sell_tax: flag,
  is_mintable: flag,
  is_blacklisted: flag,
  transfer_pausable: flag,
  is_proxy: flag,
  owner_change_balance: flag,
  hidden_owner: flag,
  selfdestruct: flag,
  can_take_back_ownership: flag,
  slippage_modifiable: flag,
  is_open_source: flag,
}).passthrough();

const answer = z.object({
  code: z.number(),
  message: z.string().optional(),
  result: z.record(z.string(), tokenSecurity).nullable().optional(),
});

/** Flags that make GoPlus's report dangerous, then ones that call for caution; named as we show them. */
const DANGER_FLAGS = {
  cannot_sell_all: 'cannot sell all',
  owner_change_balance: 'owner can change balances',
  hidden_owner: 'hidden owner',
  selfdestruct: 'can self-destruct',
} as const;
const CAUTION_FLAGS = {
  is_mintable: 'mintable',
  is_blacklisted: 'blacklist',
  transfer_pausable: 'transfers pausable',
  is_proxy: 'proxy',
  can_take_back_ownership: 'can take back ownership',
  slippage_modifiable: 'tax modifiable',
} as const;

/** Tax fractions above these are danger / caution, matching our own buy-tax and sell-tax checks (10 % and 1 %). */
const TAX_DANGER = 0.1;
const TAX_CAUTION = 0.01;

export function createGoPlusAdapter(options: ProviderOptions): ProviderAdapter {
  return {
    name: NAME,
    covers: (chain: ChainInfo) => chain.family === 'evm',
    async report(chain, token): Promise<ProviderReport> {
      if (!options.baseUrl) return unavailable(NAME, 'GOPLUS_API_URL is not set.');
      const url = `${joinUrl(options.baseUrl, `api/v1/token_security/${chain.chainId}`)}?contract_addresses=${encodeURIComponent(token.toLowerCase())}`;
      const fetched = await fetchProviderJson(NAME, options, url, answer);
      if (!fetched.ok) return unavailable(NAME, fetched.detail);
      const { code, message, result } = fetched.body;
      if (code !== 1 && code !== 2) return unavailable(NAME, `GoPlus refused the request: ${message ?? `code ${code}`}.`);
      const entry = result?.[token.toLowerCase()];
      if (!entry) return unavailable(NAME, `GoPlus has no data for this token on ${chain.id}.`);
      return { name: NAME, status: 'ok', ...judge(entry) };
    },
  };
}

function judge(entry: z.output<typeof tokenSecurity>): { verdict: string; detail: string } {
  const on = (key: string) => (entry as Record<string, unknown>)[key] === '1';
  const danger: string[] = Object.entries(DANGER_FLAGS).filter(([key]) => on(key)).map(([, label]) => label);
  const caution: string[] = Object.entries(CAUTION_FLAGS).filter(([key]) => on(key)).map(([, label]) => label);
  const taxes = [['buy', tax(entry.buy_tax)], ['sell', tax(entry.sell_tax)]] as const;
  for (const [side, value] of taxes) {
    if (value === undefined || value <= TAX_CAUTION) continue;
    (value > TAX_DANGER ? danger : caution).push(`${side} tax ${round(value * 100)} %`);
  }
  const findings = [...danger, ...caution];
  const partial = entry.is_open_source === '0' ? ['source not verified'] : [];
  if (on('is_honeypot')) return { verdict: 'honeypot', detail: ['honeypot', ...findings, ...partial].join(', ') };
  const verdict = danger.length > 0 ? 'danger' : caution.length > 0 ? 'caution' : 'clean';
  const detail = [...findings, ...partial].join(', ');
  return { verdict, detail: detail || 'no risk flags' };
}

function tax(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
