/**
 * Which quote a form shows and what state it is in. A form asks for a quote only once its request has
 * stopped changing (typing an amount asks for one quote, not one per key), and shows nothing of a quote
 * for an older request.
 */
export type QuoteState = 'none' | 'loading' | 'error' | 'ready';

/** A request as a string that changes exactly when the request does ('' for no request). */
export function quoteRequestKey(request: object | undefined): string {
  return request ? JSON.stringify(request) : '';
}

/** The request to quote: `request` once the debounced key has caught up with it, else none yet. */
export function settledRequest<Request extends object>(request: Request | undefined, settledKey: string): Request | undefined {
  return request && settledKey === quoteRequestKey(request) ? request : undefined;
}

export interface QuoteStateInput {
  /** The form has a complete request. */
  requested: boolean;
  /** That request has settled and is being quoted. */
  settled: boolean;
  fetching: boolean;
  /** A quote for the settled request is at hand. */
  quoted: boolean;
  failed: boolean;
}

/** A fetch under way reads as loading only while no quote is at hand, so a quote stays 'ready' while it refreshes. */
export function quoteState({ requested, settled, fetching, quoted, failed }: QuoteStateInput): QuoteState {
  if (!requested) return 'none';
  if (!settled || (fetching && !quoted)) return 'loading';
  if (failed) return 'error';
  return quoted ? 'ready' : 'loading';
}
