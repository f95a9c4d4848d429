/** A round badge with the token's initials, its colour derived from the address (no image hosting needed). */
export function TokenIcon({ symbol, address, size = 28 }: { symbol: string; address: string; size?: number }) {
  let hash = 0;
  for (const char of address.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return (
    <span
      className="token-icon"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.38, background: `linear-gradient(135deg, hsl(${hue} 70% 55%), hsl(${(hue + 40) % 360} 70% 40%))` }}
    >
      {symbol.slice(0, 3)}
    </span>
  );
}
