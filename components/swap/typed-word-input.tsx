import { CONFIRM_WORD } from './lib/price-impact';

/** The field where the user types the confirmation word before a risky swap (a large price impact, a honeypot). */
export function TypedWordInput({ purpose, typed, onTyped }: { purpose: string; typed: string; onTyped: (text: string) => void }) {
  return (
    <input
      aria-label={`Type ${CONFIRM_WORD} to ${purpose}`}
      placeholder={CONFIRM_WORD}
      value={typed}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onTyped(event.target.value)}
    />
  );
}
