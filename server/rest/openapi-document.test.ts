import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/server/api/contract';
import { buildOpenApiDocument } from './openapi-document';

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
