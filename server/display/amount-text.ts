/**
 * Amounts as people read them, on the pages and in the server's messages alike: raw units in, short grouped
 * text out ("9,988.51 ETH"), and a chain's native amount named with its coin and the chain's display name.
 */
import { formatUnits } from 'viem';
import { CHAINS, type ChainId } from '@/server/chains/registry';

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
  const keep = shownDecimals(whole, fraction, maxFraction);
  const cut = fraction.slice(0, keep).replace(/0+$/, '');
  if (whole === '0' && cut === '') return `${negative ? '>-' : '<'}0.${'0'.repeat(keep - 1)}1`;
  return `${negative ? '-' : ''}${grouping.format(BigInt(whole))}${cut ? `.${cut}` : ''}`;
}

/** Big amounts need fewer decimals; small ones keep enough to show their first digits. */
function shownDecimals(whole: string, fraction: string, maxFraction: number): number {
  return whole === '0' ? Math.max(maxFraction, leadingZeros(fraction) + 4) : whole.length > 4 ? 2 : maxFraction;
}

/**
 * Raw units cut down to the decimals `formatAmount` shows ("9998.906479450410994215" → 9998.906479), never
 * rounded up: an amount filled in from a balance stays within the balance.
 */
export function roundDownToShown(raw: bigint, decimals: number, maxFraction = 6): bigint {
  if (raw <= 0n) return raw;
  const [whole = '0', fraction = ''] = formatUnits(raw, decimals).split('.');
  const dropped = decimals - Math.min(decimals, shownDecimals(whole, fraction, maxFraction));
  const unit = 10n ** BigInt(dropped);
  return (raw / unit) * unit;
}

function leadingZeros(fraction: string): number {
  const match = /^0*/.exec(fraction);
  return Math.min(match ? match[0].length : 0, 12);
}

/** Raw native units of a chain as the pages show them, with the coin's symbol ("665.58 ETH"). */
export function nativeAmountText(raw: bigint, chain: ChainId): string {
  const { nativeDecimals, nativeSymbol } = CHAINS[chain];
  return `${formatAmount(raw, nativeDecimals)} ${nativeSymbol}`;
}
