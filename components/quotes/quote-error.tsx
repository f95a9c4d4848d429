import { describeError } from '@/components/swap/lib/error-messages';
import type { QuoteState } from './quote-state';

/** Why the form has no quote, once asking for one failed. */
export function QuoteError({ state, error }: { state: QuoteState; error: unknown }) {
  if (state !== 'error' || !error) return null;
  return (
    <p role="alert" className="error quote-error">
      {describeError(error)}
    </p>
  );
}
