/**
 * `/api/metrics` in the OpenAPI document. It is an operational route, not an endpoint of the zod contract (it
 * answers Prometheus text, not JSON), so it is described here by hand, with every status it answers: the test
 * clients hold its answers against the document like any endpoint's.
 */
import { z } from 'zod';
import type { ZodOpenApiOperationObject } from 'zod-openapi';
import { failureSchema } from '@/server/api/contract/responses';
import { OPERATOR_KEY_COMMAND } from '@/server/auth/key-scope';

export const METRICS_PATH = '/api/metrics';

const failure = (description: string, codes: string[]) => ({
  description: `${description} (code: ${codes.join(', ')})`,
  content: { 'application/json': { schema: failureSchema } },
  'x-error-codes': codes,
});

export function metricsOperation(): ZodOpenApiOperationObject {
  return {
    operationId: 'metrics',
    summary: 'Prometheus metrics (operator keys only)',
    description: [
      "The service's metrics in the Prometheus text format: HTTP requests, RPC calls, bridge requests by state,",
      "fills and refunds, the bridge solver's inventory (`bridge_solver_inventory{chain,token}`) and the process's own.",
      '',
      `Only an operator key reads them, since the inventory tells how large a bridge the solver can pay out: create one with \`${OPERATOR_KEY_COMMAND}\`.`,
      'Any other valid key answers 403 with code `FORBIDDEN`.',
    ].join('\n'),
    tags: ['System'],
    security: [{ bearerAuth: [] }],
    responses: {
      200: {
        description: 'Prometheus text exposition format 0.0.4',
        content: { 'text/plain; version=0.0.4; charset=utf-8': { schema: z.string() } },
      },
      401: failure('Missing, invalid or revoked API key', ['UNAUTHORIZED']),
      403: failure('A valid API key without the operator scope', ['FORBIDDEN']),
    },
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: `curl "$BASE_URL${METRICS_PATH}" \\\n  -H "Authorization: Bearer $OPERATOR_API_KEY"` }],
  };
}
