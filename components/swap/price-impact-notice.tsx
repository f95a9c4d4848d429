import { priceImpactMessage, type PriceImpactLevel } from './lib/price-impact';
import { TypedWordInput } from './typed-word-input';

/** The warning for the quote's price impact, the loss in figures, and above 10 % the field where the user types the word. */
export function PriceImpactNotice({
  level,
  percent,
  typed,
  onTyped,
}: {
  level: PriceImpactLevel;
  percent: number;
  typed: string;
  onTyped: (text: string) => void;
}) {
  const message = priceImpactMessage(level, percent);
  if (!message) return null;
  return (
    <div className={`impact-notice impact-${level}`} role={level === 'notice' ? 'status' : 'alert'} data-level={level}>
      <p>{message}</p>
      {level === 'blocking' && <TypedWordInput purpose="swap with this price impact" typed={typed} onTyped={onTyped} />}
    </div>
  );
}
