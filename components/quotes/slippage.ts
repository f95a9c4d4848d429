/**
 * The slippage tolerance a form asks its quotes for, in basis points: the presets offered, a custom percent
 * typed in, and when a value deserves a warning. Shared by the swap and bridge forms.
 */
import { formatPercent } from '@/server/display/number-text';

export const SLIPPAGE_PRESETS_BPS = [10, 50, 100] as const;

/** The most a form lets one give up: the quote endpoints take up to 5,000 basis points. */
const MAX_PERCENT = 50;

export function isSlippagePreset(bps: number): boolean {
  return (SLIPPAGE_PRESETS_BPS as readonly number[]).includes(bps);
}

/** What the custom field shows for a tolerance: empty for a preset (its button is pressed instead). */
export function customSlippageText(bps: number): string {
  return isSlippagePreset(bps) ? '' : String(bps / 100);
}

/**
 * A typed percent ("1.5", "0,3") in basis points; undefined when it is not a number the quotes take. A
 * value that rounds to 0 basis points (0.001) is refused here rather than by the server.
 */
export function customSlippageBps(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  const percent = Number(trimmed);
  if (!(percent > 0 && percent <= MAX_PERCENT)) return undefined;
  const bps = Math.round(percent * 100);
  return bps >= 1 ? bps : undefined;
}

/** A tolerance so low that a trade may revert, or so high that it invites front-running. */
export function slippageWarning(bps: number): 'low' | 'high' | undefined {
  if (bps < 10) return 'low';
  if (bps > 500) return 'high';
  return undefined;
}

/** "0.5 %", "5 %", "12.25 %". */
export function slippageText(bps: number): string {
  return formatPercent(bps / 100);
}
