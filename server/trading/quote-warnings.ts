/**
 * The warnings a quote carries, from the tokens' risks (token-risk.ts) and the route, and the one refusal:
 * buying a token the audit calls a honeypot, unless the caller accepts the risk.
 */
import { formatPercent } from '@/server/display/number-text';
import { AppError } from '@/server/errors';
import type { TokenRisk } from '@/server/tokens/token-risk';
import { TAX_PASS_MAX, TAX_WARN_MAX } from '@/server/tokens/audit/evm-checks';
import { isBondingCurve } from '@/server/venues/evm/venue-table';

export type WarningSeverity = 'info' | 'warning' | 'danger';

export const WARNING_CODES = ['HONEYPOT', 'HIGH_TAX', 'LOW_LIQUIDITY', 'HIGH_PRICE_IMPACT', 'LAUNCHPAD', 'UNVERIFIED_AUDIT'] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface QuoteWarning {
  code: WarningCode;
  message: string;
  severity: WarningSeverity;
}

/** Price impact, percent: a warning above the first, danger (the page asks for a typed confirmation) above the second. */
export const IMPACT_WARN_PERCENT = 3;
export const IMPACT_DANGER_PERCENT = 10;
/** Estimated liquidity the route trades against, USD, below which a quote warns. */
export const LOW_LIQUIDITY_USD = 10_000;

export interface QuoteFacts {
  tokenIn: string;
  tokenOut: string;
  priceImpactPercent: number;
  valueAmountInUsd: number;
  /** Token symbols or short addresses for messages, by lowercase address. */
  label(token: string): string;
  /** Venues of the route's hops. */
  venues?: readonly string[];
}

/** Refuses a buy of a honeypot unless `acceptRisk`; RISKY_TOKEN names the field that overrides it. */
export function refuseRiskyBuy(risks: ReadonlyMap<string, TokenRisk>, tokenOut: string, acceptRisk: boolean, label: (token: string) => string): void {
  const risk = risks.get(tokenOut.toLowerCase());
  if (!risk?.honeypot || acceptRisk) return;
  throw new AppError(
    'RISKY_TOKEN',
    `${label(tokenOut)} looks like a honeypot: the audit could buy it but not sell it back. Set acceptRisk=true to quote it anyway.`,
    { field: 'acceptRisk' },
  );
}

export function quoteWarnings(risks: ReadonlyMap<string, TokenRisk>, facts: QuoteFacts): QuoteWarning[] {
  const warnings: QuoteWarning[] = [];
  for (const token of [facts.tokenIn, facts.tokenOut]) {
    const risk = risks.get(token.toLowerCase());
    if (risk) warnings.push(...tokenWarnings(risk, facts.label(token)));
  }
  warnings.push(...routeWarnings(facts));
  if (facts.venues?.some(isBondingCurve)) {
    warnings.push({
      code: 'LAUNCHPAD',
      severity: 'warning',
      message:
        'This token is still on a launchpad bonding curve: each trade pays the launchpad a fee in a transaction of its own first, and the price moves along the curve until the token graduates to a pool.',
    });
  }
  return warnings;
}

function tokenWarnings(risk: TokenRisk, name: string): QuoteWarning[] {
  const warnings: QuoteWarning[] = [];
  if (risk.honeypot) {
    warnings.push({ code: 'HONEYPOT', severity: 'danger', message: `${name} looks like a honeypot: it can be bought but not sold back.` });
  }
  const highest = Math.max(risk.buyTax, risk.sellTax);
  if (highest > TAX_PASS_MAX) {
    warnings.push({
      code: 'HIGH_TAX',
      severity: highest > TAX_WARN_MAX ? 'danger' : 'warning',
      message: `${name} keeps part of every trade: buy tax ${formatPercent(risk.buyTax)}, sell tax ${formatPercent(risk.sellTax)}.`,
    });
  }
  if (risk.unverified) {
    warnings.push({ code: 'UNVERIFIED_AUDIT', severity: 'info', message: `${name}: ${risk.unverified}; only our own checks ran.` });
  }
  return warnings;
}

/** HIGH_PRICE_IMPACT when the trade (or a bridge) gives noticeably less than the market price. */
export function priceImpactWarnings(impact: number): QuoteWarning[] {
  if (impact <= IMPACT_WARN_PERCENT) return [];
  return [
    {
      code: 'HIGH_PRICE_IMPACT',
      severity: impact > IMPACT_DANGER_PERCENT ? 'danger' : 'warning',
      message: `You get ${formatPercent(impact)} less than the market price.`,
    },
  ];
}

function routeWarnings(facts: QuoteFacts): QuoteWarning[] {
  const warnings = priceImpactWarnings(facts.priceImpactPercent);
  const impact = facts.priceImpactPercent;
  // A constant-product pool moves its price by about amountIn / reserveIn: the route's depth on the input
  // side is the trade's value over its impact (twice that for both sides).
  if (impact > 0 && facts.valueAmountInUsd > 0) {
    const depthUsd = (2 * facts.valueAmountInUsd) / (impact / 100);
    if (depthUsd < LOW_LIQUIDITY_USD) {
      warnings.push({
        code: 'LOW_LIQUIDITY',
        severity: 'warning',
        message: `The pools on this route hold about $${Math.round(depthUsd).toLocaleString('en-US')}: prices there move easily.`,
      });
    }
  }
  return warnings;
}
