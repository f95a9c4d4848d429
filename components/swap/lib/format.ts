/** Display helpers for amounts: raw bigint units in, short human text out (and back for typed input). */
import { formatUnits, parseUnits } from 'viem';

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Raw units as a human amount with at most `maxFraction` significant decimals (trailing zeros dropped),
 * the integer part grouped. Amounts too small to show read "<0.000001".
 */
export function formatAmount(raw: bigint | string, decimals: number, maxFraction = 6): string {
  const value = typeof raw === 'string' ? BigInt(raw) : raw;
  if (value === 0n) return '0';
  const negative = value < 0n;
  const text = formatUnits(negative ? -value : value, decimals);
  const [whole = '0', fraction = ''] = text.split('.');
  // Big amounts need fewer decimals; small ones keep enough to show their first digits.
  const keep = whole === '0' ? Math.max(maxFraction, leadingZeros(fraction) + 4) : whole.length > 4 ? 2 : maxFraction;
  const cut = fraction.slice(0, keep).replace(/0+$/, '');
  if (whole === '0' && cut === '') return `${negative ? '>-' : '<'}0.${'0'.repeat(keep - 1)}1`;
  return `${negative ? '-' : ''}${grouping.format(BigInt(whole))}${cut ? `.${cut}` : ''}`;
}

function leadingZeros(fraction: string): number {
  const match = /^0*/.exec(fraction);
  return Math.min(match ? match[0].length : 0, 12);
}

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
