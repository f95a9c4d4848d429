import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './contract';
import { DEV_ENDPOINTS } from './contract/dev';
import { ENDPOINT_MAP, SERVED_ENDPOINTS, servedEndpoint } from './endpoint-map';
import { appRouter } from './root';

type ProcedureDef = { _def: { type: 'query' | 'mutation' | 'subscription' } };
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

describe('the endpoint map', () => {
  it('names each endpoint by its procedure: the router group, then the name in it', () => {
    for (const [group, members] of Object.entries(ENDPOINT_MAP)) {
      for (const [name, served] of Object.entries(members)) expect(served.endpoint.procedure).toBe(`${group}.${name}`);
    }
  });

  it('serves every endpoint of the contract, and nothing else', () => {
    const contract = [...ENDPOINTS, ...DEV_ENDPOINTS];
    expect(SERVED_ENDPOINTS.map((served) => served.endpoint)).toEqual(expect.arrayContaining(contract));
    expect(SERVED_ENDPOINTS).toHaveLength(contract.length);
  });

  it('finds an endpoint by its procedure name, and refuses a name it does not serve', () => {
    expect(servedEndpoint('v2.quote').endpoint.paths).toEqual(['/api/v2/quote']);
    expect(() => servedEndpoint('v2.nothing')).toThrow(/no endpoint/);
  });

  it('gives each endpoint its tRPC procedure: a query for GET, a mutation for POST', () => {
    for (const { endpoint } of SERVED_ENDPOINTS) {
      expect(procedures[endpoint.procedure]?._def.type, endpoint.procedure).toBe(endpoint.method === 'GET' ? 'query' : 'mutation');
    }
  });

  it("keeps the pages' own procedures beside the map's", () => {
    expect(Object.keys(procedures)).toEqual(expect.arrayContaining(['bridge.track', 'bridge.requests', 'tokens.known', 'transactions.view']));
  });
});
