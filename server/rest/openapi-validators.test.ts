/**
 * The OpenAPI document read against the validators it documents: for every parameter and body field of every
 * endpoint, what the document admits (type, enum, minimum/maximum, the ranges of an anyOf, pattern, lengths,
 * required) is what the validator admits. Each field is probed at its documented bounds and one past them, with
 * every enum value and the names beside them, and with a corpus of texts held against its pattern. A value is
 * admitted when at least one valid request of the endpoint takes it in that field (a Solana mint on a SOL
 * request, a percentage beside a trader), and refused when every one of them refuses it.
 *
 * Domain rules behind the validators are read too: the quote fees the document admits are the fees the fee
 * model splits, so a fee the document offers is never refused later (v1 documented 10000 while 9985 was the
 * largest the model takes).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENDPOINTS } from '@/server/api/contract';
import type { Endpoint } from '@/server/api/contract/endpoint';
import { CHAIN_IDS, V1_CHAIN_ALIASES } from '@/server/chains/registry';
import { feeSplit } from '@/server/fees/fee-model';
import { buildOpenApiDocument } from './openapi-document';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const EVM_2 = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const NATIVE = '0x0000000000000000000000000000000000000000';
const SOL_MINT = 'So11111111111111111111111111111111111111112';
const SOL_WALLET = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const EVM_TX = '0x02f86d018084773594008504a817c80082520894222222222222222222222222222222222222222287038d7ea4c6800080c001a0aa';
const SOL_TX = 'AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';
const HASH = `0x${'ab'.repeat(32)}`;

/**
 * Valid requests of each endpoint, written as a client sends them (query text for GET, JSON for POST). Several
 * where the fields depend on each other: a field's value counts as admitted when one of them takes it.
 */
const VALID: Record<string, readonly Record<string, unknown>[]> = {
  'system.health': [{}],
  'v2.quote': [
    {
      tokenIn: NATIVE,
      tokenOut: EVM,
      amount: '1000',
      slippage: '100',
      chain: 'BASE',
      trader: EVM,
      integrator: EVM_2,
      fee: '10',
      priority: 'LOW',
      simulation: 'true',
      acceptRisk: 'false',
    },
    { tokenIn: EVM, tokenOut: NATIVE, amountOut: '1000', slippage: '100', chain: 'BASE' },
    { tokenIn: NATIVE, tokenOut: SOL_MINT, amount: '50%', slippage: '100', chain: 'SOL', trader: SOL_WALLET, integrator: SOL_WALLET },
  ],
  'v2.execute': [
    { trade: EVM_TX, chain: 'BASE', mev: false, simulation: true, quoteId: 'q_1', approve: EVM_TX, extra: EVM_TX, reward: EVM },
    { trade: SOL_TX, chain: 'SOL', mev: false, simulation: true, quoteId: 'q_1', approve: SOL_TX, extra: SOL_TX, reward: SOL_WALLET },
  ],
  'v1.quote': [
    {
      token: EVM,
      amount: '0.5',
      side: 'BUY',
      slippage: '100',
      trader: EVM,
      chain: 'BASE',
      priority: 'HIGH',
      simulation: 'false',
      integrator: EVM_2,
      fee: '100',
      acceptRisk: 'true',
    },
    { token: SOL_MINT, amount: '15', side: 'SELL', slippage: '100', trader: SOL_WALLET, chain: 'SOL', integrator: SOL_WALLET },
  ],
  'v1.execute': [
    { trade: EVM_TX, network: 'BASE', mev: true, simulation: true, quoteId: 'q_1', approve: EVM_TX },
    { trade: SOL_TX, network: 'SOL', mev: false, simulation: false, quoteId: 'q_1' },
  ],
  'v1.tokenInfo': [
    { token: EVM, chain: 'BASE', audit: 'false' },
    { token: SOL_MINT, chain: 'SOL' },
  ],
  'v1.tokenAudit': [
    { token: EVM, chain: 'BASE' },
    { token: SOL_MINT, chain: 'SOL' },
  ],
  'v1.poolInfo': [{ pool: EVM, chain: 'BASE' }],
  'v1.value': [
    { token: EVM, side: 'BUY', trader: EVM, amount: '0.5', chain: 'BASE' },
    { token: SOL_MINT, side: 'SELL', trader: SOL_WALLET, amount: '2', chain: 'SOL' },
    { token: EVM, side: 'SELL', trader: EVM },
  ],
  'v2.value': [
    { tokenIn: NATIVE, tokenOut: EVM, trader: EVM, amount: '0.5', chain: 'BASE' },
    { tokenIn: NATIVE, tokenOut: SOL_MINT, trader: SOL_WALLET, amount: '0.5', chain: 'SOL' },
    { tokenIn: EVM, tokenOut: NATIVE, trader: EVM },
  ],
  'v1.priority': [{ chain: 'BASE' }],
  'v1.chains': [{}],
  'v1.balance': [
    { wallet: EVM, network: 'BASE' },
    { wallet: SOL_WALLET, network: 'SOL' },
    { wallet: EVM, token: NATIVE, chains: '["BASE","ARB"]' },
    { wallet: SOL_WALLET, token: SOL_MINT, chains: 'SOL' },
  ],
  'v1.tokenBalance': [
    { wallet: EVM, token: EVM_2, network: 'BASE' },
    { wallet: SOL_WALLET, token: SOL_MINT, network: 'SOL' },
  ],
  'bridge.quote': [
    { source: 'BASE', destination: 'ARB', amount: '1000', trader: EVM, tokenIn: EVM_2, tokenOut: EVM_2, recipient: EVM_2, slippage: '500' },
    { source: 'SOL', destination: 'BASE', amount: '1000', trader: SOL_WALLET, tokenIn: SOL_MINT, tokenOut: EVM_2, recipient: EVM },
    { source: 'BASE', destination: 'SOL', amount: '1000', trader: EVM, tokenIn: EVM_2, tokenOut: SOL_MINT, recipient: SOL_WALLET },
  ],
  'bridge.execute': [
    { trade: EVM_TX, sourceChain: 'BASE', requestId: HASH, approve: EVM_TX },
    { trade: SOL_TX, sourceChain: 'SOL', requestId: HASH },
  ],
  'bridge.status': [{ requestId: HASH }],
  'v2.track': [{ chain: 'BASE', txHash: HASH, quoteId: 'q_1' }],
  'v2.history': [
    { wallet: EVM, chain: 'BASE', limit: '20' },
    { wallet: SOL_WALLET, chain: 'SOL' },
  ],
};

/**
 * Where the document admits what the validator refuses, and why that is left: the interface lists SOL among
 * pool-info's chains, and the validator answers that pool-info is EVM only.
 */
const KNOWN_GAPS: ReadonlyArray<{ procedure: string; field: string; value: unknown; why: string }> = [
  { procedure: 'v1.poolInfo', field: 'chain', value: 'SOL', why: 'pool-info is EVM only; the interface lists SOL among its chains' },
];

interface FieldSchema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  anyOf?: FieldSchema[];
}

interface DocumentedField {
  name: string;
  required: boolean;
  schema: FieldSchema;
}

const document = buildOpenApiDocument({ version: 'test' }) as unknown as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; required?: boolean; schema: FieldSchema }[];
        requestBody?: { content: Record<string, { schema: FieldSchema & { $ref?: string; properties?: Record<string, FieldSchema>; required?: string[] } }> };
      }
    >
  >;
  components: { schemas: Record<string, { properties?: Record<string, FieldSchema>; required?: string[] }> };
};

function documentedFields(endpoint: Endpoint): DocumentedField[] {
  const operation = document.paths[endpoint.paths[0]!]![endpoint.method.toLowerCase()]!;
  if (endpoint.method === 'GET') {
    return (operation.parameters ?? []).map((parameter) => ({ name: parameter.name, required: parameter.required === true, schema: parameter.schema }));
  }
  let body = operation.requestBody!.content['application/json']!.schema as { $ref?: string; properties?: Record<string, FieldSchema>; required?: string[] };
  if (body.$ref) body = document.components.schemas[body.$ref.split('/').at(-1)!]!;
  return Object.entries(body.properties ?? {}).map(([name, schema]) => ({ name, required: (body.required ?? []).includes(name), schema }));
}

/** Whether the documented schema admits a value (as sent: query text is read as the documented type). */
function documentAdmits(schema: FieldSchema, value: unknown, asText: boolean): boolean {
  if (schema.anyOf && !schema.anyOf.some((option) => documentAdmits({ type: schema.type, ...option }, value, asText))) return false;
  if (schema.enum) return schema.enum.includes(value);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const number = asText && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      if (typeof number !== 'number' || (schema.type === 'integer' && !Number.isInteger(number))) return false;
      if (schema.minimum !== undefined && number < schema.minimum) return false;
      if (schema.maximum !== undefined && number > schema.maximum) return false;
      return schema.exclusiveMinimum === undefined || number > schema.exclusiveMinimum;
    }
    case 'boolean':
      return asText ? value === 'true' || value === 'false' : typeof value === 'boolean';
    case 'string': {
      if (typeof value !== 'string') return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
      return schema.pattern === undefined || new RegExp(schema.pattern, 'u').test(value);
    }
    default:
      throw new Error(`documentAdmits: no rule for type ${String(schema.type)}`);
  }
}

/** Whether the validator takes `value` in `field` in at least one of the endpoint's valid requests. */
function validatorAdmits(endpoint: Endpoint, field: string, value: unknown): boolean {
  return VALID[endpoint.procedure]!.some((request) => {
    const result = (endpoint.input as z.ZodType).safeParse({ ...request, [field]: value });
    return result.success || !result.error.issues.some((issue) => issue.path[0] === field);
  });
}

/** The values to try in a field: its bounds and one past them, its enum and the names beside it, a corpus of texts. */
function probes(schema: FieldSchema, asText: boolean, valid: readonly unknown[]): unknown[] {
  const send = (value: number | boolean) => (asText ? String(value) : value);
  if (schema.enum) {
    const names = [...CHAIN_IDS, ...Object.keys(V1_CHAIN_ALIASES), 'BUY', 'SELL', 'LOW', 'MEDIUM', 'HIGH', 'INSTANT'];
    return [...schema.enum, ...names, ...names.map((name) => name.toLowerCase()), '', 'NOPE'];
  }
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const ranges = schema.anyOf ?? [schema];
      const bounds = ranges.flatMap((range) => [range.minimum, range.maximum, range.exclusiveMinimum]).filter((bound): bound is number => bound !== undefined);
      const around = bounds.flatMap((bound) => [bound - 1, bound, bound + 1, bound + 0.5, bound + 0.001]);
      return [...around, -1, 0, 1, 1e6].map(send);
    }
    case 'boolean':
      return asText ? ['true', 'false', 'maybe', 'yes', ''] : [true, false, 'maybe', 1];
    case 'string': {
      const max = schema.maxLength ?? 256;
      return [
        ...valid,
        '',
        '0',
        '00',
        '1',
        '01',
        '-1',
        '1.5',
        '1e3',
        'abc',
        'a b',
        '50%',
        '0%',
        '00.0%',
        '0.0001%',
        '0.00001%',
        '100%',
        '100.5%',
        '101%',
        '99.9999%',
        '1'.repeat(78),
        '1'.repeat(79),
        'a'.repeat(max),
        'a'.repeat(max + 1),
        EVM,
        EVM.toLowerCase(),
        `0x${EVM.slice(2).toUpperCase()}`,
        EVM.slice(0, 41),
        `${EVM}0`,
        `0x${'g'.repeat(40)}`,
        NATIVE,
        HASH,
        `${HASH}0`,
        SOL_MINT,
        SOL_WALLET,
        `${SOL_WALLET.slice(0, 31)}`,
        `${SOL_WALLET}1`.padEnd(45, '1'),
        `0${SOL_WALLET.slice(1)}`,
        EVM_TX,
        SOL_TX,
        '0x02ab',
        '0x',
        'q_1',
        'q 1',
        '["BASE","ARB"]',
        'BASE,ARB',
        'BASE,',
        '[]',
        '["NOPE"]',
        `[${Array.from({ length: 16 }, () => '"BASE"').join(',')}]`,
        Array.from({ length: 15 }, () => 'ETH').join(','),
      ];
    }
    default:
      throw new Error(`probes: no rule for type ${String(schema.type)}`);
  }
}

const gap = (procedure: string, field: string, value: unknown) =>
  KNOWN_GAPS.some((known) => known.procedure === procedure && known.field === field && known.value === value);

describe('the OpenAPI document and the validators', () => {
  it('has valid requests for every endpoint, and they pass', () => {
    for (const endpoint of ENDPOINTS) {
      expect(VALID[endpoint.procedure], endpoint.procedure).toBeDefined();
      for (const request of VALID[endpoint.procedure]!) {
        const result = (endpoint.input as z.ZodType).safeParse(request);
        expect(result.success, `${endpoint.procedure} ${JSON.stringify(request)}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
      }
    }
  });

  it.each(ENDPOINTS.map((endpoint) => [endpoint.procedure, endpoint] as const))(
    '%s: every field admits exactly what the document says',
    (procedure, endpoint) => {
      const asText = endpoint.method === 'GET';
      const fields = documentedFields(endpoint);
      expect(fields.map((field) => field.name).sort()).toEqual(Object.keys((endpoint.input as z.ZodObject).shape).sort());
      const disagreements: string[] = [];
      for (const { name, schema } of fields) {
        const valid = VALID[procedure]!.map((request) => request[name]).filter((value) => value !== undefined);
        for (const value of probes(schema, asText, valid)) {
          const documented = documentAdmits(schema, value, asText);
          if (documented !== validatorAdmits(endpoint, name, value) && !gap(procedure, name, value)) {
            disagreements.push(`${name}=${JSON.stringify(value).slice(0, 60)}: the document ${documented ? 'admits' : 'refuses'} it, the validator does not`);
          }
        }
      }
      expect(disagreements).toEqual([]);
    },
  );

  it.each(ENDPOINTS.map((endpoint) => [endpoint.procedure, endpoint] as const))(
    '%s: a required field is needed by every request, an optional one may be left out of one',
    (procedure, endpoint) => {
      for (const { name, required } of documentedFields(endpoint)) {
        const leftOut = VALID[procedure]!.map((request) => {
          const { [name]: _dropped, ...rest } = request;
          return (endpoint.input as z.ZodType).safeParse(rest).success;
        });
        expect(leftOut.some(Boolean), `${name} is documented ${required ? 'required' : 'optional'}`).toBe(!required);
      }
    },
  );

  it('every known gap is still one (a gap closed is taken off the list)', () => {
    for (const known of KNOWN_GAPS) {
      const endpoint = ENDPOINTS.find((candidate) => candidate.procedure === known.procedure)!;
      const schema = documentedFields(endpoint).find((field) => field.name === known.field)!.schema;
      expect(documentAdmits(schema, known.value, endpoint.method === 'GET'), known.why).not.toBe(validatorAdmits(endpoint, known.field, known.value));
    }
  });
});

describe('the document and the fee model', () => {
  it.each([
    ['v1.quote', 'v1'],
    ['v2.quote', 'v2'],
  ] as const)('%s: every fee the document admits is one the fee model splits, and no other', (procedure, version) => {
    const endpoint = ENDPOINTS.find((candidate) => candidate.procedure === procedure)!;
    const schema = documentedFields(endpoint).find((field) => field.name === 'fee')!.schema;
    const splits = (fee: number) => {
      try {
        feeSplit(version, fee);
        return true;
      } catch {
        return false;
      }
    };
    const disagreements: number[] = [];
    for (let fee = -1; fee <= 10_001; fee++) if (documentAdmits(schema, fee, false) !== splits(fee)) disagreements.push(fee);
    expect(disagreements.slice(0, 10)).toEqual([]);
  });
});
