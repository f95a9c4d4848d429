import { describe, expect, it } from 'vitest';
import { SERVED_ENDPOINTS } from '@/server/api/endpoint-map';
import { findApiHandler } from './api-routes';

const unknownPath = findApiHandler('GET', '/api/no/such/path').handler;

/** A reference path with its parameters filled in. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'x');

describe('the API route table', () => {
  it('routes every path of every endpoint in the map, with and without a trailing slash', () => {
    for (const { endpoint } of SERVED_ENDPOINTS) {
      for (const path of endpoint.paths) {
        expect(findApiHandler(endpoint.method, concrete(path)).handler, path).not.toBe(unknownPath);
        expect(findApiHandler(endpoint.method, `${concrete(path)}/`).handler, path).not.toBe(unknownPath);
      }
    }
  });

  it("gives an endpoint's spellings the same handlers", () => {
    expect(findApiHandler('GET', '/api/v1/chain').handler).toBe(findApiHandler('GET', '/api/v1/chains').handler);
  });

  it("answers another method on an endpoint's path with its refusal, and HEAD as GET", () => {
    const quote = findApiHandler('GET', '/api/v2/quote').handler;
    expect(findApiHandler('HEAD', '/api/v2/quote').handler).toBe(quote);
    const refusal = findApiHandler('POST', '/api/v2/quote').handler;
    expect(refusal).not.toBe(quote);
    expect(findApiHandler('DELETE', '/api/v2/quote').handler).toBe(refusal);
  });

  it('answers a path it does not route with the unknown-path handler', () => {
    expect(findApiHandler('POST', '/api/v3/quote').handler).toBe(unknownPath);
    expect(findApiHandler('GET', '/api/v2/quote/more').handler).toBe(unknownPath);
  });

  it('reads path parameters, decoded', () => {
    expect(findApiHandler('GET', '/api/v1/bridge/status/ab%20cd').params).toEqual({ requestId: 'ab cd' });
  });

  it('routes the operational paths beside the endpoints', () => {
    for (const path of ['/api/health', '/api/health/live', '/api/trpc/v2.quote', '/api/openapi.json', '/api/metrics']) {
      expect(findApiHandler('GET', path).handler, path).not.toBe(unknownPath);
    }
  });
});
