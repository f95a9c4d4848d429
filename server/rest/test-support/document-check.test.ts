import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/server/api/contract';
import { buildOpenApiDocument } from '../openapi-document';
import { undocumentedAnswer, type DocumentLike } from './document-check';

const SMALL: DocumentLike = {
  paths: {
    '/api/v1/value': { get: { responses: { 200: {}, 400: { 'x-error-codes': ['INVALID_INPUT'] }, 422: { 'x-error-codes': ['NO_ROUTE'] } } } },
    '/api/v1/bridge/status/{requestId}': { get: { responses: { 200: {}, 404: { 'x-error-codes': ['QUOTE_NOT_FOUND'] } } } },
  },
};

describe('the document check of the test clients', () => {
  it('passes listed statuses and codes, whatever the query', () => {
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: 'http://x/api/v1/value?token=1', status: 200, body: { success: true } })).toBeUndefined();
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/v1/value', status: 422, body: { success: false, code: 'NO_ROUTE' } })).toBeUndefined();
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/v1/bridge/status/req_1', status: 404, body: { code: 'QUOTE_NOT_FOUND' } })).toBeUndefined();
  });

  it('names an unlisted status, and an unlisted code under a listed status', () => {
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/v1/value', status: 502, body: { code: 'RPC_ERROR' } })).toMatch(
      /GET \/api\/v1\/value answered 502, which the OpenAPI document does not list/,
    );
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/v1/value', status: 422, body: { code: 'INSUFFICIENT_BALANCE' } })).toMatch(
      /answered 422 INSUFFICIENT_BALANCE, which the OpenAPI document does not list for 422 \(listed: NO_ROUTE\)/,
    );
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/v1/bridge/status/x', status: 500 })).toMatch(/\{requestId\} answered 500/);
  });

  it('leaves paths and methods the document does not describe alone', () => {
    expect(undocumentedAnswer(SMALL, { method: 'GET', url: '/api/trpc/v1.chains', status: 500 })).toBeUndefined();
    expect(undocumentedAnswer(SMALL, { method: 'DELETE', url: '/api/v1/value', status: 405 })).toBeUndefined();
  });
});

describe('the served document lists what the transport answers', () => {
  const document = buildOpenApiDocument({ version: 'test' }) as DocumentLike;
  const failure = (code: string) => ({ success: false, code, error: 'x' });

  it('lists 422 INSUFFICIENT_BALANCE and NO_ROUTE on both value estimates', () => {
    for (const url of ['/api/v1/value', '/api/v2/value']) {
      for (const code of ['INSUFFICIENT_BALANCE', 'NO_ROUTE']) {
        expect(undocumentedAnswer(document, { method: 'GET', url, status: 422, body: failure(code) }), url).toBeUndefined();
      }
    }
  });

  it('lists 401, 429 and 400 wherever a key or input is taken, 413 and 415 on every POST', () => {
    for (const endpoint of ENDPOINTS) {
      const seen = (status: number, code: string) =>
        undocumentedAnswer(document, { method: endpoint.method, url: endpoint.paths[0]!, status, body: failure(code) });
      if (endpoint.auth) {
        expect(seen(401, 'UNAUTHORIZED'), endpoint.procedure).toBeUndefined();
        expect(seen(429, 'RATE_LIMITED'), endpoint.procedure).toBeUndefined();
      }
      if (Object.keys(endpoint.input.shape).length > 0 || endpoint.method === 'POST') {
        expect(seen(400, 'INVALID_INPUT'), endpoint.procedure).toBeUndefined();
      }
      if (endpoint.method === 'POST') {
        expect(seen(413, 'PAYLOAD_TOO_LARGE'), endpoint.procedure).toBeUndefined();
        expect(seen(415, 'UNSUPPORTED_MEDIA_TYPE'), endpoint.procedure).toBeUndefined();
      }
    }
  });
});
