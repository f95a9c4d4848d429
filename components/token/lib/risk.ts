/**
 * What the token page warns about, decided from the numbers alone so the rules are tested in one place:
 * a tax above 1 % (the audit's own pass threshold) is a warning; an audit verdict of honeypot or danger
 * is a danger banner.
 */
import { VERDICT_WORDS } from '@/server/tokens/audit/verdict';
import { formatPercent } from '@/server/display/number-text';

export const TAX_WARNING_ABOVE_PERCENT = 1;

export interface RiskBanner {
  level: 'warning' | 'danger';
  title: string;
  text: string;
}

export interface RiskInput {
  buyTax?: number;
  sellTax?: number;
  /** The audit verdict: clean, caution, danger or honeypot. */
  verdict?: string;
  /** Ids of the checks that failed, named in the danger banner. */
  failedChecks?: readonly string[];
}

export function riskBanners({ buyTax, sellTax, verdict, failedChecks = [] }: RiskInput): RiskBanner[] {
  const banners: RiskBanner[] = [];
  if (verdict === 'honeypot') {
    banners.push({ level: 'danger', title: VERDICT_WORDS.honeypot, text: 'This token can be bought but not sold back. Do not buy it.' });
  } else if (verdict === 'danger') {
    const named = failedChecks.length ? `: ${failedChecks.map(checkLabel).join(', ').toLowerCase()}` : '';
    banners.push({ level: 'danger', title: VERDICT_WORDS.danger, text: `The audit found failing checks${named}. Buying this token is very risky.` });
  }
  const taxed = [
    buyTax !== undefined && buyTax > TAX_WARNING_ABOVE_PERCENT ? `buying costs ${formatTax(buyTax)}` : undefined,
    sellTax !== undefined && sellTax > TAX_WARNING_ABOVE_PERCENT ? `selling costs ${formatTax(sellTax)}` : undefined,
  ].filter((part): part is string => !!part);
  if (taxed.length) {
    banners.push({ level: 'warning', title: 'High tax', text: `This token takes a tax on trades: ${taxed.join(' and ')} of the amount.` });
  }
  return banners;
}

/** A tax in percent with at most two decimals ("3 %", "2.5 %"), as every percent on the pages reads. */
export function formatTax(percent: number): string {
  return formatPercent(percent);
}

const CHECK_LABELS: Readonly<Record<string, string>> = {
  honeypot: 'Honeypot',
  'buy-tax': 'Buy tax',
  'sell-tax': 'Sell tax',
  'privileged-functions': 'Privileged functions',
  liquidity: 'Liquidity',
  'liquidity-burnt': 'Liquidity burnt',
  'mint-authority': 'Mint authority',
  'freeze-authority': 'Freeze authority',
  'transfer-fee': 'Transfer fee',
  'transfer-hook': 'Transfer hook',
  'permanent-delegate': 'Permanent delegate',
};

/** A check id as a person reads it; ids the page does not know yet are shown with their words spaced. */
export function checkLabel(id: string): string {
  const known = CHECK_LABELS[id];
  if (known) return known;
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
