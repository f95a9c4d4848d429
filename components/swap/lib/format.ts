/**
 * The pages' one formatter: raw bigint units in, short grouped text out (and back for typed input), and
 * every other figure (dollars, prices, percents) through the same rules as the server's messages.
 */
import { formatUnits, parseUnits } from 'viem';
import { formatAmount, roundDownToShown } from '@/server/display/amount-text';
import { formatPercent } from '@/server/display/number-text';

/** A human-readable decimal from the server (such as "746.444654163839140294") shortened for display. */
export function formatDecimalText(text: string, maxFraction = 6): string {
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const decimals = text.split('.')[1]?.length ?? 0;
  return formatAmount(parseUnits(text, decimals), decimals, maxFraction);
}

/** A typed decimal amount in raw units; undefined when it is not a plain decimal or has too many decimals. */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  const trimmed = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(trimmed)) return undefined;
  const fraction = trimmed.split('.')[1] ?? '';
  if (fraction.length > decimals) return undefined;
  return parseUnits(trimmed.startsWith('.') ? `0${trimmed}` : trimmed, decimals);
}

/**
 * What an amount field keeps of a keystroke or a paste: digits and one decimal point (a comma is read as the
 * point), so letters, signs, exponents and spaces never reach the field.
 */
export function amountFieldText(typed: string): string {
  const kept = typed.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  return point === -1 ? kept : `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
}

/** Raw units as a plain decimal for an input field (no grouping, every decimal kept). */
export function toInputText(raw: bigint, decimals: number): string {
  return formatUnits(raw, decimals);
}

/**
 * What Max fills in: the spendable amount cut down to the decimals the page shows for it, so the field
 * reads like the balance beside it and never asks for more than the wallet holds.
 */
export function maxInputText(spendable: bigint, decimals: number): string {
  return toInputText(roundDownToShown(spendable, decimals), decimals);
}

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A percent the server sends as text ("12.5"), as every percent reads; other text is shown as it came. */
export function formatPercentText(text: string): string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? formatPercent(value, 4) : text;
}
