import SwaggerParser from '@apidevtools/swagger-parser';
import { api, describe } from '../support/api';
import { expect, test } from '../support/fixtures';

interface Operation {
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}
type PathItem = Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', Operation>>;
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, PathItem>;
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
}

/** Every path of the interface, plus our documented extensions (track, history), and the one method each serves. */
const EXPECTED: ReadonlyArray<[path: string, method: 'get' | 'post']> = [
  ['/api/health', 'get'],
  ['/api/v2/quote', 'get'],
  ['/api/v2/execute', 'post'],
  ['/api/v1/quote', 'get'],
  ['/api/v1/execute', 'post'],
  ['/api/v1/token-info', 'get'],
  ['/api/v1/token-audit', 'get'],
  ['/api/v1/value', 'get'],
  ['/api/v2/value', 'get'],
  ['/api/v1/priority', 'get'],
  ['/api/v1/chain', 'get'],
  ['/api/v1/chains', 'get'],
  ['/api/v1/balance', 'get'],
  ['/api/v1/token-balance', 'get'],
  ['/api/v1/pool-info', 'get'],
  ['/api/v1/bridge/quote', 'get'],
  ['/api/v1/bridge/execute', 'post'],
  ['/api/v1/bridge/status/{requestId}', 'get'],
  ['/api/v2/track', 'post'],
  ['/api/v2/history', 'get'],
  ['/api/metrics', 'get'],
];

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

test.describe('OpenAPI document', () => {
  let doc: Document;

  test.beforeAll(async () => {
    const response = await api.get<Document>('/api/openapi.json');
    expect(response.status, describe(response)).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    doc = response.json;
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBe('Trading and bridging API');
    // validate() dereferences in place, so it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  test('lists every path with its method and nothing else', () => {
    for (const [path, method] of EXPECTED) {
      const item = doc.paths[path];
      expect(item, `path ${path}`).toBeDefined();
      expect(item![method], `${method.toUpperCase()} ${path}`).toBeDefined();
      const others = METHODS.filter((other) => other !== method && item![other] !== undefined);
      expect(others, `other methods on ${path}`).toEqual([]);
      expect(item![method]!.summary, `summary of ${path}`).toBeTruthy();
      expect(item![method]!.responses?.['200'], `200 response of ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.paths).sort()).toEqual(EXPECTED.map(([path]) => path).sort());
  });

  test('every operation but the health check needs the bearer key', () => {
    const scheme = doc.components?.securitySchemes?.bearerAuth;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of EXPECTED) {
      const operation = doc.paths[path]![method]!;
      if (path === '/api/health') {
        expect(operation.security ?? [], 'health needs no key').toEqual([]);
        continue;
      }
      expect(operation.security, `security of ${method.toUpperCase()} ${path}`).toContainEqual({ bearerAuth: [] });
      expect(operation.responses?.['401'], `401 response of ${path}`).toBeDefined();
    }
  });
});
