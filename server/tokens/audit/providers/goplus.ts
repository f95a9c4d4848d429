/**
 * GoPlus token security (EVM): `GET {GOPLUS_API_URL}/api/v1/token_security/{chainId}?contract_addresses={token}`.
 * The answer is `{ code, message, result: { <lowercase address>: { ...flags } } }` where flags are "0"/"1"
 * strings and taxes are fractions as strings ("0.05" = 5 %), empty when GoPlus could not tell. Code 1 is a
 * full answer, 2 a partial one (its data is still syncing); anything else, or no entry for the token, is
 * unavailable. GoPlus leaves `is_honeypot` out when it cannot tell (closed-source contracts), and
 * `is_open_source: "0"` means its other checks could not run: either makes the report unverified, not clean.
 */
import { z } from 'zod';
import { chainFamily } from '@/server/chains/chain-family';
import type { ChainInfo } from '@/server/chains/registry';
import { formatPercent } from '@/server/display/number-text';
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

const NAME = 'GoPlus';
const flag = z.string().optional();

const tokenSecurity = z
  .object({
    is_honeypot: flag,
    is_open_source: flag,
    buy_tax: flag,
    sell_tax: flag,
  })
  .passthrough();

const answer = z.object({
  code: z.number(),
  message: z.string().optional(),
  result: z.record(z.string(), tokenSecurity).nullable().optional(),
});

/**
 * GoPlus flags ("1" = set) that make its report dangerous, then ones that call for caution; named as we show
 * them. Danger: the token cannot be traded back out, or is not what it claims (`is_true_token` is read
 * separately: "0" means a fake). Caution: powers the owner holds that could turn against holders later.
 */
const DANGER_FLAGS = {
  cannot_sell_all: 'cannot sell all',
  cannot_buy: 'cannot be bought',
  owner_change_balance: 'owner can change balances',
  hidden_owner: 'hidden owner',
  selfdestruct: 'can self-destruct',
  is_airdrop_scam: 'airdrop scam',
  honeypot_with_same_creator: 'creator made honeypots before',
} as const;
const CAUTION_FLAGS = {
  is_mintable: 'mintable',
  is_blacklisted: 'blacklist',
  transfer_pausable: 'transfers pausable',
  is_proxy: 'proxy',
  can_take_back_ownership: 'can take back ownership',
  slippage_modifiable: 'tax modifiable',
  personal_slippage_modifiable: 'tax modifiable per holder',
  trading_cooldown: 'trading cooldown',
  external_call: 'calls external contracts',
  anti_whale_modifiable: 'anti-whale limit modifiable',
} as const;

/** Tax fractions above these are danger / caution, matching our own buy-tax and sell-tax checks (10 % and 1 %). */
const TAX_DANGER = 0.1;
const TAX_CAUTION = 0.01;

export function createGoPlusAdapter(options: ProviderOptions): ProviderAdapter {
  return {
    name: NAME,
    covers: (chain: ChainInfo) => chainFamily(chain.id).tokenStandard === 'erc20',
    async report(chain, token): Promise<ProviderReport> {
      if (!options.baseUrl) return unavailable(NAME, NOT_CONSULTED);
      const url = `${joinUrl(options.baseUrl, `api/v1/token_security/${chain.chainId}`)}?contract_addresses=${encodeURIComponent(token.toLowerCase())}`;
      const fetched = await fetchProviderJson(NAME, options, url, answer);
      if (!fetched.ok) return unavailable(NAME, fetched.detail);
      const { code, message, result } = fetched.body;
      if (code !== 1 && code !== 2) return unavailable(NAME, `GoPlus refused the request: ${message ?? `code ${code}`}.`);
      const entry = result?.[token.toLowerCase()];
      if (!entry) return unavailable(NAME, `GoPlus has no data for this token on ${chain.id}.`);
      return judge(entry, code === 2);
    },
  };
}

/** GoPlus's findings in our words; a report with gaps is `unverified` unless it found a danger anyway. */
function judge(entry: z.output<typeof tokenSecurity>, syncing: boolean): ProviderReport {
  const on = (key: string) => (entry as Record<string, unknown>)[key] === '1';
  const danger: string[] = Object.entries(DANGER_FLAGS)
    .filter(([key]) => on(key))
    .map(([, label]) => label);
  if ((entry as Record<string, unknown>).is_true_token === '0') danger.push('fake token');
  const caution: string[] = Object.entries(CAUTION_FLAGS)
    .filter(([key]) => on(key))
    .map(([, label]) => label);
  const taxes = [
    ['buy', tax(entry.buy_tax)],
    ['sell', tax(entry.sell_tax)],
  ] as const;
  for (const [side, value] of taxes) {
    if (value === undefined || value <= TAX_CAUTION) continue;
    (value > TAX_DANGER ? danger : caution).push(`${side} tax ${formatPercent(value * 100)}`);
  }
  const gaps = [
    ...(entry.is_honeypot === undefined || entry.is_honeypot === '' ? ['honeypot status not determined'] : []),
    ...(entry.is_open_source === '0' ? ['source not verified, so the other checks could not run'] : []),
    ...(syncing ? ['data still syncing (partial answer)'] : []),
  ];
  const detail = (parts: string[]) => parts.join(', ') || 'no risk flags';
  if (on('is_honeypot')) return { name: NAME, status: 'ok', verdict: 'honeypot', detail: detail(['honeypot', ...danger, ...caution, ...gaps]) };
  if (danger.length > 0) return { name: NAME, status: 'ok', verdict: 'danger', detail: detail([...danger, ...caution, ...gaps]) };
  if (gaps.length > 0) return unverified(NAME, detail([...caution, ...gaps]));
  return { name: NAME, status: 'ok', verdict: caution.length > 0 ? 'caution' : 'clean', detail: detail(caution) };
}

function tax(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
