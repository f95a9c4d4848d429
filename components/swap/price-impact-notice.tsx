import { CONFIRM_WORD, priceImpactMessage, type PriceImpactLevel } from './lib/price-impact';

/** The warning for the quote's price impact and, above 10 %, the field where the user types the word. */
export function PriceImpactNotice({ level, typed, onTyped }: { level: PriceImpactLevel; typed: string; onTyped: (text: string) => void }) {
  const message = priceImpactMessage(level);
  if (!message) return null;
  return (
    <div className={`impact-notice impact-${level}`} role={level === 'notice' ? 'status' : 'alert'} data-level={level}>
      <p>{message}</p>
      {level === 'blocking' && (
        <input
          aria-label={`Type ${CONFIRM_WORD} to swap with this price impact`}
          placeholder={CONFIRM_WORD}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onTyped(event.target.value)}
        />
      )}
    </div>
  );
}
