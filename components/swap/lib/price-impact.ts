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

export function priceImpactMessage(level: PriceImpactLevel): string | undefined {
  switch (level) {
    case 'notice':
      return `Price impact above ${formatPercent(1)}: this trade moves the pool price.`;
    case 'warning':
      return `Price impact above ${formatPercent(3)}: you get noticeably less than the market price. Consider a smaller amount.`;
    case 'high':
      return `High price impact above ${formatPercent(5)}: a large part of the value is lost to the pool. Split the trade or use a smaller amount.`;
    case 'blocking':
      return `Very high price impact above ${formatPercent(10)}: you are likely to lose most of the value. Type "${CONFIRM_WORD}" to swap anyway.`;
    default:
      return undefined;
  }
}
