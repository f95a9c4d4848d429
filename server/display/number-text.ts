/**
 * Numbers as people read them, on the pages and in the server's messages alike: every figure grouped
 * ("5,812,946.37"), dollars with their sign, prices to their significant digits, and every percent written
 * the same way: the number, a no-break space and "%" ("0.3 %"), so the sign never wraps onto a line alone.
 */

/** Between a number and its unit sign: looks like a space, never breaks the line. */
export const NO_BREAK_SPACE = '\u00a0';

const plain = (maxFraction: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: maxFraction });
const grouped = [0, 1, 2, 3, 4, 5, 6].map(plain);
const usdExact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const usdCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});
const usdPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });
const plainPrice = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });

/** A plain figure, grouped, with at most `maxFraction` decimals (0 to 6) and no trailing zeros: "7,709,925.33". */
export function formatNumber(value: number, maxFraction = 2): string {
  return grouped[Math.max(0, Math.min(6, Math.round(maxFraction)))]!.format(value);
}

/** Dollars to the cent, grouped ("$5,812,946.37"); an amount above zero too small for a cent reads "<$0.01". */
export function formatUsd(value: number): string {
  if (value > 0 && value < 0.01) return '<$0.01';
  return usdExact.format(value);
}

/** A dollar total where the size matters more than the cents (liquidity, market cap): "$1.25M" from a million up. */
export function formatUsdTotal(value: number): string {
  return Math.abs(value) >= 1_000_000 ? usdCompact.format(value) : formatUsd(value);
}

/** A unit price: four significant digits however small ("$0.00001234"), never exponent notation. */
export function formatPrice(value: number): string {
  return usdPrice.format(value);
}

/** A unit price in a coin rather than dollars: "0.0004521 ETH". */
export function formatNativePrice(value: number, symbol: string): string {
  return `${plainPrice.format(value)} ${symbol}`;
}

const fixedFormats = new Map<string, Intl.NumberFormat>();

/**
 * A figure with exactly `fractionDigits` decimals (0 to 20), grouped, in dollars when asked: labels of a
 * chart's axis read "$1,234.50", "$1,234.75", each with the decimals the axis step needs.
 */
export function formatFixed(value: number, fractionDigits: number, usd = false): string {
  const digits = Math.max(0, Math.min(20, Math.round(fractionDigits)));
  const key = `${digits}${usd ? '$' : ''}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      ...(usd ? { style: 'currency', currency: 'USD' } : {}),
    });
    fixedFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * A percent ("0.3 %", "12.25 %", "1,250 %") with at most `maxFraction` decimals; a share above zero too
 * small to show reads "<0.01 %" (at two decimals).
 */
export function formatPercent(value: number, maxFraction = 2): string {
  const smallest = 10 ** -maxFraction;
  if (value > 0 && value < smallest) return `<${formatNumber(smallest, maxFraction)}${NO_BREAK_SPACE}%`;
  return `${formatNumber(value, maxFraction)}${NO_BREAK_SPACE}%`;
}

const change = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' });

/** A change in percent with its sign and two decimals, so a column of them lines up: "+1.50 %", "-0.25 %", "0.00 %". */
export function formatPercentChange(value: number): string {
  return `${change.format(value)}${NO_BREAK_SPACE}%`;
}
