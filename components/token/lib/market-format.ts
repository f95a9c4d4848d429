/** Display of token market numbers: prices span many orders of magnitude, so they keep significant digits. */

const usdPrice = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });
const plainPrice = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const usdLarge = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const usdExact = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** A unit price: four significant digits however small ("$0.00001234"), never exponent notation. */
export function formatPrice(value: number): string {
  return usdPrice.format(value);
}

export function formatNativePrice(value: number, symbol: string): string {
  return `${plainPrice.format(value)} ${symbol}`;
}

/** A USD total (liquidity, market cap): compact from a million up ("$1.25M"), else to the cent. */
export function formatUsdTotal(value: number): string {
  return Math.abs(value) >= 1_000_000 ? usdLarge.format(value) : usdExact.format(value);
}

/** A percent the server sends as text ("12.5"); other text is shown as it came. */
export function formatPercentText(text: string): string {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? `${Number(value.toFixed(4))} %` : text;
}
