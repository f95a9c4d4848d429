import { readFileSync } from 'node:fs';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/server/api/contract';
import { buildOpenApiDocument } from './openapi-document';
import { undocumentedAnswer } from './test-support/document-check';

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });

  it('is a valid OpenAPI 3.1 document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every path of every endpoint with its method and security', () => {
    for (const endpoint of ENDPOINTS) {
      for (const path of endpoint.paths) {
        const operation = document.paths?.[path]?.[endpoint.method.toLowerCase() as 'get' | 'post'];
        expect(operation, `${endpoint.method} ${path}`).toBeDefined();
        expect(operation!.security).toEqual(endpoint.auth ? [{ bearerAuth: [] }] : []);
      }
    }
  });

  it('documents query parameters as typed values with their aliases', () => {
    const quote = document.paths?.['/api/v1/quote']?.get;
    const parameters = (quote?.parameters ?? []) as Array<{ name: string; required?: boolean; schema?: { type?: string } }>;
    expect(parameters.find((p) => p.name === 'slippage')).toMatchObject({ required: true, schema: { type: 'integer' } });
    expect(parameters.find((p) => p.name === 'chain')?.required).toBeFalsy();
    expect(quote?.description).toContain('`tokenAddress` for `token`');
  });
});

describe('OpenAPI document: safety in every quote', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });
  const text = JSON.stringify(document);
  const schema = (id: string) =>
    (document.components?.schemas?.[id] ?? {}) as {
      properties?: Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;
    };

  it('lists warnings on v1, v2 and bridge quotes, with every code', () => {
    for (const id of ['QuoteV1', 'QuoteV2', 'BridgeQuote']) expect(schema(id).properties?.warnings, id).toBeDefined();
    for (const code of ['HONEYPOT', 'HIGH_TAX', 'LOW_LIQUIDITY', 'HIGH_PRICE_IMPACT', 'LAUNCHPAD', 'UNVERIFIED_AUDIT']) expect(text).toContain(code);
  });

  it('documents acceptRisk on both quotes and RISKY_TOKEN among their errors', () => {
    for (const path of ['/api/v1/quote', '/api/v2/quote']) {
      const operation = document.paths?.[path]?.get;
      const parameters = (operation?.parameters ?? []) as Array<{ name: string }>;
      expect(
        parameters.map((p) => p.name),
        path,
      ).toContain('acceptRisk');
      expect(JSON.stringify(operation?.responses), path).toContain('RISKY_TOKEN');
    }
  });

  it('says when extra appears, that a quote without trader is price-only, and what amountOutMin enforces on SOL', () => {
    const v2 = schema('QuoteV2').properties!;
    expect(v2.transaction?.properties?.extra?.description).toMatch(/launchpad.*strategy.*USDT-style/);
    expect(v2.transaction?.properties?.quoteId?.description).toMatch(/price-only/);
    expect(JSON.stringify(document.paths?.['/api/v2/quote'])).toMatch(/price-only.*execute needs a quote with a trader/);
    expect(v2.stats?.properties?.amountOutMin?.description).toMatch(/maker.*equals amountOut whatever the slippage/);
  });
});

describe('OpenAPI document: exact output', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });

  it("documents amountOut on v2 quote only, as optional beside amount, and the answer's swapMode", () => {
    const parameters = (path: string) => (document.paths?.[path]?.get?.parameters ?? []) as Array<{ name: string; required?: boolean; description?: string }>;
    const amountOut = parameters('/api/v2/quote').find((p) => p.name === 'amountOut');
    expect(amountOut?.required).toBeFalsy();
    expect(amountOut?.description).toMatch(/exactly one of amount and amountOut/);
    expect(amountOut?.description).toMatch(/amountOutMin.*at least amountOut/);
    expect(parameters('/api/v2/quote').find((p) => p.name === 'amount')?.required).toBeFalsy();
    expect(parameters('/api/v1/quote').map((p) => p.name)).not.toContain('amountOut');
    const stats = (document.components?.schemas?.QuoteV2 as { properties: { stats: { properties: Record<string, { enum?: string[] }> } } }).properties.stats;
    expect(stats.properties.swapMode?.enum).toEqual(['EXACT_IN', 'EXACT_OUT']);
    // The receive side's USD value, beside the input's, as a documented extension of v2 only.
    expect(JSON.stringify(stats.properties.valueAmountOutUsd)).toMatch(/Extension: USD value of amountOut, priced the same way as valueAmountInUsd/);
    expect(
      (document.components?.schemas?.QuoteV1 as { properties: { stats: { properties: Record<string, unknown> } } }).properties.stats.properties
        .valueAmountOutUsd,
    ).toBeUndefined();
    expect(
      (document.components?.schemas?.QuoteV1 as { properties: { stats: { properties: Record<string, unknown> } } }).properties.stats.properties.swapMode,
    ).toBeUndefined();
  });
});

describe('OpenAPI document: metrics', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });

  it('lists /api/metrics for operator keys: 200 text, 401 without a valid key, 403 FORBIDDEN with any other key', () => {
    const operation = document.paths?.['/api/metrics']?.get;
    expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['200', '401', '403']);
    expect(operation?.description).toContain('npm run keys -- create --scope operator');
    const answer = (status: number, code?: string) =>
      undocumentedAnswer(document as never, { method: 'GET', url: '/api/metrics', status, body: code ? { success: false, code } : undefined });
    expect(answer(200)).toBeUndefined();
    expect(answer(401, 'UNAUTHORIZED')).toBeUndefined();
    expect(answer(403, 'FORBIDDEN')).toBeUndefined();
    expect(answer(403, 'CROSS_SITE_REQUEST')).toMatch(/does not list/);
    expect(answer(429, 'RATE_LIMITED')).toMatch(/does not list/);
  });
});

describe('OpenAPI document and README: what a SOL bridge takes and pays', () => {
  const document = buildOpenApiDocument({ version: '1.2.3' });
  const parameter = (name: string) =>
    ((document.paths?.['/api/v1/bridge/quote']?.get?.parameters ?? []) as Array<{ name: string; description?: string }>).find(
      (candidate) => candidate.name === name,
    )?.description ?? '';

  it('SOL takes and pays its stable as well as SOL, both ways (the text once said native only)', () => {
    expect(parameter('tokenIn')).toMatch(/SOL takes SOL and its stable/);
    expect(parameter('tokenOut')).toMatch(/SOL pays SOL and its stable/);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const bridging = readme.slice(readme.indexOf('## Bridging'), readme.indexOf('- **Quote**', readme.indexOf('## Bridging')));
    expect(bridging).toMatch(/SOL takes and pays SOL and its USD stable/);
    expect(readme).not.toMatch(/SOL deposits and pays SOL itself/);
  });

  it('says every answer spells EVM addresses checksummed', () => {
    expect(document.info.description).toMatch(/Every answer spells them checksummed \(EIP-55\)/);
  });
});
