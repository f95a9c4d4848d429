/**
 * How loudly the page warns about price impact (in percent): nothing under 1 %, a notice from 1 %, a
 * warning from 3 %, a strong warning from 5 %, and above 10 % the swap needs the user to type a word.
 */
import { formatPercent } from '@/server/display/number-text';

export type PriceImpactLevel = 'none' | 'notice' | 'warning' | 'high' | 'blocking';

const PRICE_IMPACT_THRESHOLDS = { notice: 1, warning: 3, high: 5, blocking: 10 } as const;

/** The word the user types to swap at a price impact above 10 %. */
export const CONFIRM_WORD = 'confirm';

export function priceImpactLevel(percent: number): PriceImpactLevel {
  if (percent > PRICE_IMPACT_THRESHOLDS.blocking) return 'blocking';
  if (percent >= PRICE_IMPACT_THRESHOLDS.high) return 'high';
  if (percent >= PRICE_IMPACT_THRESHOLDS.warning) return 'warning';
  if (percent >= PRICE_IMPACT_THRESHOLDS.notice) return 'notice';
  return 'none';
}

/** The loss in figures: the quote's own price impact, as the quote details show it ("14.2 %"). */
export function impactLossText(percent: number): string {
  return `you receive ${formatPercent(percent)} less than the market price`;
}

/** What the notice says at a level: the loss stated, then what to do about it. */
export function priceImpactMessage(level: PriceImpactLevel, percent: number): string | undefined {
  const loss = impactLossText(percent);
  switch (level) {
    case 'notice':
      return `Price impact: this trade moves the pool price, so ${loss}.`;
    case 'warning':
      return `Price impact: ${loss}. Consider a smaller amount.`;
    case 'high':
      return `High price impact: ${loss}, lost to the pool. Split the trade or use a smaller amount.`;
    case 'blocking':
      return `Very high price impact: ${loss}. Type "${CONFIRM_WORD}" to swap anyway.`;
    default:
      return undefined;
  }
}
