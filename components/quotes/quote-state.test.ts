import { describe, expect, it } from 'vitest';
import { quoteRequestKey, quoteState, settledRequest } from './quote-state';

const settledInput = { requested: true, settled: true, fetching: false, quoted: false, failed: false };

describe('quote state', () => {
  it('keys a request by its content, and no request by the empty key', () => {
    expect(quoteRequestKey(undefined)).toBe('');
    expect(quoteRequestKey({ amount: '1', chain: 'BASE' })).toBe(quoteRequestKey({ amount: '1', chain: 'BASE' }));
    expect(quoteRequestKey({ amount: '1' })).not.toBe(quoteRequestKey({ amount: '2' }));
  });

  it('quotes a request only once the debounced key has caught up with it', () => {
    const request = { amount: '2' };
    expect(settledRequest(request, quoteRequestKey(request))).toBe(request);
    expect(settledRequest(request, quoteRequestKey({ amount: '1' }))).toBeUndefined();
    expect(settledRequest(request, '')).toBeUndefined();
    expect(settledRequest(undefined, '')).toBeUndefined();
  });

  it('is none without a request and loading until the request settles', () => {
    expect(quoteState({ ...settledInput, requested: false, settled: false })).toBe('none');
    expect(quoteState({ ...settledInput, settled: false })).toBe('loading');
    // A quote of an older request is not this request's quote.
    expect(quoteState({ ...settledInput, settled: false, quoted: true })).toBe('loading');
  });

  it('is loading while the first quote is on its way, and stays ready while a quote refreshes', () => {
    expect(quoteState({ ...settledInput, fetching: true })).toBe('loading');
    expect(quoteState({ ...settledInput, fetching: true, failed: true })).toBe('loading');
    expect(quoteState({ ...settledInput, quoted: true })).toBe('ready');
    expect(quoteState({ ...settledInput, fetching: true, quoted: true })).toBe('ready');
  });

  it('is an error once the fetch failed, even with a quote at hand', () => {
    expect(quoteState({ ...settledInput, failed: true })).toBe('error');
    expect(quoteState({ ...settledInput, failed: true, quoted: true })).toBe('error');
    // Not fetching, no quote, no error (the query has not started): still loading.
    expect(quoteState(settledInput)).toBe('loading');
  });
});
