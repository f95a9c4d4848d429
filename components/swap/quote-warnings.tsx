import { TypedWordInput } from './typed-word-input';
import type { Quote } from './lib/types';

type Warning = Quote['warnings'][number];

const ROLE: Record<Warning['severity'], 'alert' | 'status'> = { danger: 'alert', warning: 'alert', info: 'status' };

/**
 * Every warning of the quote, above the button. A honeypot needs the typed word before the swap, as a price
 * impact above 10 % does; when both apply, the price impact notice holds the one field.
 */
export function QuoteWarnings({ warnings, askWord, typed, onTyped }: {
  warnings: readonly Warning[];
  /** Show the field for the typed word here (a honeypot without a blocking price impact). */
  askWord: boolean;
  typed: string;
  onTyped: (text: string) => void;
}) {
  // The price impact has its own notice.
  const shown = warnings.filter((warning) => warning.code !== 'HIGH_PRICE_IMPACT');
  if (shown.length === 0) return null;
  return (
    <ul className="quote-warnings" aria-label="Warnings">
      {shown.map((warning) => (
        <li key={`${warning.code}:${warning.message}`} className={`quote-warning severity-${warning.severity}`} data-code={warning.code} data-severity={warning.severity}>
          {/* The live role sits inside the item: a list's items must stay list items for assistive technology. */}
          <p role={ROLE[warning.severity]}>{warning.message}</p>
          {askWord && warning.code === 'HONEYPOT' && <TypedWordInput purpose="swap this token anyway" typed={typed} onTyped={onTyped} />}
        </li>
      ))}
    </ul>
  );
}
