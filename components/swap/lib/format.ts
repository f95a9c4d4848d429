/** Display helpers for amounts: raw bigint units in, short human text out (and back for typed input). */
import { formatUnits, parseUnits } from 'viem';
import { formatAmount } from '@/server/display/amount-text';

// One formatter for the page and the server's messages, so an error names amounts as the page shows them.
export { formatAmount };

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

export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '<$0.01';
  return usd.format(value);
}

export function formatPercent(value: number): string {
  if (value > 0 && value < 0.01) return '<0.01%';
  return `${value.toFixed(2)}%`;
}
