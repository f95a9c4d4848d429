'use client';

import type { QuoteCountdownProps } from './quote-countdown';
import { quoteRequestKey, quoteState, settledRequest, type QuoteState } from './quote-state';
import { useDebouncedValue } from './use-debounced-value';

const QUOTE_DEBOUNCE_MS = 350;

/** What a form's live quote hook (`useSwapQuote`, `useBridgeQuote`) gives. */
interface LiveQuote {
  quote: unknown;
  error: unknown;
  isFetching: boolean;
  secondsLeft?: number;
  lifetimeSeconds?: number;
  refresh: () => void;
}

/**
 * The quote a form shows for its request: asked for once the request settles, kept live by the form's
 * quote hook and held still while `paused` (a transaction in flight keeps the quote it was started with).
 * `quote` is undefined until the settled request has one; `state` is what the action button reads;
 * `countdown` is what the quote details show of its renewal.
 */
export function useSettledQuote<Request extends object, Live extends LiveQuote>(
  request: Request | undefined,
  useLiveQuote: (request: Request | undefined, options: { paused: boolean }) => Live,
  { paused }: { paused: boolean },
): { live: Live; quote: Live['quote'] | undefined; state: QuoteState; countdown: QuoteCountdownProps } {
  const settledKey = useDebouncedValue(quoteRequestKey(request), QUOTE_DEBOUNCE_MS);
  const settled = settledRequest(request, settledKey);
  const live = useLiveQuote(settled, { paused });
  const quote = settled ? live.quote : undefined;
  const state = quoteState({ requested: !!request, settled: !!settled, fetching: live.isFetching, quoted: !!quote, failed: !!live.error });
  const countdown = { secondsLeft: live.secondsLeft, lifetimeSeconds: live.lifetimeSeconds, refreshing: live.isFetching, paused, onRefresh: live.refresh };
  return { live, quote, state, countdown };
}
